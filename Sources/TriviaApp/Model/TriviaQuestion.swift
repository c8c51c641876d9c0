/// One question of the quiz: a title, three answers and which one is right.
public struct TriviaQuestion: Sendable, Equatable {
    /// The question (`"Who directed Jaws (1975)?"`).
    public let title: String
    /// The three answers, in the file's order: `answer_a`, `answer_b`, `answer_c`.
    public let answers: [String]
    /// The index in ``answers`` of the right one: 0, 1 or 2.
    public let correctAnswer: Int

    /// Made by ``TriviaQuestions`` only, after checking the file: three distinct answers,
    /// `correctAnswer` in range.
    init(title: String, answers: [String], correctAnswer: Int) {
        self.title = title
        self.answers = answers
        self.correctAnswer = correctAnswer
    }
}
