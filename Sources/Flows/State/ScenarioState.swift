import LabSupport

/// The data a scenario's steps share, stored by string key (the seed's
/// `setState:forKey:` / `stateForKey:`). A run starts with the state you pass and returns
/// the state it ended with; a sub-scenario sees only the inputs its parent passes.
public struct ScenarioState: Sendable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    var values: [String: any Sendable]

    public init() { values = [:] }

    public init(dictionaryLiteral elements: (String, any Sendable)...) {
        values = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    /// The value stored under `key`, if any.
    public subscript(key: String) -> (any Sendable)? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// The value stored under `key`, if any.
    public subscript<Value>(key: StateKey<Value>) -> Value? {
        get { values[key.name] as? Value }
        set { values[key.name] = newValue }
    }

    /// The keys that hold a value, sorted.
    public var keys: [String] { values.keys.sorted() }

    public var description: String {
        "[" + keys.map { "\($0): \(StateChange.describe(values[$0]!))" }.joined(separator: ", ") + "]"
    }
}

/// One write to scenario state during a step, as the trace records it.
public struct StateChange: Sendable, CustomStringConvertible {
    /// The key written.
    public let key: String
    /// The new value; `nil` when the key was removed.
    public let value: (any Sendable)?

    /// `rowIndex = 3`, or `rowIndex removed`.
    public var description: String {
        guard let value else { return "\(key) removed" }
        return "\(key) = \(Self.describe(value))"
    }

    static func describe(_ value: any Sendable) -> String {
        if let text = value as? String { return SwiftLiteral.string(text) }
        return String(describing: value)
    }
}
