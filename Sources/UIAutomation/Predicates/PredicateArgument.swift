/// A value that can be substituted for a placeholder (`%@`, `%K`, `%d`, …) in a predicate format
/// string, or compared with in a typed predicate.
///
/// `String`, `Substring`, the integer types, `Double`, `Float`, `Bool`, `PredicateValue`,
/// optionals and arrays of these conform. For `%K` pass the key name as a `String`, or pass a
/// ``PredicateKeyExpression`` (`ElementPredicate.key("label")`) to any placeholder to mean a key.
public protocol PredicateArgument: Sendable {
    /// What this argument stands for in a predicate.
    var predicateArgumentValue: PredicateArgumentValue { get }
}

/// What a ``PredicateArgument`` stands for: a single value, a list (for `IN` and `BETWEEN`), or a key.
public enum PredicateArgumentValue: Sendable, Equatable {
    case value(PredicateValue)
    case list([PredicateValue])
    case key(String)
}

extension PredicateValue: PredicateArgument {
    public var predicateArgumentValue: PredicateArgumentValue { .value(self) }
}

extension String: PredicateArgument {
    public var predicateArgumentValue: PredicateArgumentValue { .value(.string(self)) }
}

extension Substring: PredicateArgument {
    public var predicateArgumentValue: PredicateArgumentValue { .value(.string(String(self))) }
}

extension Bool: PredicateArgument {
    public var predicateArgumentValue: PredicateArgumentValue { .value(.bool(self)) }
}

/// Integers and floating-point numbers are numbers (`Double`; integers beyond 2^53 lose precision).
extension PredicateArgument where Self: BinaryInteger {
    public var predicateArgumentValue: PredicateArgumentValue { .value(.number(Double(self))) }
}

extension PredicateArgument where Self: BinaryFloatingPoint {
    public var predicateArgumentValue: PredicateArgumentValue { .value(.number(Double(self))) }
}

extension Int: PredicateArgument {}
extension Int8: PredicateArgument {}
extension Int16: PredicateArgument {}
extension Int32: PredicateArgument {}
extension Int64: PredicateArgument {}
extension UInt: PredicateArgument {}
extension UInt8: PredicateArgument {}
extension UInt16: PredicateArgument {}
extension UInt32: PredicateArgument {}
extension UInt64: PredicateArgument {}
extension Double: PredicateArgument {}
extension Float: PredicateArgument {}

/// `nil` stands for the null value (`%@` with `nil` is like writing `nil`).
extension Optional: PredicateArgument where Wrapped: PredicateArgument {
    public var predicateArgumentValue: PredicateArgumentValue {
        switch self {
        case .some(let wrapped): wrapped.predicateArgumentValue
        case .none: .value(.null)
        }
    }
}

/// An array is a list, as `{ 'a', 'b' }` is in a format string. Nested arrays are flattened;
/// a key inside an array stands for its name as a string.
extension Array: PredicateArgument where Element: PredicateArgument {
    public var predicateArgumentValue: PredicateArgumentValue {
        .list(flatMap { element -> [PredicateValue] in
            switch element.predicateArgumentValue {
            case .value(let value): [value]
            case .list(let values): values
            case .key(let name): [.string(name)]
            }
        })
    }
}
