import Foundation
import LabTesting
import Testing
import TriviaApp
import UIAutomation

/// Launches Movie Trivia (the bundled questions unless `app` is given) with fresh state — a
/// new server and a new browser context — runs `body`, and always terminates it.
///
/// Write the closure as `{ (app) async throws in … }` (Swift 6.3 infers a closure whose
/// only `try`s are inside `#expect` as non-throwing).
func withTriviaApp(_ trivia: TriviaApp? = nil, _ body: (Application) async throws -> Void) async throws {
    try await withLabApp(try trivia ?? TriviaApp(), body)
}

/// The screens as queries, XCUITest page-object style (by identifier only).
extension Application {
    func identified(_ query: ElementQuery, _ identifier: String) -> Element { query.matching(identifier: identifier).element }
    var questionTitle: Element { identified(staticTexts, TriviaIdentifiers.questionTitle) }
    var questionProgress: Element { identified(staticTexts, TriviaIdentifiers.questionProgress) }
    func answerButton(_ index: Int) -> Element { identified(buttons, TriviaIdentifiers.answers[index]) }
    var nextButton: Element { identified(buttons, TriviaIdentifiers.nextQuestion) }
    var scoreLabel: Element { identified(staticTexts, TriviaIdentifiers.scoreLabel) }
    var restartButton: Element { identified(buttons, TriviaIdentifiers.restartQuiz) }
}

/// A question as the test bundle's `TriviaQuestions.json` has it (read with
/// `JSONSerialization`, like the seed, not with the app's loader).
struct QuizQuestion: Sendable, CustomStringConvertible {
    let title: String
    let answers: [String]
    let correctAnswer: Int

    var wrongAnswers: [Int] { answers.indices.filter { $0 != correctAnswer } }
    var description: String { title }

    /// The questions in the test bundle's copy of the file.
    static func all() throws -> [QuizQuestion] {
        let url = try #require(Bundle.module.url(forResource: "TriviaQuestions", withExtension: "json"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let items = try #require(json?["questions"] as? [[String: Any]])
        return try items.map { item in
            QuizQuestion(
                title: try #require(item["title"] as? String),
                answers: try ["answer_a", "answer_b", "answer_c"].map { try #require(item[$0] as? String) },
                correctAnswer: try #require(item["correct_answer"] as? Int)
            )
        }
    }
}

/// Shared checks.
enum Quiz {
    /// Checks that `question` (number `index + 1` of `total`) shows, unanswered.
    static func expectQuestion(_ app: Application, _ question: QuizQuestion, index: Int, of total: Int) async throws {
        // Read into lets first, so a failure shows the values.
        let progress = try await app.questionProgress.label
        #expect(progress == TriviaGame.progressText(questionIndex: index, of: total))
        let title = try await app.questionTitle.label
        #expect(title == question.title)
        for (answer, text) in question.answers.enumerated() {
            let button = try await app.answerButton(answer).snapshot()
            #expect(button.label == text, "answer \(answer) of \(question)")
            #expect(button.isEnabled, "answer \(answer) of \(question)")
            #expect(button.value == nil, "answer \(answer) of \(question) is marked")
        }
        #expect(try await !app.nextButton.exists, "Next shows on an unanswered question")
    }
}
