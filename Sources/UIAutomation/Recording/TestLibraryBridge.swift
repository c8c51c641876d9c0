/// What UIAutomation needs from the test libraries (Swift Testing, XCTest): which test is
/// running, and the observers that hand a failure's files to that test. UIAutomation itself
/// links neither library (a command-line tool built on it does not load them); the
/// UIAutomationTesting module implements this, and when it is in the process UIAutomation
/// finds it by name, as it finds RemoteBrowsers.
package protocol TestLibraryBridge: Sendable {
    /// The test running the current task, if a test library is running one.
    static var currentTest: TestIdentity? { get }
    /// Observers added to every process's default ones (e.g. Swift Testing attachments).
    static var defaultObservers: [any StepObserver] { get }
    /// Called at the start of every `Application.launch`: the test process's own set-up
    /// (UIAutomationTesting starts its pool-stall watch, when the environment asks for it).
    static func applicationWillLaunch()
}

enum TestLibraries {
    /// `UIAutomationTesting.TestLibraries`, when that module is linked into the process.
    static let bridge: (any TestLibraryBridge.Type)? =
        _typeByName("19UIAutomationTesting13TestLibrariesO") as? any TestLibraryBridge.Type
}
