import Synchronization

/// What UIAutomation needs from the test libraries (Swift Testing, XCTest): which test is
/// running, and the observers that hand a failure's files to that test. UIAutomation itself
/// links neither library (a command-line tool built on it does not load them); the
/// UIAutomationTesting module implements this and registers it (``TestLibraryRegistry/register(_:)``)
/// as the process loads it, so a test target that links it needs no call.
package protocol TestLibraryBridge: Sendable {
    /// The test running the current task, if a test library is running one.
    static var currentTest: TestIdentity? { get }
    /// Observers added to every process's default ones (e.g. Swift Testing attachments).
    static var defaultObservers: [any StepObserver] { get }
    /// Called at the start of every `Application.launch`: the test process's own set-up
    /// (UIAutomationTesting starts its pool-stall watch, when the environment asks for it).
    static func applicationWillLaunch()
}

/// The test libraries' bridge, once a module has registered one.
package enum TestLibraryRegistry {
    private static let registered = Mutex<(any TestLibraryBridge.Type)?>(nil)

    /// Makes `bridge` the one UIAutomation asks (UIAutomationTesting registers itself when the
    /// process loads it; a later registration replaces an earlier one).
    package static func register(_ bridge: any TestLibraryBridge.Type) {
        registered.withLock { $0 = bridge }
    }

    /// The registered bridge (UIAutomationTesting's, when it is linked into the process).
    static var bridge: (any TestLibraryBridge.Type)? { registered.withLock { $0 } }
}
