// Recorded with `lab record` from Movie Trivia (lab app "trivia").
import LabTesting
import Testing
import TriviaApp
import UIAutomation
import UIAutomationTesting

@Test(.uiAutomation) func recordedMovieTrivia() async throws {
    let app = Application(host: LabAppHost(app: try TriviaApp()))
    try await app.launch()
    #expect(try await app.staticTexts["QuestionTitle"].wait(for: \.label, toEqual: "Who directed Jaws (1975)?", timeout: 5))
    try await app.buttons["AnswerA"].tap()
    try await app.buttons["AnswerC"].tap()
    try await app.buttons["AnswerB"].tap()
    try await app.buttons["NextQuestion"].tap()
    #expect(try await app.staticTexts["QuestionTitle"].wait(for: \.label, toEqual: "What color are Dorothy's slippers in The Wizard of Oz (1939)?", timeout: 5))
    await app.terminate()
}
