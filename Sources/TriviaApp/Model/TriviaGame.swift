/// One play of the quiz: which question is showing, the wrong answers tapped on it, whether
/// it has been answered, and the score (questions answered right on the first tap).
///
/// Every change names the question it is for and is ignored when that is not the current
/// one, so a stale or repeated form post (a double tap, a resubmitted page) cannot skip a
/// question or count an answer twice.
public struct TriviaGame: Sendable, Equatable {
    /// How an answer button is marked.
    public enum AnswerMark: Sendable, Equatable {
        /// Not tapped (yet).
        case unmarked
        /// Tapped and wrong: red, disabled.
        case wrong
        /// The right answer, once tapped: green.
        case correct

        /// What the button's accessibility value says (`aria-description`), if anything.
        public var accessibilityValue: String? {
            switch self {
            case .unmarked: nil
            case .wrong: "Wrong answer"
            case .correct: "Correct answer"
            }
        }
    }

    /// What a tap on an answer did.
    public enum Outcome: Sendable, Equatable {
        /// The right answer: the question is answered.
        case correct
        /// A wrong answer: marked, the question stays open.
        case wrong
        /// Nothing: not the current question, already answered, or already marked wrong.
        case ignored
    }

    /// The questions played.
    public let questions: TriviaQuestions
    /// The index of the question showing; equal to the number of questions once finished.
    public private(set) var questionIndex = 0
    /// The wrong answers tapped on the current question.
    public private(set) var wrongAnswers: Set<Int> = []
    /// Whether the current question has been answered right.
    public private(set) var isAnswered = false
    /// Questions answered right on the first tap.
    public private(set) var score = 0

    /// A new game of `questions`, at the first question.
    public init(questions: TriviaQuestions) { self.questions = questions }

    /// The question showing; `nil` once finished.
    public var currentQuestion: TriviaQuestion? {
        questions.all.indices.contains(questionIndex) ? questions.all[questionIndex] : nil
    }

    /// Whether every question has been played (the result screen shows).
    public var isFinished: Bool { questionIndex >= questions.count }

    /// How answer `answer` of the current question is marked.
    public func mark(ofAnswer answer: Int) -> AnswerMark {
        if wrongAnswers.contains(answer) { return .wrong }
        if isAnswered, answer == currentQuestion?.correctAnswer { return .correct }
        return .unmarked
    }

    /// Taps answer `answer` (0…2) of question `question`.
    @discardableResult
    public mutating func answer(_ answer: Int, toQuestion question: Int) -> Outcome {
        guard question == questionIndex, let current = currentQuestion, !isAnswered,
              current.answers.indices.contains(answer), !wrongAnswers.contains(answer) else { return .ignored }
        guard answer == current.correctAnswer else {
            wrongAnswers.insert(answer)
            return .wrong
        }
        isAnswered = true
        if wrongAnswers.isEmpty { score += 1 }
        return .correct
    }

    /// Moves on from question `question` once it is answered; `false` if it was ignored.
    @discardableResult
    public mutating func next(fromQuestion question: Int) -> Bool {
        guard question == questionIndex, isAnswered, !isFinished else { return false }
        questionIndex += 1
        wrongAnswers = []
        isAnswered = false
        return true
    }

    /// Starts again at the first question with a score of 0, from the result screen only;
    /// `false` if it was ignored.
    @discardableResult
    public mutating func restart() -> Bool {
        guard isFinished else { return false }
        self = TriviaGame(questions: questions)
        return true
    }

    /// The progress line: `Question 3 of 10` (`index` counts from 0).
    public static func progressText(questionIndex index: Int, of total: Int) -> String {
        "Question \(index + 1) of \(total)"
    }

    /// The result line: `You scored 7 of 10`.
    public static func scoreText(_ score: Int, of total: Int) -> String {
        "You scored \(score) of \(total)"
    }
}
