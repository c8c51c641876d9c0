import Foundation
import Testing
import TriviaApp

/// The game's rules: marks, score, and stale or repeated taps ignored.
@Suite("Trivia: game rules")
struct TriviaGameTests {
    /// Three questions whose right answers are 1, 2 and 0.
    static func questions() throws -> TriviaQuestions {
        let data = try QuestionsFileTests.document([
            QuestionsFileTests.question(0, ["correct_answer": 1]),
            QuestionsFileTests.question(1, ["correct_answer": 2]),
            QuestionsFileTests.question(2, ["correct_answer": 0]),
        ])
        return try TriviaQuestions.decode(data, file: "test.json")
    }

    @Test func aWrongAnswerIsMarkedAndTheQuestionStaysOpen() throws {
        var game = TriviaGame(questions: try Self.questions())
        #expect(game.answer(0, toQuestion: 0) == .wrong)
        #expect(game.mark(ofAnswer: 0) == .wrong)
        #expect(game.mark(ofAnswer: 0).accessibilityValue == "Wrong answer")
        #expect(game.mark(ofAnswer: 1) == .unmarked)
        #expect(!game.isAnswered)
        #expect(game.next(fromQuestion: 0) == false, "moved on before the right answer")
        #expect(game.questionIndex == 0)
        #expect(game.answer(1, toQuestion: 0) == .correct)
        #expect(game.isAnswered)
        #expect(game.mark(ofAnswer: 1) == .correct)
        #expect(game.mark(ofAnswer: 1).accessibilityValue == "Correct answer")
        #expect(game.mark(ofAnswer: 0) == .wrong)
        #expect(game.mark(ofAnswer: 2) == .unmarked)
        #expect(game.score == 0, "a question answered after a wrong tap scores nothing")
    }

    @Test func theScoreCountsQuestionsAnsweredRightOnTheFirstTap() throws {
        var game = TriviaGame(questions: try Self.questions())
        #expect(game.answer(1, toQuestion: 0) == .correct)
        #expect(game.next(fromQuestion: 0) == true)
        #expect(game.answer(0, toQuestion: 1) == .wrong)
        #expect(game.answer(1, toQuestion: 1) == .wrong)
        #expect(game.answer(2, toQuestion: 1) == .correct)
        #expect(game.next(fromQuestion: 1) == true)
        #expect(game.answer(0, toQuestion: 2) == .correct)
        #expect(!game.isFinished)
        #expect(game.next(fromQuestion: 2) == true)
        #expect(game.isFinished)
        #expect(game.currentQuestion == nil)
        #expect(game.score == 2)
    }

    @Test func staleAndRepeatedTapsAreIgnored() throws {
        var game = TriviaGame(questions: try Self.questions())
        #expect(game.answer(1, toQuestion: 1) == .ignored, "an answer to a question not showing")
        #expect(game.answer(3, toQuestion: 0) == .ignored, "an answer that does not exist")
        #expect(game.answer(-1, toQuestion: 0) == .ignored)
        #expect(game.answer(0, toQuestion: 0) == .wrong)
        #expect(game.answer(0, toQuestion: 0) == .ignored, "the same wrong answer twice")
        #expect(game.answer(1, toQuestion: 0) == .correct)
        #expect(game.answer(1, toQuestion: 0) == .ignored, "the right answer twice")
        #expect(game.answer(2, toQuestion: 0) == .ignored, "an answer after the right one")
        #expect(game.next(fromQuestion: 0) == true)
        #expect(game.next(fromQuestion: 0) == false, "a repeated Next skipped a question")
        #expect(game.answer(1, toQuestion: 0) == .ignored, "an answer to the previous question")
        #expect(game.questionIndex == 1)
        #expect(game.wrongAnswers.isEmpty)
        #expect(game.restart() == false, "restarted before the end")
        #expect(game.questionIndex == 1)
    }

    @Test func restartingFromTheResultStartsAgainWithNoScore() throws {
        var game = TriviaGame(questions: try Self.questions())
        for (index, question) in game.questions.all.enumerated() {
            game.answer(question.correctAnswer, toQuestion: index)
            game.next(fromQuestion: index)
        }
        #expect(game.score == 3)
        #expect(game.restart() == true)
        #expect(game == TriviaGame(questions: game.questions))
        #expect(game.currentQuestion == game.questions.all.first)
    }

    @Test func progressAndScoreTexts() {
        #expect(TriviaGame.progressText(questionIndex: 2, of: 10) == "Question 3 of 10")
        #expect(TriviaGame.scoreText(7, of: 10) == "You scored 7 of 10")
    }
}
