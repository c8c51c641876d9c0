import FoundationEssentials

/// What a step produced: the value a scenario's transitions branch on (the seed's
/// `step.result`). Any `Hashable & Sendable` value can be a result — `true`, `"done"`, `3`,
/// `ComparisonResult.orderedAscending`, or an enum of your own; two results are equal when
/// their values are equal and of the same type.
///
/// A step that only acts (a tap, a store) produces ``success``, KIF's `KIFTestStepResultSuccess`.
public struct FlowResult: Hashable, @unchecked Sendable, CustomStringConvertible {
    // Unchecked: every initialiser takes a `Sendable` value, so the box only ever holds one.
    private let box: AnyHashable

    /// A result carrying `value`. A `FlowResult` passed in is kept as it is, not nested.
    public init<Value: Hashable & Sendable>(_ value: Value) {
        if let result = value as? FlowResult {
            self = result
        } else {
            box = AnyHashable(value)
        }
    }

    /// The result of a step that only acts: it did what it had to.
    public static let success = FlowResult(StepSuccess.success)

    /// The value, if it is a `Value`.
    public func value<Value>(as type: Value.Type = Value.self) -> Value? { box.base as? Value }

    /// The value's type, e.g. `Int` or `ComparisonResult`.
    public var valueType: Any.Type { type(of: box.base) }

    /// The value as written in Swift: `true`, `-1`, `"done"`, `orderedAscending`, `success`.
    public var description: String {
        switch box.base {
        case let text as String: return "\"\(text)\""
        case let comparison as ComparisonResult:
            switch comparison {
            case .orderedAscending: return "orderedAscending"
            case .orderedSame: return "orderedSame"
            case .orderedDescending: return "orderedDescending"
            }
        default: return String(describing: box.base)
        }
    }

    /// The description followed by the value's type where the description alone could
    /// mislead (`-1 (Int)` versus `orderedAscending`).
    var descriptionWithType: String {
        switch box.base {
        case is String, is ComparisonResult, is Bool, is StepSuccess: return description
        default: return "\(description) (\(valueType))"
        }
    }
}

/// The one value of ``FlowResult/success``.
enum StepSuccess: Hashable, Sendable, CustomStringConvertible {
    case success
    var description: String { "success" }
}

extension FlowResult: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    public init(booleanLiteral value: Bool) { self.init(value) }
    public init(integerLiteral value: Int) { self.init(value) }
    public init(stringLiteral value: String) { self.init(value) }
}
