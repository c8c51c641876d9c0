public import Testing
import UIAutomation

/// A Swift Testing trait that reports a failed UIAutomation call at the line that made it, and
/// terminates the apps a test launched when it ends.
///
/// Swift Testing records an error a test throws at the test's own declaration. With this trait
/// on a test or a suite, a `UIAutomationError` that carries a
/// `CallSite` (every action, wait and expectation records where it was called)
/// is recorded instead as an issue at that call's file and line, so the console and the IDE
/// point at the failing `tap()` rather than at `@Test`. Other errors pass through unchanged.
///
/// Every app the test launched and did not terminate is terminated when it ends, passed or
/// failed, as XCUITest does (`Application.terminatingLaunchedApps(_:)`): a process target's
/// server is gone before the next test starts.
///
/// ```swift
/// @Suite(.uiAutomation)
/// struct FavoritesTests {
///     @Test func favouriting() async throws {
///         try await app.buttons["Lion"].tap()   // a failure is reported at this line
///     }
/// }
/// ```
public struct UIAutomationTrait: TestTrait, SuiteTrait, TestScoping {
    /// The trait; usually written `.uiAutomation`.
    public init() {}

    /// Applies to every test of a suite it is on.
    public var isRecursive: Bool { true }

    /// Each test case runs in the scope; a suite as a whole does not.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        do {
            try await Application.terminatingLaunchedApps { try await function() }
        } catch let error as UIAutomationError {
            guard let site = error.callSite else { throw error }
            Issue.record(error, sourceLocation: Self.sourceLocation(of: site))
        }
    }

    /// Swift Testing's location for `site`. Its `fileID` (`Module/File.swift`) is not known
    /// from a path alone: the module is taken to be the folder under `Tests/` or `Sources/`, as
    /// SwiftPM lays targets out, else the file's own folder.
    static func sourceLocation(of site: CallSite) -> SourceLocation {
        let folders = site.filePath.split(separator: "/").dropLast().map(String.init)
        let root = folders.lastIndex { $0 == "Tests" || $0 == "Sources" }
        let module = root.flatMap { folders.indices.contains($0 + 1) ? folders[$0 + 1] : nil } ?? folders.last ?? "Tests"
        return SourceLocation(fileID: module + "/" + site.fileName, filePath: site.filePath, line: max(site.line, 1), column: 1)
    }
}

extension Trait where Self == UIAutomationTrait {
    /// Reports a failed UIAutomation call at the line that made it (see ``UIAutomationTrait``).
    public static var uiAutomation: Self { Self() }
}
