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
        static let folder: String? = {
            guard ProcessInfo.processInfo.environment["LAB_WRITE_SCREENSHOTS"] == "1" else { return nil }
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            return root.appendingPathComponent("docs/screenshots").path
        }()

        func shoot(_ app: Application, _ name: String) async throws {
            let screenshot = try await app.screenshot()
            #expect(Array(screenshot.pngData.prefix(4)) == [0x89, 0x50, 0x4E, 0x47], "\(name) is not a PNG")
            if let folder = Self.folder {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try screenshot.write(to: folder + "/trivia-" + name + ".png")
            }
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
            var dark = Configuration()
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
