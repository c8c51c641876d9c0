import LabTesting
import TriviaApp
import XCUIAutomation

/// This test target's "Target Application", as an Xcode UI test target names one: the Movie
/// Trivia lab app, a fresh server and state for every launch. `XCUIApplication()` in this
/// target's files means it.
enum UITestTarget: UITestTargetConfiguration {
    static let applications = [
        TargetApplication(bundleIdentifier: "org.automationlab.trivia", configuration: .lab) { LabAppHost(app: try TriviaApp()) }
    ]
    /// The seed's setUp sets XCTest's `continueAfterFailure = false`, which Linux XCTest ignores;
    /// this is where XCUIAutomation reads it.
    static let continueAfterFailure = false
}
