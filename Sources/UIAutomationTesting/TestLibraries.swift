import Testing
package import UIAutomation

/// UIAutomation's view of the test libraries (see `TestLibraryBridge`): the Swift Testing test
/// running the current task, else the XCTest case running now; and Swift Testing attachments
/// for a failure's screenshot and tree. Registered with UIAutomation as the process loads this
/// module (``registerTestLibraries()``).
package enum TestLibraries: TestLibraryBridge {
    package static var currentTest: TestIdentity? {
        if let test = Test.current {
            let components = test.id.nameComponents
            let suite = ([test.id.moduleName] + components.dropLast()).joined(separator: ".")
            return TestIdentity(library: .swiftTesting, suite: suite, name: components.last ?? test.name,
                                displayName: test.displayName)
        }
        return XCTestTracker.currentTest
    }

    package static var defaultObservers: [any StepObserver] { [TestAttachmentsObserver()] }

    /// Starts the pool-stall watch (once per process, when `LAB_POOL_STALL_WATCH=1` or
    /// `LAB_POOL_STALL_DUMP` asks for it).
    package static func applicationWillLaunch() { PoolStallWatch.startOnce() }
}

/// Registers ``TestLibraries`` with UIAutomation: called by the UIAutomationTestingLoader
/// target's constructor (loader.c) as the process loads this module, before `main`.
@_cdecl("lab_uiautomation_testing_register")
package func registerTestLibraries() {
    TestLibraryRegistry.register(TestLibraries.self)
}
