import Foundation
import UIAutomation
import Synchronization
import XCTest

/// Knows which XCTest case is running, for ``TestIdentity/current``, and runs what must end
/// with it (``atTestEnd(_:)``): an observer added to XCTest the first time a step is recorded
/// outside a Swift Testing test or an expectation polls. XCTest runs one case at a time, so
/// "the case that started last and has not finished" is the current one.
///
/// The observer can only be added once a test is already running; the case running then is
/// learnt when it finishes, so steps recorded before that are attributed to no test.
final class XCTestTracker: NSObject, XCTestObservation, @unchecked Sendable {
    private struct State {
        var registered = false
        var current: TestIdentity?
        var cleanups: [@Sendable () -> Void] = []
    }

    private static let state = Mutex(State())
    private static let shared = XCTestTracker()

    /// The XCTest case running now, registering the observer on first use.
    static var currentTest: TestIdentity? {
        register()
        return state.withLock { $0.current }
    }

    /// Runs `cleanup` when the running XCTest case finishes.
    static func atTestEnd(_ cleanup: @escaping @Sendable () -> Void) {
        register()
        state.withLock { $0.cleanups.append(cleanup) }
    }

    private static func register() {
        let registered = state.withLock { state -> Bool in
            defer { state.registered = true }
            return state.registered
        }
        if !registered { XCTestObservationCenter.shared.addTestObserver(shared) }
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        let identity = Self.identity(of: testCase)
        Self.state.withLock { $0.current = identity }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        let cleanups = Self.state.withLock { state in
            defer {
                state.current = nil
                state.cleanups = []
            }
            return state.cleanups
        }
        for cleanup in cleanups { cleanup() }
    }

    /// `Module.Class` and `testMethod`, as XCTest's JUnit output names the case.
    static func identity(of testCase: XCTestCase) -> TestIdentity {
        let suite = String(reflecting: type(of: testCase))
        var name = testCase.name
        if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
        if name.hasSuffix("]") { name.removeLast() }
        return TestIdentity(library: .xctest, suite: suite, name: name)
    }
}
