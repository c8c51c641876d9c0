import AnimalsApp
import LabTesting
import XCUIAutomation

/// This test target's "Target Application": Automation Animals, fresh for every launch.
enum UITestTarget: UITestTargetConfiguration {
    static let applications = [
        TargetApplication(bundleIdentifier: "org.automationlab.animals", configuration: .lab) { LabAppHost(app: AnimalsApp()) }
    ]
}
