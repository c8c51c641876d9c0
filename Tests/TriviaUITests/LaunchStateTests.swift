import LabTesting
import Testing
import TriviaApp
import UIAutomation

extension TriviaJourneys {
    @Suite("Trivia: launch state")
    struct LaunchStateTests {
        @Test func aNewLaunchStartsAtQuestionOneEvenAfterAnotherProgressed() async throws {
            let questions = try QuizQuestion.all()
            let app = Application(host: LabAppHost(app: try TriviaApp()), configuration: .lab)
            try await app.launch()
            for (index, question) in questions.prefix(2).enumerated() {
                try await app.answerButton(question.correctAnswer).tap()
                try await app.nextButton.tap()
                #expect(try await app.questionProgress.label == TriviaGame.progressText(questionIndex: index + 1, of: questions.count))
            }
            try await app.answerButton(questions[2].wrongAnswers[0]).tap()
            try await app.launch()  // like relaunching an iOS app: a new server, new state
            try await Quiz.expectQuestion(app, questions[0], index: 0, of: questions.count)
            await app.terminate()
        }

        @Test func twoLaunchesAtOnceDoNotShareState() async throws {
            let questions = try QuizQuestion.all()
            let first = questions[0]
            try await withTriviaApp { (one) async throws in
                try await withTriviaApp { (two) async throws in
                    try await one.answerButton(first.correctAnswer).tap()
                    try await one.nextButton.tap()
                    try await two.answerButton(first.wrongAnswers[0]).tap()
                    #expect(try await one.questionTitle.label == questions[1].title)
                    #expect(try await one.answerButton(first.wrongAnswers[0]).value == nil, "two's wrong answer marked in one")
                    #expect(try await two.questionTitle.label == first.title)
                    #expect(try await two.answerButton(first.wrongAnswers[0]).value == TriviaGame.AnswerMark.wrong.accessibilityValue)
                    #expect(try await !two.nextButton.exists, "one's answer counted in two")
                }
            }
        }
    }
}
