/// A key of an element to compare, the left-hand side of a typed predicate:
///
///     ElementPredicate.key("label") == "Lion"
///     ElementPredicate.key("value").beginsWith("1")
///     ElementPredicate.key("label").contains("lion", options: .caseInsensitive)
///     .elementType == 9            // where an ElementPredicate is expected
///
/// Right-hand sides are any ``PredicateArgument``; pass another key to compare two attributes.
/// Compare with `PredicateValue.null` for nil.
public struct PredicateKeyExpression: Sendable, CustomStringConvertible {
    /// The key path, e.g. "label".
    public let key: String

    public init(_ key: String) { self.key = key }

    public var description: String { key }

    private func compare(
        _ op: ComparisonOperator, _ argument: some PredicateArgument, options: PredicateComparisonOptions = []
    ) -> ElementPredicate {
        let comparison = PredicateComparison(
            lhs: .key(key), op: op, options: options, rhs: PredicateOperand(argument.predicateArgumentValue)
        )
        return ElementPredicate(node: .comparison(comparison))
    }

    // MARK: Equality and order

    /// `key ==[options] value`.
    public func equals(_ value: some PredicateArgument, options: PredicateComparisonOptions = []) -> ElementPredicate {
        compare(.equal, value, options: options)
    }

    /// `key !=[options] value`.
    public func notEquals(_ value: some PredicateArgument, options: PredicateComparisonOptions = []) -> ElementPredicate {
        compare(.notEqual, value, options: options)
    }

    public func lessThan(_ value: some PredicateArgument) -> ElementPredicate { compare(.less, value) }
    public func lessThanOrEqual(_ value: some PredicateArgument) -> ElementPredicate { compare(.lessOrEqual, value) }
    public func greaterThan(_ value: some PredicateArgument) -> ElementPredicate { compare(.greater, value) }
    public func greaterThanOrEqual(_ value: some PredicateArgument) -> ElementPredicate { compare(.greaterOrEqual, value) }

    /// `key BETWEEN {lower, upper}` (inclusive).
    public func between(_ lower: some PredicateArgument, _ upper: some PredicateArgument) -> ElementPredicate {
        compare(.between, [lower.predicateArgumentValue, upper.predicateArgumentValue].flatMap(Self.values))
    }

    // MARK: String operators

    /// `key CONTAINS[options] text`.
    public func contains(_ text: some PredicateArgument, options: PredicateComparisonOptions = []) -> ElementPredicate {
        compare(.contains, text, options: options)
    }

    /// `key BEGINSWITH[options] text`.
    public func beginsWith(_ text: some PredicateArgument, options: PredicateComparisonOptions = []) -> ElementPredicate {
        compare(.beginsWith, text, options: options)
    }

    /// `key ENDSWITH[options] text`.
    public func endsWith(_ text: some PredicateArgument, options: PredicateComparisonOptions = []) -> ElementPredicate {
        compare(.endsWith, text, options: options)
    }

    /// `key LIKE[options] pattern`: `*` matches any run of characters, `?` exactly one.
    public func like(_ pattern: some PredicateArgument, options: PredicateComparisonOptions = []) -> ElementPredicate {
        compare(.like, pattern, options: options)
    }

    /// `key MATCHES[options] regex`: the whole value must match (NSRegularExpression syntax).
    /// An invalid pattern matches nothing; parse a format string to have it reported instead.
    public func matches(_ regex: some PredicateArgument, options: PredicateComparisonOptions = []) -> ElementPredicate {
        compare(.matches, regex, options: options)
    }

    /// `key IN {values}`: equal (with `options`) to one of `values`.
    public func `in`(_ values: [any PredicateArgument], options: PredicateComparisonOptions = []) -> ElementPredicate {
        let comparison = PredicateComparison(
            lhs: .key(key), op: .in, options: options, rhs: .list(values.map(\.predicateArgumentValue).flatMap(Self.values))
        )
        return ElementPredicate(node: .comparison(comparison))
    }

    private static func values(_ argument: PredicateArgumentValue) -> [PredicateValue] {
        switch argument {
        case .value(let value): [value]
        case .list(let values): values
        case .key(let name): [.string(name)]
        }
    }

    // MARK: Operators

    public static func == (lhs: PredicateKeyExpression, rhs: some PredicateArgument) -> ElementPredicate { lhs.equals(rhs) }
    public static func != (lhs: PredicateKeyExpression, rhs: some PredicateArgument) -> ElementPredicate { lhs.notEquals(rhs) }
    public static func < (lhs: PredicateKeyExpression, rhs: some PredicateArgument) -> ElementPredicate { lhs.lessThan(rhs) }
    public static func <= (lhs: PredicateKeyExpression, rhs: some PredicateArgument) -> ElementPredicate { lhs.lessThanOrEqual(rhs) }
    public static func > (lhs: PredicateKeyExpression, rhs: some PredicateArgument) -> ElementPredicate { lhs.greaterThan(rhs) }
    public static func >= (lhs: PredicateKeyExpression, rhs: some PredicateArgument) -> ElementPredicate { lhs.greaterThanOrEqual(rhs) }
}

/// A key passed as an argument stands for that key: `%K` takes its name, `%@` reads it.
extension PredicateKeyExpression: PredicateArgument {
    public var predicateArgumentValue: PredicateArgumentValue { .key(key) }
}
