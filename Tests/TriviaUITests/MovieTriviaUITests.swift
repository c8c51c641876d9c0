import Foundation
import LabTesting
import TriviaApp
import UIAutomation
import UIAutomationTesting
import XCTest

/// The seed's two MovieTrivia UI tests, as written for XCUITest, in UIAutomation's async form:
/// the same identifiers, predicates, expectations and JSON loading. Differences: every call
/// that touches the app is awaited (read into a `let` before `XCTAssert`, whose autoclosure
/// cannot `await`), and missing test data fails the test (`XCTUnwrap`, a thrown error)
/// instead of `fatalError`, which would kill every other test in the process.
final class MovieTriviaUITests: XCTestCase {
    typealias JSON = [String: Any]
    var questions: [JSON]?
    var app: Application!

    struct MissingTestData: Error, CustomStringConvertible {
        var description: String { "Can't load TriviaQuestions.json from the test bundle" }
    }

    override func setUp() async throws {
        guard let filename = Bundle.module.path(forResource: "TriviaQuestions", ofType: "json"),
              let triviaString = try? String(contentsOfFile: filename, encoding: .utf8),
              let triviaData = triviaString.data(using: .utf8),
              let jsonObject = try? JSONSerialization.jsonObject(with: triviaData, options: []),
              let triviaJSON = jsonObject as? JSON,
              let jsonQuestions = triviaJSON["questions"] as? [JSON]
        else { throw MissingTestData() }
        questions = jsonQuestions

        app = Application(host: LabAppHost(app: try TriviaApp()), configuration: .lab)
        try await app.launch()
    }

    override func tearDown() async throws {
        await app?.terminate()
    }

    func testQuestionAppears() async throws {
        // 1
        let buttonIdentifiers = ["AnswerA", "AnswerB", "AnswerC"]
        for identifier in buttonIdentifiers {
            let button = app.buttons.matching(identifier: identifier).element

            // 2
            let predicate = try ElementPredicate(format: "exists == true")
            _ = expectation(for: predicate, evaluatedWith: button, handler: nil)
        }

        let questionTitle = app.staticTexts.matching(identifier: "QuestionTitle").element
        let predicate = try ElementPredicate(format: "exists == true")
        _ = expectation(for: predicate, evaluatedWith: questionTitle, handler: nil)

        // 3
        await waitForExpectations(timeout: 5, handler: nil)

        let question = try XCTUnwrap(questions?.first, "Can't continue testing without question data...")
        try await validateQuestionIsDisplayed(question)
    }

    func validateQuestionIsDisplayed(_ question: JSON, file: StaticString = #filePath, line: UInt = #line) async throws {
        let questionTitle = app.staticTexts.matching(identifier: "QuestionTitle").element

        guard let title = question["title"] as? String,
              let answerA = question["answer_a"] as? String,
              let answerB = question["answer_b"] as? String,
              let answerC = question["answer_c"] as? String
        else { throw MissingTestData() }

        let titleLabel = try await questionTitle.label
        XCTAssert(titleLabel == title, "Expected question title to match json data: \(titleLabel)", file: file, line: line)

        let buttonA = app.buttons.matching(identifier: "AnswerA").element
        let labelA = try await buttonA.label
        XCTAssert(labelA == answerA, "Expected AnswerA title to match json data: \(labelA)", file: file, line: line)

        let buttonB = app.buttons.matching(identifier: "AnswerB").element
        let labelB = try await buttonB.label
        XCTAssert(labelB == answerB, "Expected AnswerB title to match json data: \(labelB)", file: file, line: line)

        let buttonC = app.buttons.matching(identifier: "AnswerC").element
        let labelC = try await buttonC.label
        XCTAssert(labelC == answerC, "Expected AnswerC title to match json data: \(labelC)", file: file, line: line)
    }

    func testAnswerValidation() async throws {
        let button = app.buttons.matching(identifier: "AnswerA").element
        let predicate = try ElementPredicate(format: "exists == true")
        _ = expectation(for: predicate, evaluatedWith: button, handler: nil)
        await waitForExpectations(timeout: 5, handler: nil)

        let nextQuestionButton = app.buttons.matching(identifier: "NextQuestion").element

        let question = try XCTUnwrap(questions?.first, "Can't continue testing without question data...")
        let correctAnswer = try XCTUnwrap(question["correct_answer"] as? Int, "Can't continue testing without question data...")

        let buttonIdentifiers = ["AnswerA", "AnswerB", "AnswerC"]
        for (i, identifier) in buttonIdentifiers.enumerated() {
            guard i != correctAnswer
            else { continue }

            try await app.buttons.matching(identifier: identifier).element.tap()

            let nextExists = try await nextQuestionButton.exists
            XCTAssert(nextExists == false, "Next question button should be hidden")
        }

        try await app.buttons.matching(identifier: buttonIdentifiers[correctAnswer]).element.tap()
        let nextShown = try await nextQuestionButton.exists
        XCTAssert(nextShown == true, "Next question button should be visible")

        try await nextQuestionButton.tap()

        let nextQuestion = try XCTUnwrap(questions.flatMap { $0.count > 1 ? $0[1] : nil }, "Can't continue testing without question data...")

        try await validateQuestionIsDisplayed(nextQuestion)
        let nextStillShown = try await nextQuestionButton.exists
        XCTAssert(nextStillShown == false, "Next question button should be hidden")
    }
}
