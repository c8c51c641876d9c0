import Foundation

/// One comparison, `lhs op[options] rhs`, and how it is evaluated.
///
/// Coercions (see docs/predicates.md): bools are 0/1 numbers; a string against a number or bool
/// compares with the number's text for equality and string operators, and numerically (if the
/// string parses as a number) for ordering; null equals only null and fails every other test.
struct PredicateComparison: Sendable, Equatable {
    let lhs: PredicateOperand
    let op: ComparisonOperator
    let options: PredicateComparisonOptions
    let rhs: PredicateOperand
    /// Compiled once when the pattern of a MATCHES is a constant; nil if it is a key or invalid.
    private let compiledPattern: NSRegularExpression?

    init(lhs: PredicateOperand, op: ComparisonOperator, options: PredicateComparisonOptions = [], rhs: PredicateOperand) {
        self.lhs = lhs
        self.op = op
        self.options = options
        self.rhs = rhs
        if op == .matches, case .value(let pattern) = rhs, let text = pattern.textValue {
            compiledPattern = PredicateText.regularExpression(text, options: options)
        } else {
            compiledPattern = nil
        }
    }

    static func == (lhs: PredicateComparison, rhs: PredicateComparison) -> Bool {
        lhs.lhs == rhs.lhs && lhs.op == rhs.op && lhs.options == rhs.options && lhs.rhs == rhs.rhs
    }

    func evaluate(_ subject: some PredicateEvaluable) -> Bool {
        let left = lhs.resolve(in: subject)
        let right = rhs.resolve(in: subject)
        switch op {
        case .equal: return equal(left, right)
        case .notEqual: return !equal(left, right)
        case .less: return order(left, right).map { $0 < 0 } ?? false
        case .lessOrEqual: return order(left, right).map { $0 <= 0 } ?? false
        case .greater: return order(left, right).map { $0 > 0 } ?? false
        case .greaterOrEqual: return order(left, right).map { $0 >= 0 } ?? false
        case .contains:
            if case .list(let items) = left, case .value(let item) = right {
                return items.contains { equal(item, $0) }
            }
            return text(left, right) { $1.isEmpty || $0.contains($1) }
        case .in:
            if case .value(let item) = left, case .list(let items) = right {
                return items.contains { equal(item, $0) }
            }
            return text(left, right) { $0.isEmpty || $1.contains($0) }
        case .beginsWith: return text(left, right) { $0.hasPrefix($1) }
        case .endsWith: return text(left, right) { $0.hasSuffix($1) }
        case .like: return text(left, right) { PredicateText.like($0, pattern: $1) }
        case .matches:
            guard case .value(let value) = left, let subjectText = value.textValue else { return false }
            let regex: NSRegularExpression?
            if let compiledPattern {
                regex = compiledPattern
            } else if case .value(let pattern) = right, let patternText = pattern.textValue {
                regex = PredicateText.regularExpression(patternText, options: options)
            } else {
                regex = nil
            }
            guard let regex else { return false }
            return PredicateText.matches(PredicateText.fold(subjectText, options), regex: regex)
        case .between:
            guard case .list(let bounds) = right, bounds.count == 2 else { return false }
            guard let low = order(left, .value(bounds[0])), let high = order(left, .value(bounds[1])) else { return false }
            return low >= 0 && high <= 0
        }
    }

    // MARK: - Coercions

    private func equal(_ left: PredicateOperand.Resolved, _ right: PredicateOperand.Resolved) -> Bool {
        switch (left, right) {
        case (.value(let a), .value(let b)): equal(a, b)
        case (.list(let a), .list(let b)): a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
        default: false
        }
    }

    private func equal(_ a: PredicateValue, _ b: PredicateValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.null, _), (_, .null): return false
        case (.string(let x), .string(let y)): return PredicateText.fold(x, options) == PredicateText.fold(y, options)
        case (.string, _), (_, .string):
            guard let x = a.textValue, let y = b.textValue else { return false }
            return PredicateText.fold(x, options) == PredicateText.fold(y, options)
        default:
            guard let x = a.numericValue, let y = b.numericValue else { return false }
            return x == y
        }
    }

    /// Negative, zero or positive like `compare`; nil when the two cannot be ordered.
    private func order(_ left: PredicateOperand.Resolved, _ right: PredicateOperand.Resolved) -> Int? {
        guard case .value(let a) = left, case .value(let b) = right else { return nil }
        switch (a, b) {
        case (.null, _), (_, .null): return nil
        case (.string(let x), .string(let y)):
            let (fx, fy) = (PredicateText.fold(x, options), PredicateText.fold(y, options))
            return fx < fy ? -1 : (fx == fy ? 0 : 1)
        default:
            guard let x = Self.number(a), let y = Self.number(b) else { return nil }
            return x < y ? -1 : (x == y ? 0 : 1)
        }
    }

    /// A number for ordering: strings count if they parse as a number ("75" > 50).
    private static func number(_ value: PredicateValue) -> Double? {
        if case .string(let text) = value {
            return Double(text.trimmingCharacters(in: .whitespaces))
        }
        return value.numericValue
    }

    /// Applies a string test to both sides' text, folded by the options; false for null or lists.
    private func text(
        _ left: PredicateOperand.Resolved, _ right: PredicateOperand.Resolved,
        _ test: (String, String) -> Bool
    ) -> Bool {
        guard case .value(let a) = left, case .value(let b) = right,
              let x = a.textValue, let y = b.textValue else { return false }
        return test(PredicateText.fold(x, options), PredicateText.fold(y, options))
    }
}
