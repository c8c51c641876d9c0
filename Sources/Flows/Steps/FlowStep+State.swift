import LabSupport
import FoundationEssentials

/// The seed's example steps that work on scenario state alone: store a value, compare two
/// keys, increment a number.
extension FlowStep {
    /// Stores `value` under `key` (the seed's `stepToStore:inScenario:withKey:`).
    public static func store(_ value: some Sendable, key: String) -> FlowStep {
        .action("store \(StateChange.describe(value)) as \(SwiftLiteral.string(key))") { context in
            context.setState(value, forKey: key)
        }
    }

    /// Stores `value` under a typed key.
    public static func store<Value: Sendable>(_ value: Value, for key: StateKey<Value>) -> FlowStep {
        store(value, key: key.name)
    }

    /// Compares the values under `key` and `otherKey` (the seed's
    /// `stepToCompareKey:inScenario:withKey:`): the result is `.orderedAscending` when the
    /// first is smaller, `.orderedSame`, or `.orderedDescending`. Numbers compare across `Int`
    /// and `Double`; other values must be `Comparable` and of the same type.
    public static func compare(key: String, with otherKey: String) -> FlowStep {
        FlowStep("compare \"\(key)\" with \"\(otherKey)\"",
                 results: [ComparisonResult.orderedAscending, .orderedSame, .orderedDescending]) { context in
            let value = try context.state(forKey: key)
            let other = try context.state(forKey: otherKey)
            guard let order = compareValues(value, other) else {
                throw ScenarioStateError(
                    problem: .incomparable(with: otherKey, types: "\(type(of: value)) and \(type(of: other))"),
                    key: key, step: context.step, scenario: context.scenario)
            }
            return order
        }
    }

    /// Compares two typed keys; see ``compare(key:with:)``.
    public static func compare<Value: Comparable & Sendable>(_ key: StateKey<Value>, with otherKey: StateKey<Value>) -> FlowStep {
        compare(key: key.name, with: otherKey.name)
    }

    /// Adds `amount` to the `Int` under `key` (the seed's `stepToIncrementNumberWithKey:`).
    public static func increment(key: String, by amount: Int = 1) -> FlowStep {
        .action("increment \"\(key)\"" + (amount == 1 ? "" : " by \(amount)")) { context in
            let number = try context.state(forKey: key, as: Int.self)
            context.setState(number + amount, forKey: key)
        }
    }

    /// Adds `amount` to a typed `Int` key.
    public static func increment(_ key: StateKey<Int>, by amount: Int = 1) -> FlowStep {
        increment(key: key.name, by: amount)
    }
}

/// The order of two state values, if they can be compared.
func compareValues(_ value: any Sendable, _ other: any Sendable) -> ComparisonResult? {
    if let number = asDouble(value), let otherNumber = asDouble(other), !(value is Int && other is Int) {
        return order(number, otherNumber)
    }
    guard let comparable = value as? any Comparable else { return nil }
    return order(comparable, other)
}

private func order<Value: Comparable>(_ value: Value, _ other: Any) -> ComparisonResult? {
    guard let other = other as? Value else { return nil }
    return value < other ? .orderedAscending : value == other ? .orderedSame : .orderedDescending
}

private func asDouble(_ value: Any) -> Double? {
    switch value {
    case let number as Int: return Double(number)
    case let number as Double: return number
    default: return nil
    }
}
