import Testing
import TriviaApp
import UIAutomation

extension TriviaJourneys {
    @Suite("Trivia: the whole quiz")
    struct WholeQuizTests {
        /// Every other question (the 1st, 3rd, …) gets every wrong answer tapped before the
        /// right one; the others get the right one first.
        static func tapsWrongFirst(_ index: Int) -> Bool { index % 2 == 0 }

        @Test func playingEveryQuestionFromTheDataScoresFirstTapsAndRestartingStartsAfresh() async throws {
            let questions = try QuizQuestion.all()
            let total = questions.count
            let expectedScore = questions.indices.filter { !Self.tapsWrongFirst($0) }.count
            #expect(total >= 2 && expectedScore > 0 && expectedScore < total, "the data cannot tell scores apart")

            try await withTriviaApp { (app) async throws in
                for (index, question) in questions.enumerated() {
                    try await Quiz.expectQuestion(app, question, index: index, of: total)
                    if Self.tapsWrongFirst(index) {
                        for wrong in question.wrongAnswers {
                            try await app.answerButton(wrong).tap()
                            let tapped = app.answerButton(wrong)
                            #expect(try await tapped.value == TriviaGame.AnswerMark.wrong.accessibilityValue, "\(question): answer \(wrong)")
                            #expect(try await !tapped.isEnabled, "\(question): wrong answer \(wrong) still enabled")
                            #expect(try await !app.nextButton.exists, "\(question): Next shows after a wrong answer")
                        }
                        let right = app.answerButton(question.correctAnswer)
                        #expect(try await right.isEnabled, "\(question): the right answer was disabled")
                        #expect(try await right.value == nil, "\(question): the right answer was marked")
                    }
                    try await app.answerButton(question.correctAnswer).tap()
                    #expect(try await app.answerButton(question.correctAnswer).value == TriviaGame.AnswerMark.correct.accessibilityValue)
                    #expect(try await app.nextButton.exists, "\(question): no Next after the right answer")
                    for answer in question.answers.indices {
                        #expect(try await !app.answerButton(answer).isEnabled, "\(question): answer \(answer) enabled once answered")
                    }
                    #expect(try await app.questionTitle.label == question.title, "the question changed before Next")
                    try await app.nextButton.tap()
                }

                #expect(try await app.scoreLabel.label == TriviaGame.scoreText(expectedScore, of: total))
                #expect(try await !app.questionTitle.exists)
                #expect(try await !app.nextButton.exists)

                // Restart: question 1 again, unanswered; a perfect round then scores total of
                // total, which a score carried over from the first round would exceed.
                try await app.restartButton.tap()
                #expect(try await !app.scoreLabel.exists)
                for (index, question) in questions.enumerated() {
                    try await Quiz.expectQuestion(app, question, index: index, of: total)
                    try await app.answerButton(question.correctAnswer).tap()
                    try await app.nextButton.tap()
                }
                #expect(try await app.scoreLabel.label == TriviaGame.scoreText(total, of: total))
            }
        }
    }
}
