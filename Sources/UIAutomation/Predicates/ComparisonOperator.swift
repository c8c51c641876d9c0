/// The operator of one comparison in a predicate.
enum ComparisonOperator: Sendable, Equatable {
    case equal, notEqual
    case less, lessOrEqual, greater, greaterOrEqual
    case contains, beginsWith, endsWith, like, matches
    case `in`, between

    /// The canonical spelling used in `ElementPredicate.description`.
    var formatText: String {
        switch self {
        case .equal: "=="
        case .notEqual: "!="
        case .less: "<"
        case .lessOrEqual: "<="
        case .greater: ">"
        case .greaterOrEqual: ">="
        case .contains: "CONTAINS"
        case .beginsWith: "BEGINSWITH"
        case .endsWith: "ENDSWITH"
        case .like: "LIKE"
        case .matches: "MATCHES"
        case .in: "IN"
        case .between: "BETWEEN"
        }
    }

    /// The operator for a symbol token (`==`, `=<`, `<>`, …), nil if it is not one.
    init?(symbol: String) {
        switch symbol {
        case "==", "=": self = .equal
        case "!=", "<>": self = .notEqual
        case "<": self = .less
        case "<=", "=<": self = .lessOrEqual
        case ">": self = .greater
        case ">=", "=>": self = .greaterOrEqual
        default: return nil
        }
    }

    /// The operator for a keyword, matched case-insensitively; nil if it is not one.
    init?(keyword: String) {
        switch keyword.uppercased() {
        case "CONTAINS": self = .contains
        case "BEGINSWITH": self = .beginsWith
        case "ENDSWITH": self = .endsWith
        case "LIKE": self = .like
        case "MATCHES": self = .matches
        case "IN": self = .in
        case "BETWEEN": self = .between
        default: return nil
        }
    }
}
