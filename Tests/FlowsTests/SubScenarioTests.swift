import Flows
import Testing

/// Scenarios as subroutines: declared inputs and outputs, results that drive the parent.
@Suite("Flows: sub-scenarios")
struct SubScenarioTests {
    /// Doubles its input; exits with "big" or "small".
    static func double() -> FlowScenario {
        let scenario = FlowScenario("double it", inputs: ["n"], outputs: ["doubled"])
        scenario.addSteps([
            "double": .action("double") { context in
                context.setState(try context.state(forKey: "n", as: Int.self) * 2, forKey: "doubled")
            },
            "size": FlowStep("big or small?", results: ["big", "small"]) { context in
                try context.state(forKey: "doubled", as: Int.self) > 10 ? "big" : "small"
            },
        ])
        scenario.start(at: "double")
        scenario.transition(from: "double", to: "size")
        return scenario
    }

    static func parent(_ child: FlowScenario) -> FlowScenario {
        let scenario = FlowScenario("parent")
        scenario.addSteps([
            "call": .scenario(child, inputs: ["n": "value"], outputs: ["doubled": "result"]),
            "big": .store("went big", key: "branch"),
            "small": .store("went small", key: "branch"),
        ])
        scenario.start(at: "call")
        scenario.transition(from: "call", on: "big", to: "big")
        scenario.transition(from: "call", on: "small", to: "small")
        return scenario
    }

    @Test func theSubScenariosResultDrivesTheParentsBranchAndItsOutputsComeBack() async throws {
        let child = Self.double()
        let big = try await Self.parent(child).run(state: ["value": 8])
        #expect(big.state["branch"] as? String == "went big")
        #expect(big.state["result"] as? Int == 16)
        let small = try await Self.parent(child).run(state: ["value": 2])
        #expect(small.state["branch"] as? String == "went small")
        #expect(small.state["result"] as? Int == 4)
        // The parent's trace nests the child's.
        let call = try #require(big.trace.entries.first)
        #expect(call.result == "big" && call.next == "big")
        #expect(call.nested?.entries.map(\.step) == ["double", "size"])
        #expect(call.stateChanges.map(\.description) == ["result = 16"])
    }

    @Test func aSubScenarioSeesOnlyItsInputsAndLeaksOnlyItsOutputs() async throws {
        let child = FlowScenario("peek", inputs: ["n"], outputs: ["out"])
        child.addStep("peek", .action("peek") { context in
            context.setState(context.hasState(forKey: "secret"), forKey: "out")
            context.setState("junk", forKey: "scratch")
        })
        child.start(at: "peek")
        let parent = SequenceScenario("parent", steps: [.scenario(child, inputs: ["n": "n"], outputs: ["out": "sawSecret"])])
        let run = try await parent.run(state: ["n": 1, "secret": "s"])
        #expect(run.state["sawSecret"] as? Bool == false)
        #expect(run.state["scratch"] == nil)
    }

    @Test func theSubScenariosPossibleResultsAreCheckedInTheParent() {
        let parent = Self.parent(Self.double())
        parent.addStep("huge", .store(0, key: "x"))
        parent.transition(from: "call", on: "huge", to: "huge")
        do {
            try parent.validate()
            Issue.record("validation passed")
        } catch {
            #expect(error.problems.map(\.kind) == [
                .impossibleResult(step: "call", result: "huge", possible: ["big", "small"]),
            ])
        }
    }

    @Test func aSubScenariosFailureCanBeRoutedInTheParent() async throws {
        struct Nope: Error {}
        let child = SequenceScenario("fragile", steps: [.action("break") { _ in throw Nope() }])
        let parent = FlowScenario("sturdy")
        parent.addSteps(["call": .scenario(child), "fallback": .store(true, key: "fellBack")])
        parent.start(at: "call")
        parent.transition(from: "call", onFailureTo: "fallback")
        let run = try await parent.run()
        #expect(run.state["fellBack"] as? Bool == true)
        #expect(run.recoveries.map(\.step) == ["call"])
        #expect(run.trace.entries.first?.nested?.entries.first?.step == "1. break")
    }

    @Test func anUnroutedSubScenarioFailureNamesTheInnerStepAndTheWholePath() async throws {
        struct Nope: Error {}
        let child = SequenceScenario("inner", steps: [.store(1, key: "a"), .action("break") { _ in throw Nope() }])
        let parent = SequenceScenario("outer", steps: [.store(0, key: "z"), .scenario(child)])
        do {
            _ = try await parent.run()
            Issue.record("passed")
        } catch let error as FlowError {
            #expect(error.scenarioPath == ["outer", "inner"])
            #expect(error.step == "2. break")
            #expect(error.underlying is Nope)
            #expect(error.trace.scenario == "outer")
            let lines = error.trace.pathDescription().split(separator: "\n").map(String.init)
            #expect(lines.count == 4)
            #expect(lines[1].hasPrefix("  2. inner → FAILED"))
            #expect(lines[3].hasPrefix("      2. break → FAILED"))
        }
    }

    @Test func aMissingOutputFailsTheSubScenario() async throws {
        let child = FlowScenario("forgetful", outputs: ["answer"])
        child.addStep("nothing", .store(1, key: "other"))
        child.start(at: "nothing")
        let parent = SequenceScenario("asks", steps: [.scenario(child, outputs: ["answer": "answer"])])
        do {
            _ = try await parent.run()
            Issue.record("passed")
        } catch let error as FlowError {
            guard case .missingOutput(let key) = error.reason else { throw error }
            #expect(key == "answer")
            #expect(error.scenarioPath == ["asks", "forgetful"])
        }
    }
}
