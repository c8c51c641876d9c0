import Foundation
import StepRecords

/// Which test a step belongs to: one set with ``TestIdentity/withCurrent(_:_:)``, else the
/// Swift Testing test running the current task, else the XCTest case running now, else none.
/// The test libraries are asked through the UIAutomationTesting module: a test target that
/// records steps per test depends on it. Named as the test libraries
/// name tests in their JUnit output (`suite` is the `classname`), so a report can join the
/// steps to the outcomes `swift test --xunit-output` writes.
public struct TestIdentity: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The library that runs the test.
    public enum Library: String, Sendable, Codable {
        case swiftTesting = "swift-testing"
        case xctest
        /// Set by the caller (``withCurrent(_:_:)``).
        case custom
    }

    /// The library that runs the test.
    public let library: Library
    /// The module and suite path, e.g. `AnimalsUITests.FavoritingTests` (JUnit's `classname`).
    public let suite: String
    /// The test function, e.g. `favouritingShowsAStar()` or `testLaunch` (JUnit's `name`).
    public let name: String
    /// The display name given in `@Test("…")`, if any.
    public let displayName: String?

    /// A test named as its library's JUnit output names it.
    public init(library: Library, suite: String, name: String, displayName: String? = nil) {
        self.library = library
        self.suite = suite
        self.name = name
        self.displayName = displayName
    }

    /// `suite/name`: unique within a run.
    public var id: String { suite + "/" + name }

    public var description: String { id }

    /// A folder name for the test's files: readable, safe in any file system, and unique per
    /// test (a hash of ``id`` follows the readable part, which is cut to 80 characters).
    public var folderName: String { key.folderName }

    /// The test as the report's records name it.
    var key: TestKey { TestKey(library: library.rawValue, suite: suite, name: name, displayName: displayName) }

    // MARK: The current test

    @TaskLocal static var override: TestIdentity?

    /// The test running the current task, if any (see the type's documentation).
    public static var current: TestIdentity? {
        if let override { return override }
        return TestLibraryRegistry.bridge?.currentTest
    }

    /// Runs `body` with `identity` as the current test: for a harness of your own, or to
    /// record steps under a name of your choosing.
    public static func withCurrent<T>(_ identity: TestIdentity, _ body: () async throws -> T) async rethrows -> T {
        try await $override.withValue(identity) { try await body() }
    }

    /// Runs the synchronous `body` with `identity` (when not `nil`) as the current test.
    public static func withCurrentSync<T>(_ identity: TestIdentity?, _ body: () throws -> T) rethrows -> T {
        guard let identity else { return try body() }
        return try $override.withValue(identity) { try body() }
    }
}
