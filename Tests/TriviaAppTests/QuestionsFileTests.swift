import Foundation
import LabKit
import Testing
import TriviaApp

/// Loading the questions file: the shipped one, and every way a file can be malformed.
@Suite("Trivia: questions file")
struct QuestionsFileTests {
    /// A well-formed question, as the file has it.
    static func question(_ number: Int = 0, _ changes: [String: Any?] = [:]) -> [String: Any] {
        var question: [String: Any] = [
            "title": "Question \(number)?", "answer_a": "Jaws", "answer_b": "Alien", "answer_c": "Heat", "correct_answer": 1,
        ]
        for (key, value) in changes { question[key] = value }  // nil removes the key
        return question
    }

    static func document(_ questions: [[String: Any]]) throws -> Data {
        try JSONSerialization.data(withJSONObject: ["questions": questions])
    }

    static func decode(_ data: Data) throws(TriviaQuestionsError) -> TriviaQuestions {
        try TriviaQuestions.decode(data, file: TriviaQuestions.fileName)
    }

    // MARK: The shipped file

    @Test func theShippedFileLoadsWithAtLeastTenQuestionsWhoseRightAnswersVary() throws {
        let questions = try TriviaQuestions.bundled()
        #expect(questions.count >= 10)
        #expect(Set(questions.all.map(\.correctAnswer)) == [0, 1, 2])
        #expect(questions.all.allSatisfy { $0.answers.count == 3 })
        #expect(try TriviaApp().questions == questions)
        #expect(try TriviaApp(launch: .init()).questions == questions)
    }

    @Test func aFileOfTheSameShapeIsReadInOrder() throws {
        let data = try Self.document([Self.question(1), Self.question(2, ["correct_answer": 2, "answer_c": "Ran"])])
        let questions = try Self.decode(data)
        #expect(questions.all.map(\.title) == ["Question 1?", "Question 2?"])
        #expect(questions.all[1].answers == ["Jaws", "Alien", "Ran"])
        #expect(questions.all.map(\.correctAnswer) == [1, 2])
    }

    // MARK: Malformed files

    /// Each malformed document and the whole error message it must give.
    static let malformed: [(json: String, message: String)] = [
        (#"{"questions": [ "#, "TriviaQuestions.json: the file is not valid JSON ("),
        ("", "TriviaQuestions.json: the file is not valid JSON ("),
        ("[]", #"TriviaQuestions.json: the file is a list; must be an object with a "questions" list"#),
        ("{}", "TriviaQuestions.json: questions is missing"),
        (#"{"questions": {}}"#, "TriviaQuestions.json: questions is an object; must be a list"),
        (#"{"questions": []}"#, "TriviaQuestions.json: questions is empty; there must be at least one question"),
        (#"{"questions": [], "title": "Quiz"}"#, "TriviaQuestions.json: title is not a known key; expected only questions"),
        (#"{"questions": ["Who directed Jaws?"]}"#, "TriviaQuestions.json: questions[0] is a string; must be an object"),
    ]

    /// Each broken question (the second of two) and the message it must give. (Computed: `Any`
    /// is not `Sendable`, so the tests take its indices.)
    static var malformedQuestion: [(changes: [String: Any?], message: String)] { [
        (["title": nil], "questions[1].title is missing"),
        (["answer_b": nil], "questions[1].answer_b is missing"),
        (["correct_answer": nil], "questions[1].correct_answer is missing"),
        (["title": 7], "questions[1].title is an integer; must be a string"),
        (["answer_a": NSNull()], "questions[1].answer_a is null; must be a string"),
        (["answer_c": ["Heat"]], "questions[1].answer_c is a list; must be a string"),
        (["title": ""], "questions[1].title is empty"),
        (["answer_b": "   "], "questions[1].answer_b is empty"),
        (["title": " Who?"], "questions[1].title has leading, trailing or repeated spaces or a line break"),
        (["answer_a": "Star\nWars"], "questions[1].answer_a has leading, trailing or repeated spaces or a line break"),
        (["answer_c": "Jaws"], "questions[1].answer_c is the same as questions[1].answer_a"),
        (["answer_b": "JAWS"], "questions[1].answer_b is the same as questions[1].answer_a"),
        (["title": "question 0?"], "questions[1].title is the same as questions[0].title"),
        (["correct_answer": 3], "questions[1].correct_answer is 3; must be 0, 1 or 2"),
        (["correct_answer": -1], "questions[1].correct_answer is -1; must be 0, 1 or 2"),
        (["correct_answer": "1"], "questions[1].correct_answer is a string; must be 0, 1 or 2"),
        (["correct_answer": 1.5], "questions[1].correct_answer is the number 1.5; must be 0, 1 or 2"),
        (["correct_answer": true], "questions[1].correct_answer is true; must be 0, 1 or 2"),
        (["answer_d": "Ran"], "questions[1].answer_d is not a known key; expected only title, answer_a, answer_b, answer_c, correct_answer"),
    ] }

    @Test(arguments: malformed)
    func aMalformedDocumentIsAClearError(_ json: String, _ message: String) {
        let error = #expect(throws: TriviaQuestionsError.self) { try Self.decode(Data(json.utf8)) }
        let description = error?.description ?? ""
        // Invalid JSON ends with the parser's reason; everything else is the whole message.
        #expect(message.hasSuffix("(") ? description.hasPrefix(message) : description == message, "got: \(description)")
    }

    @Test(arguments: malformedQuestion.indices)
    func aMalformedQuestionIsAClearErrorNamingItsPlace(_ index: Int) throws {
        let (changes, message) = Self.malformedQuestion[index]
        let data = try Self.document([Self.question(0), Self.question(1, changes)])
        do {
            _ = try Self.decode(data)
            Issue.record("no error; expected \(message)")
        } catch {
            #expect(error.description == "TriviaQuestions.json: " + message)
        }
    }

    @Test func theErrorsAreTypedWithTheFileThePathAndTheProblem() throws {
        let data = try Self.document([Self.question(0), Self.question(1), Self.question(2), Self.question(3, ["correct_answer": 4])])
        #expect(throws: TriviaQuestionsError(file: "TriviaQuestions.json", path: "questions[3].correct_answer", problem: .correctAnswerOutOfRange(4))) {
            try Self.decode(data)
        }
        #expect(
            TriviaQuestionsError(file: "TriviaQuestions.json", path: "questions[3].correct_answer", problem: .correctAnswerOutOfRange(4)).description
                == "TriviaQuestions.json: questions[3].correct_answer is 4; must be 0, 1 or 2"
        )
    }

    @Test func invalidJSONSaysWhereTheParserStopped() {
        let error = #expect(throws: TriviaQuestionsError.self) {
            try Self.decode(Data("{\n  \"questions\": [\n    {\"title\": }\n  ]\n}".utf8))
        }
        #expect(error?.path == "")
        guard case .invalidJSON(let reason) = error?.problem else {
            Issue.record("expected invalidJSON, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("(line 3, column 15)"), "\(reason)")
    }

    // MARK: Files on disk

    @Test func aMissingFileOrAFolderIsUnreadableAndNamedByItsPath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trivia-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for url in [folder.appendingPathComponent("missing.json"), folder] {
            do {
                _ = try TriviaQuestions.load(from: url)
                Issue.record("no error for \(url.path)")
            } catch {
                guard case .unreadable = error.problem else {
                    Issue.record("expected unreadable, got \(error)")
                    continue
                }
                #expect(error.file == url.path)
                #expect(error.description.hasPrefix(url.path + ": the file cannot be read ("))
                #expect(error.description.hasSuffix(url == folder ? "(it is a folder)" : "(no such file)"))
            }
        }
    }

    @Test func theAppLoadsTheFileNamedByItsLaunchOptionsAndReportsABadOneAtStartUp() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trivia-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good.json"), bad = folder.appendingPathComponent("bad.json")
        try Self.document([Self.question(7)]).write(to: good)
        try Self.document([Self.question(7, ["correct_answer": 9])]).write(to: bad)

        #expect(try TriviaApp(launch: .init(environment: ["LAB_TRIVIA_QUESTIONS": good.path])).questions.all.map(\.title) == ["Question 7?"])
        #expect(try TriviaApp(launch: .init(arguments: ["-questionsFile", good.path])).questions.count == 1)
        #expect(try TriviaApp(questionsFile: good).questions.count == 1)
        #expect(throws: TriviaQuestionsError(file: bad.path, path: "questions[0].correct_answer", problem: .correctAnswerOutOfRange(9))) {
            try TriviaApp(launch: .init(environment: ["LAB_TRIVIA_QUESTIONS": bad.path]))
        }
        // The argument wins over the environment, as for every lab launch option.
        #expect(throws: TriviaQuestionsError.self) {
            try TriviaApp(launch: .init(arguments: ["-questionsFile", bad.path], environment: ["LAB_TRIVIA_QUESTIONS": good.path]))
        }
    }
}
