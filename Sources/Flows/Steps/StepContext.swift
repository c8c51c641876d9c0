/// What a running step sees: the scenario's state (read and written by key, as the seed's
/// `stateForKey:` and `setState:forKey:`), its own name and scenario for messages, and
/// whether a failure of this step will be routed (so that a UI step can skip costly failure
/// artifacts for a failure the scenario expects).
///
/// The runner hands one context to each step in turn; do not keep it beyond the step.
public final class StepContext {
    /// The running scenario's description.
    public let scenario: String
    /// The running step's name.
    public internal(set) var step: String = ""
    /// Whether the step has a failure transition: a failure here is an outcome the scenario
    /// routes, not the end of the run.
    public internal(set) var failureIsRoutable = false

    var state: ScenarioState
    var changes: [StateChange] = []

    init(scenario: String, state: ScenarioState) {
        self.scenario = scenario
        self.state = state
    }

    // MARK: String keys (the seed's API)

    /// Stores `value` under `key` (the seed's `setState:forKey:`).
    public func setState(_ value: any Sendable, forKey key: String) {
        state.values[key] = value
        changes.append(StateChange(key: key, value: value))
    }

    /// Removes the value under `key`.
    public func removeState(forKey key: String) {
        state.values[key] = nil
        changes.append(StateChange(key: key, value: nil))
    }

    /// Whether a value is stored under `key`.
    public func hasState(forKey key: String) -> Bool { state.values[key] != nil }

    /// The value stored under `key` (the seed's `stateForKey:`); a missing key is a
    /// ``ScenarioStateError`` naming this step and the key.
    public func state(forKey key: String) throws(ScenarioStateError) -> any Sendable {
        guard let value = state.values[key] else { throw error(.missing, key) }
        return value
    }

    /// The value stored under `key` as a `Value`; a missing key or a value of another type
    /// is a ``ScenarioStateError`` naming this step, the key and both types.
    public func state<Value>(forKey key: String, as type: Value.Type = Value.self) throws(ScenarioStateError) -> Value {
        let value = try state(forKey: key)
        guard let typed = value as? Value else {
            throw error(.wrongType(expected: "\(Value.self)", actual: "\(Swift.type(of: value))"), key)
        }
        return typed
    }

    // MARK: Typed keys

    /// The value stored under `key`; throws as ``state(forKey:as:)`` does.
    public func state<Value>(_ key: StateKey<Value>) throws(ScenarioStateError) -> Value {
        try state(forKey: key.name, as: Value.self)
    }

    /// Stores `value` under `key`.
    public func setState<Value>(_ value: Value, for key: StateKey<Value>) {
        setState(value, forKey: key.name)
    }

    private func error(_ problem: ScenarioStateError.Problem, _ key: String) -> ScenarioStateError {
        ScenarioStateError(problem: problem, key: key, step: step, scenario: scenario)
    }
}

/// A step read scenario state that is not there, or not of the type it needs. Always a
/// mistake in the test, so it fails the scenario even where the step has a failure
/// transition.
public struct ScenarioStateError: Error, Equatable, CustomStringConvertible {
    /// What is wrong with the key.
    public enum Problem: Sendable, Equatable {
        /// Nothing is stored under the key.
        case missing
        /// The value's type is not the one asked for.
        case wrongType(expected: String, actual: String)
        /// The value cannot be compared with the one under another key.
        case incomparable(with: String, types: String)
    }

    public let problem: Problem
    /// The key read.
    public let key: String
    /// The step that read it.
    public let step: String
    /// The scenario it ran in.
    public let scenario: String

    public init(problem: Problem, key: String, step: String, scenario: String) {
        self.problem = problem
        self.key = key
        self.step = step
        self.scenario = scenario
    }

    public var description: String {
        switch problem {
        case .missing:
            return "step \"\(step)\" of \"\(scenario)\" reads state \"\(key)\", which nothing has stored"
        case .wrongType(let expected, let actual):
            return "step \"\(step)\" of \"\(scenario)\" reads state \"\(key)\" as \(expected), but it holds \(actual)"
        case .incomparable(let other, let types):
            return "step \"\(step)\" of \"\(scenario)\" cannot compare state \"\(key)\" with \"\(other)\" (\(types))"
        }
    }
}
