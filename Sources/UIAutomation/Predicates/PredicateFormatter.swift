import LabSupport

/// Writes a predicate back as a canonical format string that parses to the same predicate.
enum PredicateFormatter {
    static func format(_ node: PredicateNode) -> String {
        switch node {
        case .constant(let result):
            return result ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .comparison(let comparison):
            return "\(format(comparison.lhs)) \(comparison.op.formatText)\(comparison.options.formatSuffix) \(format(comparison.rhs))"
        case .not(let operand):
            return "NOT \(grouped(operand, always: true))"
        case .and(let operands):
            return operands.map { grouped($0) }.joined(separator: " AND ")
        case .or(let operands):
            return operands.map { grouped($0) }.joined(separator: " OR ")
        }
    }

    /// Compound operands get parentheses so the structure survives a round trip.
    private static func grouped(_ node: PredicateNode, always: Bool = false) -> String {
        switch node {
        case .and, .or: "(\(format(node)))"
        case .not, .comparison: always ? "(\(format(node)))" : format(node)
        case .constant: format(node)
        }
    }

    static func format(_ operand: PredicateOperand) -> String {
        switch operand {
        case .key(let name): PredicateParser.isReservedWord(name) ? "#\(name)" : name
        case .value(let value): format(value)
        case .list(let values): format(list: values)
        }
    }

    static func format(list values: [PredicateValue]) -> String {
        "{" + values.map(format).joined(separator: ", ") + "}"
    }

    static func format(_ value: PredicateValue) -> String {
        switch value {
        case .string(let text): SwiftLiteral.string(text)
        case .number(let number): PredicateValue.text(of: number)
        case .bool(let flag): flag ? "true" : "false"
        case .null: "nil"
        }
    }
}
