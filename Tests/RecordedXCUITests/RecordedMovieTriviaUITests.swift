// Recorded with `lab record` from Movie Trivia (lab app "trivia").
// The test target names the app in its UITestTarget: TargetApplication(bundleIdentifier: "org.automationlab.trivia") { LabAppHost(app: try TriviaApp()) }
import XCTest
import XCUIAutomation

final class RecordedMovieTriviaUITests: XCTestCase {
    func testRecordedJourney() {
        let app = XCUIApplication(bundleIdentifier: "org.automationlab.trivia")
        app.launch()
        XCTAssertEqual(app.staticTexts["QuestionTitle"].label, "Who directed Jaws (1975)?")
        app.buttons["AnswerA"].tap()
        app.buttons["AnswerC"].tap()
        app.buttons["AnswerB"].tap()
        app.buttons["NextQuestion"].tap()
        XCTAssertEqual(app.staticTexts["QuestionTitle"].label, "What color are Dorothy's slippers in The Wizard of Oz (1939)?")
    }
}
