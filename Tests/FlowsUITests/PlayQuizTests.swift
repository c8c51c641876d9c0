import Foundation
import LabTesting
import Testing
import TriviaApp
import UIFlows

extension FlowsJourneys {
    /// Movie Trivia played by a flow that does not read the questions: at each question it
    /// tries the answers in order until Next appears, loops until the quiz ends, then reads
    /// the score. The flow counts what it saw; the test checks that against the app's own
    /// score and, for a random quiz, against the questions only the test knows.
    @Suite("Flows: play the whole quiz")
    struct PlayQuizTests {
        /// Discovers the answers of each question, taps them one by one until Next appears.
        static func playQuiz(_ app: Application) -> FlowScenario {
            let answers = app.buttons.matching(ElementPredicate.identifier.beginsWith("Answer"))
            let next = app.buttons[TriviaIdentifiers.nextQuestion]
            let scenario = FlowScenario("Play the whole quiz", outputs: ["questions", "rightFirstTime", "scoreText"])
            scenario.addSteps([
                "begin": .store(0, key: "questions"),
                "noneRightYet": .store(0, key: "rightFirstTime"),
                "onQuestion": .firstToExist([
                    "question": app.staticTexts[TriviaIdentifiers.questionTitle],
                    "score": app.staticTexts[TriviaIdentifiers.scoreLabel],
                ], timeout: 5),
                "countQuestion": .increment(key: "questions"),
                "countAnswers": .storeCount(of: answers, key: "answerCount"),
                "firstAnswer": .store(0, key: "answer"),
                "tryAnswer": .processRow(indexKey: "answer", in: answers) { answer, _ in
                    try await answer.tap()
                    // The page after the tap marks the answer right or wrong.
                    try await answer.expect(.or([ElementPredicate.value.beginsWith("Correct"), ElementPredicate.value.beginsWith("Wrong")]), timeout: 5)
                },
                "nextAppeared": .waitForExistence(of: next, timeout: 0),
                "nextAnswer": .increment(key: "answer"),
                "moreAnswers": .compare(key: "answer", with: "answerCount"),
                "firstTry": .decision("was it the first answer tried?") { context in
                    try context.state(forKey: "answer", as: Int.self) == 0
                },
                "scorePoint": .increment(key: "rightFirstTime"),
                "tapNext": .tap(next),
                "readScore": .storeLabel(of: app.staticTexts[TriviaIdentifiers.scoreLabel], key: "scoreText"),
            ])
            scenario.start(at: "begin")
            scenario.transition(from: "begin", to: "noneRightYet")
            scenario.transition(from: "noneRightYet", to: "onQuestion")
            scenario.transition(from: "onQuestion", on: "question", to: "countQuestion")
            scenario.transition(from: "onQuestion", on: "score", to: "readScore")
            scenario.transition(from: "countQuestion", to: "countAnswers")
            scenario.transition(from: "countAnswers", to: "firstAnswer")
            scenario.transition(from: "firstAnswer", to: "tryAnswer")
            scenario.transition(from: "tryAnswer", to: "nextAppeared")
            scenario.transition(from: "nextAppeared", on: false, to: "nextAnswer")
            scenario.transition(from: "nextAppeared", on: true, to: "firstTry")
            scenario.transition(from: "nextAnswer", to: "moreAnswers")
            scenario.transition(from: "moreAnswers", on: ComparisonResult.orderedAscending, to: "tryAnswer")
            scenario.transition(from: "firstTry", on: true, to: "scorePoint")
            scenario.transition(from: "firstTry", on: false, to: "tapNext")
            scenario.transition(from: "scorePoint", to: "tapNext")
            scenario.transition(from: "tapNext", to: "onQuestion")
            // Running out of answers without Next would exit at "moreAnswers": not declared, so it fails.
            scenario.expectExit(from: "readScore")
            return scenario
        }

        /// The same game written with the result-builder syntax: a loop over questions, and
        /// inside it a loop over wrong answers.
        static func playQuizBuilt(_ app: Application) -> FlowScenario {
            let answers = app.buttons.matching(ElementPredicate.identifier.beginsWith("Answer"))
            let next = app.buttons[TriviaIdentifiers.nextQuestion]
            let tryAnswer = FlowStep.processRow(indexKey: "answer", in: answers) { answer, _ in
                try await answer.tap()
                try await answer.expect(.or([ElementPredicate.value.beginsWith("Correct"), ElementPredicate.value.beginsWith("Wrong")]), timeout: 5)
            }
            return FlowScenario("Play the whole quiz", outputs: ["questions", "rightFirstTime", "scoreText"]) {
                Step("begin", .store(0, key: "questions"))
                Step("noneRightYet", .store(0, key: "rightFirstTime"))
                RepeatWhile("onQuestion", .firstToExist([
                    "question": app.staticTexts[TriviaIdentifiers.questionTitle],
                    "score": app.staticTexts[TriviaIdentifiers.scoreLabel],
                ], timeout: 5), is: "question") {
                    Step("countQuestion", .increment(key: "questions"))
                    Step("firstAnswer", .store(0, key: "answer"))
                    Step("tryAnswer", tryAnswer)
                    RepeatWhile("nextMissing", .waitForExistence(of: next, timeout: 0), is: false) {
                        Step("nextAnswer", .increment(key: "answer"))
                        Step("tryAgain", tryAnswer)
                    }
                    If("firstTry", .decision("was it the first answer tried?") { context in
                        try context.state(forKey: "answer", as: Int.self) == 0
                    }, is: true) {
                        Step("scorePoint", .increment(key: "rightFirstTime"))
                    }
                    Step("tapNext", .tap(next))
                }
                Step("readScore", .storeLabel(of: app.staticTexts[TriviaIdentifiers.scoreLabel], key: "scoreText"))
            }
        }

        @Test func theBuilderWrittenFlowPlaysARandomQuizToo() async throws {
            let correct = (0..<Int.random(in: 2...4)).map { _ in Int.random(in: 0..<3) }
            let questions = try TriviaQuestions.decode(Self.quizFile(correct: correct), file: "random.json")
            try await withLabApp(TriviaApp(questions: questions)) { (app) async throws in
                let run = try #require(await expectFlow(Self.playQuizBuilt(app)))
                let right = correct.filter { $0 == 0 }.count
                #expect(run.state["questions"] as? Int == correct.count, "quiz \(correct)")
                #expect(run.state["scoreText"] as? String == TriviaGame.scoreText(right, of: correct.count), "quiz \(correct)")
                #expect(run.exitStep == "readScore")
            }
        }

        @Test func theBundledQuizIsPlayedToTheEndAndTheScoreIsWhatTheFlowCounted() async throws {
            try await withLabApp(try TriviaApp()) { (app) async throws in
                let run = try #require(await expectFlow(Self.playQuiz(app)))
                saveDiagram(run, "play-quiz")
                let questions = try #require(run.state["questions"] as? Int)
                let right = try #require(run.state["rightFirstTime"] as? Int)
                #expect(run.state["scoreText"] as? String == TriviaGame.scoreText(right, of: questions))
                // Known only to the test: the bundled file has 12 questions, 4 answered by "A".
                let bundled = try TriviaQuestions.bundled()
                #expect(questions == bundled.count)
                #expect(right == bundled.all.filter { $0.correctAnswer == 0 }.count)
                #expect(run.recoveries.isEmpty)
            }
        }

        @Test func aRandomQuizOfUnknownLengthIsPlayedToTheEnd() async throws {
            let count = Int.random(in: 2...5)
            let correct = (0..<count).map { _ in Int.random(in: 0..<3) }
            let questions = try TriviaQuestions.decode(Self.quizFile(correct: correct), file: "random.json")
            try await withLabApp(TriviaApp(questions: questions)) { (app) async throws in
                let run = try #require(await expectFlow(Self.playQuiz(app)))
                #expect(run.state["questions"] as? Int == count, "quiz \(correct)")
                #expect(run.state["rightFirstTime"] as? Int == correct.filter { $0 == 0 }.count, "quiz \(correct)")
                #expect(run.state["scoreText"] as? String == TriviaGame.scoreText(correct.filter { $0 == 0 }.count, of: count))
                // Answers tried per question: the right one's position + 1.
                let tries = run.trace.transitionCounts[Transition(from: "tryAnswer", trigger: .always, to: "nextAppeared")]
                #expect(tries == correct.map { $0 + 1 }.reduce(0, +))
            }
        }

        /// A questions file in the seed's format with the right answer at each given position.
        static func quizFile(correct: [Int]) throws -> Data {
            let questions = correct.enumerated().map { index, answer in
                [
                    "title": "Question number \(index + 1)?", "answer_a": "First \(index)", "answer_b": "Second \(index)",
                    "answer_c": "Third \(index)", "correct_answer": answer,
                ] as [String: Any]
            }
            return try JSONSerialization.data(withJSONObject: ["questions": questions])
        }
    }
}
