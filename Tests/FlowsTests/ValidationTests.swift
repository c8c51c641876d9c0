import Foundation
import Flows
import Testing

/// Every graph problem is found before any step runs, and names its steps.
@Suite("Flows: validation")
struct ValidationTests {
    /// A step that records that it ran, to prove that an invalid scenario runs nothing.
    static func tripwire() -> FlowStep {
        .action("must not run") { _ in Issue.record("a step of an invalid scenario ran") }
    }

    static func problems(_ scenario: some Scenario) -> [FlowProblem.Kind] {
        do {
            try scenario.validate()
            return []
        } catch {
            return error.problems.map(\.kind)
        }
    }

    @Test func aScenarioWithoutStepsOrStartIsInvalid() {
        #expect(Self.problems(FlowScenario("empty")) == [.noSteps])
        let noStart = FlowScenario("no start")
        noStart.addStep("a", Self.tripwire())
        #expect(Self.problems(noStart) == [.missingStart])
        noStart.start(at: "b")
        #expect(Self.problems(noStart) == [.unknownStart("b")])
    }

    @Test func transitionsMustNameExistingSteps() {
        let scenario = FlowScenario("typo")
        scenario.addSteps(["a": Self.tripwire(), "b": .decision("yes?") { _ in true }])
        scenario.start(at: "a")
        scenario.transition(from: "a", to: "b")
        scenario.transition(from: "b", on: true, to: "c")
        scenario.transition(from: "x", to: "a")
        #expect(Self.problems(scenario) == [
            .unknownDestination(Transition(from: "b", trigger: .result(true), to: "c")),
            .unknownSource(Transition(from: "x", trigger: .always, to: "a")),
        ])
    }

    @Test func duplicateStepNamesAndUnreachableStepsAreReported() {
        let scenario = FlowScenario("islands")
        scenario.addSteps(["a": Self.tripwire(), "b": Self.tripwire(), "c": Self.tripwire()])
        scenario.addStep("a", Self.tripwire())
        scenario.start(at: "a")
        scenario.transition(from: "b", to: "c")
        #expect(Self.problems(scenario) == [.duplicateStep("a"), .unreachable(["b", "c"])])
    }

    @Test func twoTransitionsOnOneResultAreReported() {
        let scenario = FlowScenario("twice")
        scenario.addSteps(["a": .decision("yes?") { _ in true }, "b": Self.tripwire(), "c": Self.tripwire()])
        scenario.start(at: "a")
        scenario.transition(from: "a", on: true, to: "b")
        scenario.transition(from: "a", on: true, to: "c")
        #expect(Self.problems(scenario) == [.duplicateTransition(step: "a", trigger: .result(true))])
    }

    @Test func aPlainTransitionBesideResultTransitionsIsAmbiguous() {
        let scenario = FlowScenario("ambiguous")
        scenario.addSteps(["a": .decision("yes?") { _ in true }, "b": Self.tripwire(), "c": Self.tripwire()])
        scenario.start(at: "a")
        scenario.transition(from: "a", on: true, to: "b")
        scenario.transition(from: "a", to: "c")
        #expect(Self.problems(scenario) == [.ambiguousTransitions(step: "a")])

        // "Any other result" is the unambiguous way to say it; a failure path is not a result.
        let clear = FlowScenario("clear")
        clear.addSteps(["a": .decision("yes?") { _ in true }, "b": Self.tripwire(), "c": Self.tripwire()])
        clear.start(at: "a")
        clear.transition(from: "a", on: true, to: "b")
        clear.transition(from: "a", onOtherResultsTo: "c")
        clear.transition(from: "a", onFailureTo: "c")
        #expect(Self.problems(clear) == [])
    }

    @Test func aTransitionOnAResultTheStepCannotProduceIsReported() {
        // The seed writes onResult:@-1; here the comparison is a ComparisonResult, and an Int
        // -1 would never match it. Validation says so instead of letting the loop never start.
        let scenario = FlowScenario("wrong type")
        scenario.addSteps(["compare": .compare(key: "a", with: "b"), "body": Self.tripwire()])
        scenario.start(at: "compare")
        scenario.transition(from: "compare", on: -1, to: "body")
        scenario.transition(from: "body", to: "compare")
        let problems = Self.problems(scenario)
        #expect(problems.count == 1)
        guard case .impossibleResult(let step, let result, let possible) = problems.first else {
            Issue.record("expected impossibleResult, got \(problems)")
            return
        }
        #expect(step == "compare" && result == FlowResult(-1) && possible.count == 3)
        do {
            try scenario.validate()
            Issue.record("validation passed")
        } catch {
            #expect(error.description.contains("-1 (Int) can never be taken"))
            #expect(error.description.contains("orderedAscending, orderedSame, orderedDescending"))
        }
    }

    @Test func aLoopNoResultCanLeaveIsReported() {
        let scenario = FlowScenario("spin")
        scenario.addSteps(["setup": Self.tripwire(), "a": Self.tripwire(), "b": .decision("again?") { _ in true }])
        scenario.start(at: "setup")
        scenario.transition(from: "setup", to: "a")
        scenario.transition(from: "a", to: "b")
        scenario.transition(from: "b", on: true, to: "a")
        scenario.transition(from: "b", on: false, to: "a")
        #expect(Self.problems(scenario) == [.inescapableLoop(["setup", "a", "b"])])

        // The same loop with a way out on failure is fine: the failure path leaves it.
        scenario.addStep("done", Self.tripwire())
        scenario.transition(from: "a", onFailureTo: "done")
        #expect(Self.problems(scenario) == [])
    }

    @Test func aLoopWhoseStepHasOpenEndedResultsCanExit() {
        // A step whose results are not declared may produce one no transition names: an exit.
        let scenario = FlowScenario("open")
        scenario.addSteps(["a": FlowStep("pick") { _ in "x" }, "b": Self.tripwire()])
        scenario.start(at: "a")
        scenario.transition(from: "a", on: "x", to: "b")
        scenario.transition(from: "b", to: "a")
        #expect(Self.problems(scenario) == [])
    }

    @Test func declaredExitsMustExistAndBePossible() {
        let scenario = FlowScenario("exits")
        scenario.addSteps(["a": .decision("yes?") { _ in true }, "b": Self.tripwire()])
        scenario.start(at: "a")
        scenario.transition(from: "a", on: true, to: "b")
        scenario.expectExit(from: "a", on: true)
        scenario.expectExit(from: "nowhere")
        #expect(Self.problems(scenario) == [
            .impossibleExit(ExpectedExit(step: "a", result: true)), .unknownExit("nowhere"),
        ])
    }

    @Test func subScenarioInputsAndOutputsMustMatchTheirDeclarations() {
        let child = FlowScenario("child", inputs: ["tag"], outputs: ["count"])
        child.addStep("only", .store(1, key: "count"))
        child.start(at: "only")
        let parent = FlowScenario("parent")
        parent.addStep("call", .scenario(child, inputs: ["tga": "tag"], outputs: ["total": "count"]))
        parent.start(at: "call")
        #expect(Self.problems(parent) == [
            .missingInput(step: "call", key: "tag"), .undeclaredInput(step: "call", key: "tga"),
            .undeclaredOutput(step: "call", key: "total"),
        ])
    }

    @Test func subScenarioProblemsNameTheirParents() {
        let child = FlowScenario("child")
        child.addStep("x", Self.tripwire())
        let parent = FlowScenario("parent")
        parent.addStep("call", .scenario(child))
        parent.start(at: "call")
        do {
            try parent.validate()
            Issue.record("validation passed")
        } catch {
            #expect(error.problems == [FlowProblem(scenarioPath: ["parent", "child"], kind: .missingStart)])
            #expect(error.description.contains("in \"parent\" › \"child\": no start step"))
        }
    }

    @Test func recursionBetweenScenariosIsReported() {
        let a = FlowScenario("A")
        let b = FlowScenario("B")
        a.addStep("callB", .scenario(b))
        a.start(at: "callB")
        b.addStep("callA", .scenario(a))
        b.start(at: "callA")
        #expect(Self.problems(a) == [.recursion(["A", "B", "A"])])

        let selfish = FlowScenario("self")
        selfish.addStep("me", .scenario(selfish))
        selfish.start(at: "me")
        #expect(Self.problems(selfish) == [.recursion(["self", "self"])])
    }

    @Test func anInvalidScenarioRunsNoStepAndListsEveryProblem() async {
        let scenario = FlowScenario("many problems")
        scenario.addSteps(["a": Self.tripwire(), "b": Self.tripwire()])
        scenario.start(at: "a")
        scenario.transition(from: "a", to: "missing")
        await #expect(throws: FlowValidationError.self) { try await scenario.run() }
        do {
            _ = try await scenario.run()
        } catch let error as FlowValidationError {
            #expect(error.problems.map(\.kind) == [
                .unknownDestination(Transition(from: "a", trigger: .always, to: "missing")), .unreachable(["b"]),
            ])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
