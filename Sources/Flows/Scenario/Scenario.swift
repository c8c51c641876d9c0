/// A unit of test steps with a start and transitions between them (the seed's
/// `KIFTestScenario`). ``FlowScenario`` lets you choose the order and branch on results;
/// ``SequenceScenario`` runs its steps one after another. Either can be a step of another
/// scenario (``FlowStep/scenario(_:inputs:outputs:)``).
///
/// Run one with ``run(state:budget:traceLimit:)``; check one without running it with ``validate()``.
public protocol Scenario: AnyObject, Sendable, CustomStringConvertible {
    /// The scenario's steps and transitions as they are now.
    var definition: ScenarioDefinition { get }
}

extension Scenario {
    public var description: String { definition.description }
}

/// What triggers a transition out of a step.
public enum TransitionTrigger: Hashable, Sendable, CustomStringConvertible {
    /// Whatever the step's result (`transitionFrom:to:`).
    case always
    /// One result (`transitionFrom:onResult:to:`).
    case result(FlowResult)
    /// Any result no `.result` transition of the step names.
    case otherResults
    /// The step failed (threw): a recovery path.
    case failure

    public var description: String {
        switch self {
        case .always: return "always"
        case .result(let result): return "on \(result)"
        case .otherResults: return "on other results"
        case .failure: return "on failure"
        }
    }
}

/// A transition from one step to another.
public struct Transition: Hashable, Sendable, CustomStringConvertible {
    public let from: String
    public let trigger: TransitionTrigger
    public let to: String

    public init(from: String, trigger: TransitionTrigger, to: String) {
        self.from = from
        self.trigger = trigger
        self.to = to
    }

    public var description: String { "\(from) → \(to) (\(trigger))" }
}

/// An exit a scenario declares it expects: from `step`, on `result` (any result when nil).
/// Once a scenario declares exits, exiting anywhere else fails the run.
public struct ExpectedExit: Hashable, Sendable, CustomStringConvertible {
    public let step: String
    public let result: FlowResult?

    public init(step: String, result: FlowResult?) {
        self.step = step
        self.result = result
    }

    public var description: String { result.map { "\(step) on \($0)" } ?? step }
}

/// A scenario's graph at one moment: what validation checks, runs execute and diagrams draw.
public struct ScenarioDefinition: Sendable {
    /// What the scenario does.
    public let description: String
    /// Step names in the order they were added.
    public let stepNames: [String]
    /// The steps by name.
    public let steps: [String: FlowStep]
    /// The first step, if set.
    public let start: String?
    /// Every transition, in the order they were added.
    public let transitions: [Transition]
    /// Declared exits; empty means any exit is accepted.
    public let expectedExits: [ExpectedExit]
    /// State keys the scenario needs from a parent (or from the run's initial state).
    public let inputs: Set<String>
    /// State keys the scenario hands back when it exits.
    public let outputs: Set<String>
    /// Step names added more than once (a problem validation reports).
    let duplicateStepNames: [String]
    /// The scenario object, to recognise it inside itself.
    let identity: ObjectIdentifier
}
