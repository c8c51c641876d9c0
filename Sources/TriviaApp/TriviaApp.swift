public import Foundation
public import Hummingbird
public import LabKit

/// Movie Trivia, the seed's quiz: one question at a time with three answers; a wrong answer
/// is marked and the Next button appears only once the right one is tapped; a score at the end.
///
/// The questions are loaded when the app is made (the bundled `TriviaQuestions.json`, or a
/// file of the same shape), so a bad file is an error at start-up, never a broken screen.
/// Every ``addRoutes(to:launch:)`` is one launch with its own ``TriviaGame``, starting at
/// question 1.
public struct TriviaApp: LabApp {
    public let name = "Movie Trivia"
    public let pathPrefix: String
    /// The questions every launch plays.
    public let questions: TriviaQuestions

    public var summary: String { "A quiz of \(questions.count) movie questions" }

    /// The environment variable naming a questions file for ``init(pathPrefix:launch:)``.
    public static let questionsFileVariable = "LAB_TRIVIA_QUESTIONS"
    /// The launch argument naming a questions file for ``init(pathPrefix:launch:)``.
    public static let questionsFileArgument = "questionsFile"

    /// The app playing `questions`, mounted at `pathPrefix` (no trailing slash).
    public init(pathPrefix: String = "/trivia", questions: TriviaQuestions) {
        self.pathPrefix = pathPrefix
        self.questions = questions
    }

    /// The app playing the questions in `questionsFile`, or the bundled ones when `nil`.
    /// - Throws: ``TriviaQuestionsError`` when the file cannot be read or is malformed.
    public init(pathPrefix: String = "/trivia", questionsFile: URL? = nil) throws(TriviaQuestionsError) {
        if let questionsFile {
            self.init(pathPrefix: pathPrefix, questions: try TriviaQuestions.load(from: questionsFile))
        } else {
            self.init(pathPrefix: pathPrefix, questions: try TriviaQuestions.bundled())
        }
    }

    /// The app playing the questions file named by launch argument `-questionsFile PATH` or
    /// environment variable `LAB_TRIVIA_QUESTIONS` (argument first), else the bundled ones.
    /// `lab serve` makes the app this way from its own environment.
    /// - Throws: ``TriviaQuestionsError`` when that file cannot be read or is malformed.
    public init(pathPrefix: String = "/trivia", launch: LaunchOptions) throws(TriviaQuestionsError) {
        let path = launch.value(argument: Self.questionsFileArgument, environment: Self.questionsFileVariable)
        try self.init(pathPrefix: pathPrefix, questionsFile: path.map { URL(fileURLWithPath: $0) })
    }

    /// One launch: a new game at question 1. The questions are the app's, chosen when it was
    /// made; the launch's own options do not change them.
    public func addRoutes<Context: RequestContext>(to router: Router<Context>, launch: LaunchOptions) {
        let store = LaunchStore(TriviaGame(questions: questions))
        let paths = TriviaPaths(prefix: pathPrefix)
        let group = router.group(RouterPath(pathPrefix))

        group.get { _, _ in
            let game = store.current
            guard let question = game.currentQuestion else { return ResultScreen(game: game, paths: paths).page }
            return QuestionScreen(game: game, question: question, paths: paths).page
        }
        group.post("answer") { request, _ in
            let form = try await FormBody(request: request, limit: 4_096)
            guard let question = form.integer(named: "question"), let answer = form.integer(named: "answer") else {
                throw HTTPError(.badRequest, message: "Expected question=INDEX&answer=0|1|2")
            }
            store.update { $0.answer(answer, toQuestion: question) }
            return Response.seeOther(paths.quiz)
        }
        group.post("next") { request, _ in
            guard let question = try await FormBody(request: request, limit: 4_096).integer(named: "question") else {
                throw HTTPError(.badRequest, message: "Expected question=INDEX")
            }
            store.update { $0.next(fromQuestion: question) }
            return Response.seeOther(paths.quiz)
        }
        group.post("restart") { _, _ in
            store.update { $0.restart() }
            return Response.seeOther(paths.quiz)
        }
    }

}
