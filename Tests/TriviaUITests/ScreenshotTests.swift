import Foundation
import LabTesting
import Testing
import TriviaApp
import UIAutomation

extension TriviaJourneys {
    /// Takes a screenshot of every state of the screen with the framework. With
    /// `LAB_WRITE_SCREENSHOTS=1` they are written to `docs/screenshots/trivia-*.png`;
    /// otherwise only checked to be PNGs, so ordinary runs leave the repository clean.
    @Suite("Trivia: screenshots")
    struct ScreenshotTests {
        func shoot(_ app: Application, _ name: String) async throws {
            #expect(try await DocumentationScreenshots.shoot(app, "trivia-" + name).isPNG, "\(name) is not a PNG")
        }

        @Test func everyState() async throws {
            let questions = try QuizQuestion.all()
            let first = try #require(questions.first)
            try await withTriviaApp { (app) async throws in
                try await shoot(app, "question")
                try await app.answerButton(first.wrongAnswers[0]).tap()
                try await shoot(app, "wrong")
                try await app.answerButton(first.correctAnswer).tap()
                try await shoot(app, "answered")
                try await app.nextButton.tap()
                for (index, question) in questions.enumerated().dropFirst() {
                    try await app.answerButton(question.correctAnswer).tap()
                    #expect(try await app.questionProgress.label == TriviaGame.progressText(questionIndex: index, of: questions.count))
                    try await app.nextButton.tap()
                }
                #expect(try await app.scoreLabel.exists)
                try await shoot(app, "result")
            }
            var dark = Configuration.lab
            dark.device.colorScheme = "dark"
            let app = Application(host: LabAppHost(app: try TriviaApp()), configuration: dark)
            try await app.launch()
            try await app.answerButton(first.wrongAnswers[1]).tap()
            try await app.answerButton(first.correctAnswer).tap()
            try await shoot(app, "answered-dark")
            await app.terminate()
        }
    }
}
