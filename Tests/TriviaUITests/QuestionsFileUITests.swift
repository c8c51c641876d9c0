import Foundation
import Testing
import TriviaApp
import UIAutomation

extension TriviaJourneys {
    @Suite("Trivia: questions files")
    struct QuestionsFileUITests {
        @Test func theTestBundlesQuestionsAreTheAppsQuestions() throws {
            let mine = try #require(Bundle.module.url(forResource: "TriviaQuestions", withExtension: "json"))
            let apps = try #require(TriviaQuestions.bundledFile)
            #expect(try Data(contentsOf: mine) == Data(contentsOf: apps), "Tests/TriviaUITests/Resources/TriviaQuestions.json differs from the app's")
        }

        @Test func markupInAQuestionsFileIsShownAsText() async throws {
            let question: [String: Any] = [
                "title": #"<script>document.title="x"</script> & <b>bold</b>?"#, "answer_a": "<img src=x onerror=alert(1)>",
                "answer_b": "Tom & Jerry", "answer_c": #""Quoted" 'single'"#, "correct_answer": 2,
            ]
            let data = try JSONSerialization.data(withJSONObject: ["questions": [question]])
            let questions = try TriviaQuestions.decode(data, file: "markup.json")
            try await withTriviaApp(TriviaApp(questions: questions)) { (app) async throws in
                #expect(try await app.questionTitle.label == question["title"] as? String)
                for (index, key) in ["answer_a", "answer_b", "answer_c"].enumerated() {
                    #expect(try await app.answerButton(index).label == question[key] as? String)
                }
                #expect(try await app.images.count == 0)
                // The last question's button leads to the score.
                try await app.answerButton(2).tap()
                try await app.nextButton.tap()
                #expect(try await app.scoreLabel.label == TriviaGame.scoreText(1, of: 1))
            }
        }
    }
}
