/// One thing wrong with a scenario's graph, found before it runs.
public struct FlowProblem: Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Sendable, Equatable {
        /// The scenario has no steps.
        case noSteps
        /// Two steps were added under one name.
        case duplicateStep(String)
        /// `start(at:)` was never called.
        case missingStart
        /// The start names no step.
        case unknownStart(String)
        /// A transition leaves from a step that does not exist.
        case unknownSource(Transition)
        /// A transition leads to a step that does not exist.
        case unknownDestination(Transition)
        /// No path from the start reaches these steps.
        case unreachable([String])
        /// Two transitions leave `step` on the same trigger.
        case duplicateTransition(step: String, trigger: TransitionTrigger)
        /// `step` has a plain transition (`transition(from:to:)`) and result transitions: which
        /// one wins is unclear. Use `transition(from:onOtherResultsTo:)` for "any other result".
        case ambiguousTransitions(step: String)
        /// A transition on a result the step can never produce.
        case impossibleResult(step: String, result: FlowResult, possible: [FlowResult])
        /// These steps loop with no result that leaves the loop: a run would spin until its budget.
        case inescapableLoop([String])
        /// A declared exit names a step that does not exist.
        case unknownExit(String)
        /// A declared exit can never happen: a transition always follows that step on that result.
        case impossibleExit(ExpectedExit)
        /// A sub-scenario step does not pass an input the sub-scenario declares.
        case missingInput(step: String, key: String)
        /// A sub-scenario step passes a key the sub-scenario does not declare as an input.
        case undeclaredInput(step: String, key: String)
        /// A sub-scenario step reads back a key the sub-scenario does not declare as an output.
        case undeclaredOutput(step: String, key: String)
        /// Scenarios that contain themselves, outermost first (`A › B › A`).
        case recursion([String])
    }

    /// Which scenario it is in, outermost first (a sub-scenario's problem names its parents).
    public let scenarioPath: [String]
    public let kind: Kind

    public init(scenarioPath: [String], kind: Kind) {
        self.scenarioPath = scenarioPath
        self.kind = kind
    }

    public var description: String {
        "in " + scenarioPath.map { "\"\($0)\"" }.joined(separator: " › ") + ": " + kindText
    }

    private var kindText: String {
        switch kind {
        case .noSteps: return "the scenario has no steps"
        case .duplicateStep(let name): return "two steps are named \"\(name)\""
        case .missingStart: return "no start step (call start(at:))"
        case .unknownStart(let name): return "the start \"\(name)\" is not a step"
        case .unknownSource(let transition): return "transition \(transition) leaves from \"\(transition.from)\", which is not a step"
        case .unknownDestination(let transition): return "transition \(transition) leads to \"\(transition.to)\", which is not a step"
        case .unreachable(let steps): return "no path from the start reaches " + Self.list(steps)
        case .duplicateTransition(let step, let trigger): return "two transitions leave \"\(step)\" \(trigger)"
        case .ambiguousTransitions(let step):
            return "\"\(step)\" has both a plain transition and transitions on results; "
                + "use transition(from:onOtherResultsTo:) for the other results"
        case .impossibleResult(let step, let result, let possible):
            return "the transition from \"\(step)\" on \(result.descriptionWithType) can never be taken: \"\(step)\" produces only "
                + possible.map(\.descriptionWithType).joined(separator: ", ")
        case .inescapableLoop(let steps): return Self.list(steps) + " loop forever: no result leaves the loop"
        case .unknownExit(let name): return "the expected exit \"\(name)\" is not a step"
        case .impossibleExit(let exit): return "the expected exit \(exit) can never happen: a transition always follows it"
        case .missingInput(let step, let key): return "step \"\(step)\" does not pass the sub-scenario's input \"\(key)\""
        case .undeclaredInput(let step, let key):
            return "step \"\(step)\" passes \"\(key)\", which is not an input of its sub-scenario"
        case .undeclaredOutput(let step, let key):
            return "step \"\(step)\" reads back \"\(key)\", which is not an output of its sub-scenario"
        case .recursion(let path): return "scenarios contain themselves: " + path.map { "\"\($0)\"" }.joined(separator: " › ")
        }
    }

    private static func list(_ steps: [String]) -> String { steps.map { "\"\($0)\"" }.joined(separator: ", ") }
}

/// A scenario that cannot run as built: every problem found, each naming its steps.
public struct FlowValidationError: Error, Equatable, CustomStringConvertible {
    /// The scenario validated.
    public let scenario: String
    /// Everything wrong with it and its sub-scenarios.
    public let problems: [FlowProblem]

    public var description: String {
        "scenario \"\(scenario)\" is not valid:\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
    }
}
