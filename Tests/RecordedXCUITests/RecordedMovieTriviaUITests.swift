// Recorded with `lab record` from Movie Trivia (lab app "trivia").
// The test target names the app in its UITestTarget: TargetApplication(bundleIdentifier: "org.automationlab.trivia") { LabAppHost(app: try TriviaApp()) }
import XCTest
import XCUIAutomation

final class RecordedMovieTriviaUITests: XCTestCase {
    func testRecordedJourney() {
        let app = XCUIApplication(bundleIdentifier: "org.automationlab.trivia")
        app.launch()
        XCTAssertTrue(app.staticTexts["QuestionTitle"].wait(for: \.label, toEqual: "Who directed Jaws (1975)?", timeout: 5))
        app.buttons["AnswerA"].tap()
        app.buttons["AnswerC"].tap()
        app.buttons["AnswerB"].tap()
        app.buttons["NextQuestion"].tap()
        XCTAssertTrue(app.staticTexts["QuestionTitle"].wait(for: \.label, toEqual: "What color are Dorothy's slippers in The Wizard of Oz (1939)?", timeout: 5))
    }
}
