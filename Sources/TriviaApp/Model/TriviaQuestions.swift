public import Foundation
import LabSupport

/// The quiz's questions, loaded from a JSON file in the seed's shape and checked:
///
/// ```json
/// {"questions": [{"title": "Who directed Jaws (1975)?", "answer_a": "George Lucas",
///   "answer_b": "Steven Spielberg", "answer_c": "Francis Ford Coppola", "correct_answer": 1}]}
/// ```
///
/// At least one question; every text non-empty and tidy (no leading, trailing or repeated
/// spaces, no line breaks: it is shown as a label); the three answers of a question
/// distinct and the titles distinct (ignoring case); `correct_answer` an integer 0, 1 or 2;
/// no other keys. Anything else is a ``TriviaQuestionsError`` naming the file, the place and
/// the problem.
public struct TriviaQuestions: Sendable, Equatable {
    /// The name of the file the app ships (a resource of the `TriviaApp` module).
    public static let fileName = "TriviaQuestions.json"
    /// The keys of a question, in order.
    public static let questionKeys = ["title", "answer_a", "answer_b", "answer_c", "correct_answer"]

    /// The questions, in the file's order.
    public let all: [TriviaQuestion]

    /// How many questions there are.
    public var count: Int { all.count }

    private init(all: [TriviaQuestion]) { self.all = all }

    /// The file the app ships, in the module's resource bundle.
    public static var bundledFile: URL? {
        Bundle.module.url(forResource: "TriviaQuestions", withExtension: "json")
    }

    /// The questions the app ships.
    public static func bundled() throws(TriviaQuestionsError) -> TriviaQuestions {
        guard let url = bundledFile else {
            throw TriviaQuestionsError(file: fileName, path: "", problem: .unreadable("not in the TriviaApp resource bundle"))
        }
        return try load(from: url, named: fileName)
    }

    /// Reads and checks the questions file at `url`; errors name it `name` (its path by default).
    public static func load(from url: URL, named name: String? = nil) throws(TriviaQuestionsError) -> TriviaQuestions {
        let file = name ?? url.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw TriviaQuestionsError(file: file, path: "", problem: .unreadable("no such file"))
        }
        guard !isFolder.boolValue else { throw TriviaQuestionsError(file: file, path: "", problem: .unreadable("it is a folder")) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw TriviaQuestionsError(file: file, path: "", problem: .unreadable(Self.reason(error)))
        }
        return try decode(data, file: file)
    }

    /// Checks the questions in `data`, the contents of a file named `file` (for the errors).
    public static func decode(_ data: Data, file: String) throws(TriviaQuestionsError) -> TriviaQuestions {
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw TriviaQuestionsError(file: file, path: "", problem: .invalidJSON(Self.syntaxError(in: data) ?? Self.reason(error)))
        }
        return try Checker(file: file).questions(in: root)
    }

    /// JSONSerialization's account of a syntax error, which says where (JSONDecoder's does
    /// not), with the line and column added: `Invalid value around character 15 (line 1, column 16).`
    private static func syntaxError(in data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            guard var reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String else { return nil }
            if let range = reason.range(of: #"around character \d+"#, options: .regularExpression),
               let offset = Int(reason[range].split(separator: " ").last ?? ""), offset <= data.count {
                let before = Array(data.prefix(offset))  // an Array counts from 0, a Data slice may not
                let line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
                let column = offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
                reason.insert(contentsOf: " (line \(line), column \(column))", at: range.upperBound)
            }
            return reason
        }
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            return context.debugDescription
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return context.debugDescription
        default:
            return (error as NSError).localizedDescription
        }
    }

    /// Walks the decoded document and turns every departure from the format into an error.
    private struct Checker {
        let file: String

        func fail(_ path: String, _ problem: TriviaQuestionsError.Problem) -> TriviaQuestionsError {
            TriviaQuestionsError(file: file, path: path, problem: problem)
        }

        func questions(in root: JSONValue) throws(TriviaQuestionsError) -> TriviaQuestions {
            guard case .object(let document) = root else {
                throw fail("", .wrongType(expected: #"an object with a "questions" list"#, found: root.kind))
            }
            try rejectUnknownKeys(of: document, expected: ["questions"], at: "")
            guard let list = document["questions"] else { throw fail("questions", .missingKey) }
            guard case .array(let items) = list else { throw fail("questions", .wrongType(expected: "a list", found: list.kind)) }
            guard !items.isEmpty else { throw fail("questions", .empty) }

            var questions: [TriviaQuestion] = []
            var titles: [String: String] = [:]  // normalised title → path of its first use
            for (index, item) in items.enumerated() {
                let path = "questions[\(index)]"
                let question = try self.question(item, at: path)
                let key = question.title.lowercased()
                if let first = titles[key] { throw fail(path + ".title", .duplicate(of: first)) }
                titles[key] = path + ".title"
                questions.append(question)
            }
            return TriviaQuestions(all: questions)
        }

        func question(_ item: JSONValue, at path: String) throws(TriviaQuestionsError) -> TriviaQuestion {
            guard case .object(let fields) = item else { throw fail(path, .wrongType(expected: "an object", found: item.kind)) }
            try rejectUnknownKeys(of: fields, expected: TriviaQuestions.questionKeys, at: path + ".")
            let title = try text(fields, "title", at: path)
            var answers: [String] = []
            var seen: [String: String] = [:]
            for key in ["answer_a", "answer_b", "answer_c"] {
                let answer = try text(fields, key, at: path)
                if let first = seen[answer.lowercased()] { throw fail("\(path).\(key)", .duplicate(of: first)) }
                seen[answer.lowercased()] = "\(path).\(key)"
                answers.append(answer)
            }
            let correctPath = path + ".correct_answer"
            guard let correct = fields["correct_answer"] else { throw fail(correctPath, .missingKey) }
            guard let index = correct.integer else {
                throw fail(correctPath, .wrongType(expected: "0, 1 or 2", found: correct.kind))
            }
            guard answers.indices.contains(index) else { throw fail(correctPath, .correctAnswerOutOfRange(index)) }
            return TriviaQuestion(title: title, answers: answers, correctAnswer: index)
        }

        func text(_ fields: [String: JSONValue], _ key: String, at path: String) throws(TriviaQuestionsError) -> String {
            let keyPath = "\(path).\(key)"
            guard let value = fields[key] else { throw fail(keyPath, .missingKey) }
            guard case .string(let text) = value else { throw fail(keyPath, .wrongType(expected: "a string", found: value.kind)) }
            guard text.contains(where: { !$0.isWhitespace }) else { throw fail(keyPath, .empty) }
            let tidy = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard tidy == text else { throw fail(keyPath, .untidyText) }
            return text
        }

        func rejectUnknownKeys(of object: [String: JSONValue], expected: [String], at prefix: String) throws(TriviaQuestionsError) {
            if let unknown = object.keys.sorted().first(where: { !expected.contains($0) }) {
                throw fail(prefix + unknown, .unknownKey(expected: expected))
            }
        }
    }
}
