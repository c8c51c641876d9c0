import LabTesting
import TogglesApp
import XCUIAutomation

/// This test target's "Target Application": the Toggles lab app, fresh for every launch.
enum UITestTarget: UITestTargetConfiguration {
    static let applications = [
        TargetApplication(bundleIdentifier: "org.automationlab.toggles", configuration: .lab) { LabAppHost(app: TogglesApp()) }
    ]
}
