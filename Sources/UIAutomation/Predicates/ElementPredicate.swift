/// A test on an element's attributes, as XCUITest's `NSPredicate`s are.
///
/// Build one from an NSPredicate format string, which Linux Foundation cannot parse:
///
///     let predicate = try ElementPredicate(format: "label BEGINSWITH[c] %@ AND isEnabled == true", "lion")
///
/// or typed:
///
///     let predicate = ElementPredicate.key("label").beginsWith("lion", options: .caseInsensitive) && .isEnabled
///
/// Two predicates are equal when they have the same structure; parsing a predicate's
/// `description` gives an equal predicate.
public struct ElementPredicate: Sendable, Equatable, CustomStringConvertible {
    let node: PredicateNode

    /// The keys it reads, so a caller knows which attributes it needs (e.g. `isHittable` is
    /// expensive to compute) and can reject unknown keys up front.
    public let referencedKeys: Set<String>

    init(node: PredicateNode) {
        self.node = node
        var keys: Set<String> = []
        node.collectKeys(into: &keys)
        referencedKeys = keys
    }

    /// Parses an NSPredicate-style format string. `arguments` replace `%@`, `%K`, `%d`, `%i`,
    /// `%ld`, `%f` in order, as with `NSPredicate(format:_:)`.
    ///
    /// - Throws: ``PredicateSyntaxError`` naming the offset and what was expected, for bad syntax,
    ///   an invalid `MATCHES` pattern, or too few or too many arguments.
    public init(format: String, _ arguments: any PredicateArgument...) throws(PredicateSyntaxError) {
        try self.init(format: format, argumentArray: arguments)
    }

    /// Parses an NSPredicate-style format string with its placeholder arguments given as an array.
    public init(format: String, argumentArray: [any PredicateArgument]) throws(PredicateSyntaxError) {
        let node = try PredicateParser.parse(format: format, arguments: argumentArray.map(\.predicateArgumentValue))
        self.init(node: node)
    }

    /// Whether `subject` satisfies the predicate. Keys the subject does not know read as null.
    public func evaluate(_ subject: some PredicateEvaluable) -> Bool {
        node.evaluate(subject)
    }

    /// The canonical format string, e.g. `label == "Lion" AND exists == true`.
    public var description: String { PredicateFormatter.format(node) }

    public static func == (lhs: ElementPredicate, rhs: ElementPredicate) -> Bool { lhs.node == rhs.node }
}

// MARK: - Typed construction

extension ElementPredicate {
    /// A key to compare: `ElementPredicate.key("label") == "Lion"`, `.key("value").beginsWith("1")`.
    public static func key(_ name: String) -> PredicateKeyExpression { PredicateKeyExpression(name) }

    /// Always true (`TRUEPREDICATE`).
    public static let truePredicate = ElementPredicate(node: .constant(true))
    /// Always false (`FALSEPREDICATE`).
    public static let falsePredicate = ElementPredicate(node: .constant(false))

    /// True when every predicate is; true for an empty list.
    public static func and(_ predicates: [ElementPredicate]) -> ElementPredicate {
        ElementPredicate(node: .conjunction(predicates.map(\.node)))
    }

    /// True when any predicate is; false for an empty list.
    public static func or(_ predicates: [ElementPredicate]) -> ElementPredicate {
        ElementPredicate(node: .disjunction(predicates.map(\.node)))
    }

    public static func && (lhs: ElementPredicate, rhs: ElementPredicate) -> ElementPredicate {
        and([lhs, rhs])
    }

    public static func || (lhs: ElementPredicate, rhs: ElementPredicate) -> ElementPredicate {
        or([lhs, rhs])
    }

    public static prefix func ! (operand: ElementPredicate) -> ElementPredicate {
        ElementPredicate(node: .not(operand.node))
    }
}
