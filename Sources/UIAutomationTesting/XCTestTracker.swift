import Foundation
import UIAutomation
import Synchronization
import XCTest

/// Knows which XCTest case is running, for ``TestIdentity/current``: an observer added to
/// XCTest the first time a step is recorded outside a Swift Testing test. XCTest runs one
/// case at a time, so "the case that started last and has not finished" is the current one.
///
/// The observer can only be added once a test is already running; the case running then is
/// learnt when it finishes, so steps recorded before that are attributed to no test.
final class XCTestTracker: NSObject, XCTestObservation, @unchecked Sendable {
    private static let state = Mutex<(registered: Bool, current: TestIdentity?)>((false, nil))
    private static let shared = XCTestTracker()

    /// The XCTest case running now, registering the observer on first use.
    static var currentTest: TestIdentity? {
        let (registered, current) = state.withLock { state -> (Bool, TestIdentity?) in
            defer { state.registered = true }
            return (state.registered, state.current)
        }
        if !registered { XCTestObservationCenter.shared.addTestObserver(shared) }
        return current
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        let identity = Self.identity(of: testCase)
        Self.state.withLock { $0.current = identity }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        Self.state.withLock { $0.current = nil }
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
