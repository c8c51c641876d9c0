public import Foundation
import StepRecords
#if canImport(Testing)
import Testing
#endif

/// Which test a step belongs to: the Swift Testing test running the current task
/// (`Test.current`), else the XCTest case running now, else one set with
/// ``TestIdentity/withCurrent(_:_:)``-style override, else none. Named as the test libraries
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
        #if canImport(Testing)
        if let test = Test.current {
            let components = test.id.nameComponents
            let suite = ([test.id.moduleName] + components.dropLast()).joined(separator: ".")
            return TestIdentity(library: .swiftTesting, suite: suite, name: components.last ?? test.name,
                                displayName: test.displayName)
        }
        #endif
        #if canImport(XCTest)
        return XCTestTracker.currentTest
        #else
        return nil
        #endif
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
