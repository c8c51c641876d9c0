import AnimalsApp
import Foundation
import LabTesting
import TriviaApp
import UIAutomation
import XCUIAutomation

/// This target's applications, by the bundle identifiers the recorded files name. With
/// `LAB_RECORDED_BROKEN=1` (set only by RecorderUITests' child runs) each is served with its
/// main action ignored — favouriting, the filter's Done, a trivia answer — so the recorded
/// journeys must fail.
enum UITestTarget: UITestTargetConfiguration {
    static let broken = ProcessInfo.processInfo.environment["LAB_RECORDED_BROKEN"] == "1"

    static let applications = [
        TargetApplication(bundleIdentifier: "org.automationlab.animals", configuration: configuration) {
            LabAppHost(app: broken ? IgnoringApp(AnimalsApp(), posts: ["/favorite", "/filter", "/favorites-only"]) : AnimalsApp())
        },
        TargetApplication(bundleIdentifier: "org.automationlab.trivia", configuration: configuration) {
            LabAppHost(app: broken ? IgnoringApp(try TriviaApp(), posts: ["/answer"]) : try TriviaApp())
        },
    ]

    /// A broken app's missing element fails its tap after 3 s rather than 10: the apps are
    /// local and answer at once, and the child runs only to see the journey fail.
    static var configuration: Configuration {
        var configuration = Configuration()
        if broken { configuration.actionTimeout = .seconds(3) }
        return configuration
    }
    static let continueAfterFailure = false
}
