/// Why a questions file could not be used: the file, where in it (a path such as
/// `questions[3].correct_answer`) and what is wrong. Its description reads
/// `TriviaQuestions.json: questions[3].correct_answer is 4; must be 0, 1 or 2`.
public struct TriviaQuestionsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Sendable, Equatable {
        /// The file could not be read (missing, a folder, no permission); the system's reason.
        case unreadable(String)
        /// The file is not JSON; the parser's reason.
        case invalidJSON(String)
        /// A required key is missing.
        case missingKey
        /// A key the format does not have (a typo, or a fourth answer).
        case unknownKey(expected: [String])
        /// A value of the wrong JSON type.
        case wrongType(expected: String, found: String)
        /// An empty list of questions, or an empty (or all-space) text.
        case empty
        /// Text with leading, trailing or repeated spaces or a line break: a label would not
        /// show it as written, so tests comparing labels with the file would fail.
        case untidyText
        /// `correct_answer` is not 0, 1 or 2.
        case correctAnswerOutOfRange(Int)
        /// The same text (ignoring case) as the value at the given path.
        case duplicate(of: String)
    }

    /// The file, as it was named to the loader.
    public var file: String
    /// Where in the file: `questions[3].correct_answer`, `questions`, or empty for the whole file.
    public var path: String
    /// What is wrong.
    public var problem: Problem

    /// An error about `path` in `file`.
    public init(file: String, path: String, problem: Problem) {
        self.file = file
        self.path = path
        self.problem = problem
    }

    public var description: String {
        let subject = path.isEmpty ? "the file" : path
        let detail: String
        switch problem {
        case .unreadable(let reason): detail = "cannot be read (\(reason))"
        case .invalidJSON(let reason): detail = "is not valid JSON (\(reason))"
        case .missingKey: detail = "is missing"
        case .unknownKey(let expected):
            detail = "is not a known key; expected only " + expected.joined(separator: ", ")
        case .wrongType(let expected, let found): detail = "is \(found); must be \(expected)"
        case .empty: detail = path == "questions" ? "is empty; there must be at least one question" : "is empty"
        case .untidyText: detail = "has leading, trailing or repeated spaces or a line break"
        case .correctAnswerOutOfRange(let value): detail = "is \(value); must be 0, 1 or 2"
        case .duplicate(let other): detail = "is the same as \(other)"
        }
        return "\(file): \(subject) \(detail)"
    }
}
