import Foundation
import Flows
import Testing

/// Selection, iteration, failures as outcomes, exits, budgets and state errors.
@Suite("Flows: running")
struct RunningTests {
    struct Boom: Error, CustomStringConvertible {
        var description: String { "boom" }
    }

    /// A user-defined result type: every case is a possible result.
    enum Light: Hashable, Sendable, CaseIterable { case red, green }

    @Test func resultsOfAnyHashableTypeSelectTheNextStep() async throws {
        let scenario = FlowScenario("lights")
        scenario.addSteps([
            "look": .decision("look at the light") { context in try context.state(forKey: "light", as: Light.self) },
            "stop": .store("stopped", key: "did"),
            "go": .store("went", key: "did"),
        ])
        scenario.start(at: "look")
        scenario.transition(from: "look", on: Light.red, to: "stop")
        scenario.transition(from: "look", on: Light.green, to: "go")
        #expect(try await scenario.run(state: ["light": Light.red]).state["did"] as? String == "stopped")
        #expect(try await scenario.run(state: ["light": Light.green]).state["did"] as? String == "went")
    }

    @Test func noMatchingTransitionExitsWithThatResult() async throws {
        let scenario = FlowScenario("exit")
        scenario.addSteps(["pick": FlowStep("pick") { context in try context.state(forKey: "pick", as: String.self) },
                           "a": .store(1, key: "a")])
        scenario.start(at: "pick")
        scenario.transition(from: "pick", on: "a", to: "a")
        let run = try await scenario.run(state: ["pick": "zzz"])
        #expect(run.exitStep == "pick" && run.result == "zzz")
        #expect(run.trace.exit?.step == "pick")
        #expect(run.trace.entries.last?.description.contains("pick → \"zzz\" → exit") == true)
    }

    @Test func anUndeclaredExitFailsTheRunNamingTheStepAndResult() async throws {
        let scenario = FlowScenario("declared")
        scenario.addSteps(["pick": FlowStep("pick") { context in try context.state(forKey: "pick", as: String.self) },
                           "a": .store(1, key: "a")])
        scenario.start(at: "pick")
        scenario.transition(from: "pick", on: "a", to: "a")
        scenario.expectExit(from: "a")
        #expect(try await scenario.run(state: ["pick": "a"]).exitStep == "a")
        do {
            _ = try await scenario.run(state: ["pick": "b"])
            Issue.record("the undeclared exit passed")
        } catch let error as FlowError {
            guard case .unexpectedExit(let step, let result) = error.reason else { throw error }
            #expect(step == "pick" && result == "b")
            #expect(error.description.contains("exited after \"pick\" on \"b\", which is not a declared exit"))
        }
    }

    @Test func aFailingStepWithoutAFailureTransitionFailsTheScenarioWithItsPath() async throws {
        let scenario = SequenceScenario("fails", steps: [
            .store(1, key: "x"),
            .action("explode") { _ in throw Boom() },
            .store(2, key: "never"),
        ])
        do {
            _ = try await scenario.run()
            Issue.record("the failure passed")
        } catch let error as FlowError {
            #expect(error.step == "2. explode")
            #expect(error.scenarioPath == ["fails"])
            #expect(error.underlying is Boom)
            #expect(error.trace.entries.map(\.step) == ["1. store 1 as \"x\"", "2. explode"])
            #expect(error.description.contains("failed at step \"2. explode\": boom"))
            #expect(error.description.contains("2. explode → FAILED: boom"))
        }
    }

    @Test func aFailureTransitionRecoversAndTheRecoveryIsRecorded() async throws {
        let scenario = FlowScenario("recover")
        scenario.addSteps([
            "try": .action("try something") { _ in throw Boom() },
            "recover": .store(true, key: "recovered"),
        ])
        scenario.start(at: "try")
        scenario.transition(from: "try", onFailureTo: "recover")
        let run = try await scenario.run()
        #expect(run.state["recovered"] as? Bool == true)
        #expect(run.recoveries.map(\.step) == ["try"])
        #expect(run.trace.pathDescription().contains("try → recovered from failure: boom → recover"))
    }

    @Test func theContextSaysWhetherAFailureWillBeRouted() async throws {
        let scenario = FlowScenario("routable")
        scenario.addSteps([
            "plain": .action("plain") { context in context.setState(context.failureIsRoutable, forKey: "plain") },
            "guarded": .action("guarded") { context in context.setState(context.failureIsRoutable, forKey: "guarded") },
            "end": .store(0, key: "end"),
        ])
        scenario.start(at: "plain")
        scenario.transition(from: "plain", to: "guarded")
        scenario.transition(from: "guarded", to: "end")
        scenario.transition(from: "guarded", onFailureTo: "end")
        let run = try await scenario.run()
        #expect(run.state["plain"] as? Bool == false && run.state["guarded"] as? Bool == true)
    }

    @Test func stateMistakesNameTheStepAndKeyAndAreNeverRouted() async throws {
        let scenario = FlowScenario("state")
        scenario.addSteps([
            "read": .action("read") { context in _ = try context.state(forKey: "missing") },
            "after": .store(0, key: "after"),
        ])
        scenario.start(at: "read")
        scenario.transition(from: "read", to: "after")
        scenario.transition(from: "read", onFailureTo: "after")
        do {
            _ = try await scenario.run()
            Issue.record("the missing key passed")
        } catch let error as FlowError {
            let stateError = try #require(error.underlying as? ScenarioStateError)
            #expect(stateError == ScenarioStateError(problem: .missing, key: "missing", step: "read", scenario: "state"))
            #expect(error.description.contains("step \"read\" of \"state\" reads state \"missing\", which nothing has stored"))
        }

        let wrongType = SequenceScenario("types", steps: [.store("three", key: "n"), .increment(key: "n")])
        do {
            _ = try await wrongType.run()
            Issue.record("the wrong type passed")
        } catch let error as FlowError {
            let stateError = try #require(error.underlying as? ScenarioStateError)
            #expect(stateError.problem == .wrongType(expected: "Int", actual: "String"))
            #expect(stateError.step == "2. increment \"n\"")
        }

        let incomparable = SequenceScenario("compare", steps: [
            .store("a", key: "x"), .store(1, key: "y"), .compare(key: "x", with: "y"),
        ])
        await #expect(throws: FlowError.self) { try await incomparable.run() }
    }

    @Test func numbersCompareAcrossIntAndDouble() async throws {
        let scenario = SequenceScenario("numbers", steps: [.compare(key: "a", with: "b")])
        #expect(try await scenario.run(state: ["a": 1, "b": 1.5]).result == FlowResult(ComparisonResult.orderedAscending))
        #expect(try await scenario.run(state: ["a": 2.0, "b": 2]).result == FlowResult(ComparisonResult.orderedSame))
        #expect(try await scenario.run(state: ["a": "b", "b": "a"]).result == FlowResult(ComparisonResult.orderedDescending))
    }

    @Test func aMissingInitialInputFailsBeforeAnyStep() async throws {
        let scenario = FlowScenario("needs", inputs: ["user"])
        scenario.addStep("a", .action("count runs") { context in
            context.setState((try? context.state(forKey: "runs", as: Int.self)).map { $0 + 1 } ?? 1, forKey: "runs")
        })
        scenario.start(at: "a")
        do {
            _ = try await scenario.run()
            Issue.record("passed without its input")
        } catch let error as FlowError {
            guard case .missingInput(let key) = error.reason else { throw error }
            #expect(key == "user")
            #expect(error.trace.entries.isEmpty)
        }
        #expect(try await scenario.run(state: ["user": "ada"]).state["runs"] as? Int == 1)
    }
}
