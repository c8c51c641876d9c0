import XCUIAutomation

/// The target application of this UI test target, as an Xcode UI test target names one: the
/// package's own TodoServer, started fresh for every launch on a free port.
enum UITestTarget: UITestTargetConfiguration {
    static let applications = [
        TargetApplication.swiftProduct("TodoServer", arguments: ["--port", "{port}"], bundleIdentifier: "org.example.todo")
    ]
}
