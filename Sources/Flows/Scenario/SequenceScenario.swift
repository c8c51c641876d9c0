import Synchronization

/// A scenario that runs its steps one after another (the seed's `KIFSequenceScenario`, KIF's
/// own behaviour). The first failure fails it; its result is its last step's result. Its
/// steps are named `1. <description>`, `2. …` in traces and diagrams.
///
/// ```swift
/// let logIn = SequenceScenario("Log in", steps: [
///     .tap(app.buttons["Log in"]),
///     .typeText("ada", into: app.textFields["user"]),
/// ])
/// ```
public final class SequenceScenario: Scenario {
    private let state: Mutex<(steps: [FlowStep], description: String)>
    private let inputs: Set<String>
    private let outputs: Set<String>

    public init(_ description: String, inputs: Set<String> = [], outputs: Set<String> = [], steps: [FlowStep] = []) {
        state = Mutex((steps, description))
        self.inputs = inputs
        self.outputs = outputs
    }

    /// Appends `step`.
    public func addStep(_ step: FlowStep) {
        state.withLock { $0.steps.append(step) }
    }

    public var definition: ScenarioDefinition {
        let (steps, description) = state.withLock { ($0.steps, $0.description) }
        let names = steps.enumerated().map { "\($0.offset + 1). \($0.element.description)" }
        let transitions = zip(names, names.dropFirst()).map { Transition(from: $0, trigger: .always, to: $1) }
        return ScenarioDefinition(
            description: description, stepNames: names,
            steps: Dictionary(uniqueKeysWithValues: zip(names, steps)), start: names.first,
            transitions: transitions, expectedExits: names.last.map { [ExpectedExit(step: $0, result: nil)] } ?? [],
            inputs: inputs, outputs: outputs, duplicateStepNames: [], identity: ObjectIdentifier(self))
    }
}
