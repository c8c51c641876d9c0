import Synchronization

/// A scenario whose order you define (the seed's `KIFFlowScenario`): steps added by name,
/// a start, and transitions — plain, or on a step's result. When no transition matches a
/// step's result, the scenario exits with that result.
///
/// ```swift
/// let scenario = FlowScenario("Iterate through all the rows in a table")
/// scenario.addSteps([
///     "rowIndex": .store(0, key: "rowIndex"),
///     "hasMoreRows": .compare(key: "rowIndex", with: "numberOfRows"),
///     …
/// ])
/// scenario.start(at: "rowIndex")
/// scenario.transition(from: "rowIndex", to: "hasMoreRows")
/// scenario.transition(from: "hasMoreRows", on: ComparisonResult.orderedAscending, to: "processRow")
/// ```
///
/// Building never fails; ``validate()`` (and every run, before its first step) reports all
/// that is wrong with the graph at once.
public final class FlowScenario: Scenario {
    private let builder: Mutex<Builder>

    /// A scenario described by `description`, that needs `inputs` in its state and hands
    /// back `outputs` when it exits.
    public init(_ description: String, inputs: Set<String> = [], outputs: Set<String> = []) {
        builder = Mutex(Builder(description: description, inputs: inputs, outputs: outputs))
    }

    public var definition: ScenarioDefinition {
        builder.withLock { $0.definition(identity: ObjectIdentifier(self)) }
    }

    // MARK: Steps (the seed's addSteps:)

    /// Adds `step` under `name`.
    public func addStep(_ name: String, _ step: FlowStep) {
        builder.withLock { $0.add(name, step) }
    }

    /// Adds each step under its name, in the order written.
    public func addSteps(_ steps: KeyValuePairs<String, FlowStep>) {
        builder.withLock { builder in
            for (name, step) in steps { builder.add(name, step) }
        }
    }

    // MARK: Order (the seed's startAt:, transitionFrom:to:, transitionFrom:onResult:to:)

    /// The step that runs first.
    public func start(at step: String) {
        builder.withLock { $0.start = step }
    }

    /// After `from`, whatever its result, run `to`.
    public func transition(from: String, to: String) {
        add(Transition(from: from, trigger: .always, to: to))
    }

    /// After `from`, when its result is `result`, run `to`. Call it once per result.
    public func transition<Result: Hashable & Sendable>(from: String, on result: Result, to: String) {
        add(Transition(from: from, trigger: .result(FlowResult(result)), to: to))
    }

    /// After `from`, when its result is none of those its `on:` transitions name, run `to`.
    public func transition(from: String, onOtherResultsTo to: String) {
        add(Transition(from: from, trigger: .otherResults, to: to))
    }

    /// When `from` fails (throws), run `to` instead of failing the scenario. The failure is
    /// recorded in the trace as a recovery.
    public func transition(from: String, onFailureTo to: String) {
        add(Transition(from: from, trigger: .failure, to: to))
    }

    // MARK: Exits

    /// Declares that the scenario may exit after `step` (on `result`, or on any result when
    /// nil). Once any exit is declared, an exit elsewhere fails the run.
    public func expectExit<Result: Hashable & Sendable>(from step: String, on result: Result) {
        builder.withLock { $0.expectedExits.append(ExpectedExit(step: step, result: FlowResult(result))) }
    }

    /// Declares that the scenario may exit after `step`, whatever its result.
    public func expectExit(from step: String) {
        builder.withLock { $0.expectedExits.append(ExpectedExit(step: step, result: nil)) }
    }

    func add(_ transition: Transition) {
        builder.withLock { $0.transitions.append(transition) }
    }

    struct Builder {
        let description: String
        let inputs: Set<String>
        let outputs: Set<String>
        var names: [String] = []
        var steps: [String: FlowStep] = [:]
        var duplicates: [String] = []
        var start: String?
        var transitions: [Transition] = []
        var expectedExits: [ExpectedExit] = []

        mutating func add(_ name: String, _ step: FlowStep) {
            if steps[name] != nil {
                duplicates.append(name)
            } else {
                names.append(name)
            }
            steps[name] = step
        }

        func definition(identity: ObjectIdentifier) -> ScenarioDefinition {
            ScenarioDefinition(
                description: description, stepNames: names, steps: steps, start: start, transitions: transitions,
                expectedExits: expectedExits, inputs: inputs, outputs: outputs, duplicateStepNames: duplicates,
                identity: identity)
        }
    }
}
