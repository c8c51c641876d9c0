import Foundation
import MessagesTestSupport
import TestSupport
import Testing

/// `lab serve` and Movie Trivia's questions file, run as the real executable: the bundled
/// questions, a file named by `LAB_TRIVIA_QUESTIONS`, and a bad file stopping it at start-up.
@Suite("lab serve: Movie Trivia", .heavyWork)
struct LabServeTriviaTests {
    static let question = #"{"title": "Which film is set on Amity Island?", "answer_a": "Jaws", "answer_b": "Alien", "answer_c": "Heat", "correct_answer": CORRECT}"#

    static func questionsFile(in directory: URL, correctAnswer: String) throws -> URL {
        let file = directory.appendingPathComponent("questions.json")
        try Data(#"{"questions": [\#(question.replacingOccurrences(of: "CORRECT", with: correctAnswer))]}"#.utf8).write(to: file)
        return file
    }

    @Test func servesTheBundledQuestionsOrTheFileNamedByLAB_TRIVIA_QUESTIONS() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("messages.sqlite").path

        let bundled = try await SpawnedService(arguments: ["serve", "--port", "0", "--db", database])
        #expect(try await bundled.client.get("/").text.contains(#"href="/trivia""#))
        let page = try await bundled.client.get("/trivia")
        #expect(page.status == 200)
        #expect(page.text.contains(#"data-testid="QuestionTitle""#))
        #expect(page.text.contains("Question 1 of "))
        #expect(try await bundled.stop(signal: SIGTERM) == .exited(0))

        let file = try Self.questionsFile(in: directory, correctAnswer: "0")
        let custom = try await SpawnedService(arguments: ["serve", "--port", "0", "--db", database], environment: ["LAB_TRIVIA_QUESTIONS": file.path])
        let customPage = try await custom.client.get("/trivia")
        #expect(customPage.text.contains("Which film is set on Amity Island?"))
        #expect(customPage.text.contains("Question 1 of 1"))
        #expect(try await custom.stop(signal: SIGTERM) == .exited(0))
    }

    @Test func aBadQuestionsFileIsAnErrorAtStartUpAndExitsNonZero() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("messages.sqlite").path
        let file = try Self.questionsFile(in: directory, correctAnswer: "4")
        let missing = directory.appendingPathComponent("missing.json").path

        for (path, message) in [
            (file.path, "\(file.path): questions[0].correct_answer is 4; must be 0, 1 or 2"),
            (missing, "\(missing): the file cannot be read (no such file)"),
        ] {
            let run = try await Self.runToExit(["serve", "--port", "0", "--db", database], environment: ["LAB_TRIVIA_QUESTIONS": path])
            #expect(run.exit == .exited(1))
            #expect(run.standardError == "error: cannot load the Movie Trivia questions: \(message)\n")
            #expect(!run.standardOutput.contains("listening on"))
        }
    }

    /// Runs `lab` until it exits (killed after 60 s); returns its exit and output.
    static func runToExit(_ arguments: [String], environment: [String: String]) async throws -> ChildOutput {
        try await ChildProcess.run(try SpawnedService.labExecutable().path, arguments: arguments, environment: environment)
    }
}
