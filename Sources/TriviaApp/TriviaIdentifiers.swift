/// The accessibility identifiers (`data-testid`) the app renders and its tests query: one
/// source of truth. The question screen's names are the seed's.
public enum TriviaIdentifiers {
    // MARK: Both screens

    /// The navigation bar ("Movie Trivia").
    public static let navigationBar = "TriviaNavigationBar"

    // MARK: Question screen

    /// "Question 3 of 10".
    public static let questionProgress = "QuestionProgress"
    /// The question (a static text; its label is the question's title).
    public static let questionTitle = "QuestionTitle"
    /// The first answer's button (its label is `answer_a`).
    public static let answerA = "AnswerA"
    /// The second answer's button (`answer_b`).
    public static let answerB = "AnswerB"
    /// The third answer's button (`answer_c`).
    public static let answerC = "AnswerC"
    /// The answer buttons in order: index `i` is answer `i` of the question.
    public static let answers = [answerA, answerB, answerC]
    /// The button that moves on; it exists only once the right answer has been tapped.
    public static let nextQuestion = "NextQuestion"

    // MARK: Result screen

    /// "Quiz complete".
    public static let resultTitle = "ResultTitle"
    /// "You scored 7 of 10".
    public static let scoreLabel = "ScoreLabel"
    /// Starts again at question 1 with a score of 0.
    public static let restartQuiz = "RestartQuiz"
}
