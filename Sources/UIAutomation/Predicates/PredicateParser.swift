/// Recursive-descent parser for NSPredicate-style format strings.
///
///     predicate  := or END
///     or         := and (("OR" | "||") and)*
///     and        := not (("AND" | "&&") not)*
///     not        := ("NOT" | "!") not | primary
///     primary    := "(" or ")" | "TRUEPREDICATE" | "FALSEPREDICATE" | comparison
///     comparison := operand operator modifier? operand
///     modifier   := "[" ("c" | "d" | "cd" | "dc") "]"
///     operand    := keyPath | "#" keyPath | string | number | boolean | null | list | placeholder
///     list       := "{" (constant ("," constant)*)? "}"
struct PredicateParser {
    private var lexer: PredicateLexer
    private var current: PredicateToken
    private let arguments: [PredicateArgumentValue]
    private var argumentsUsed = 0

    /// Words that cannot be key paths unless escaped with `#`.
    private static let reservedWords: Set<String> = [
        "AND", "OR", "NOT", "TRUEPREDICATE", "FALSEPREDICATE",
        "CONTAINS", "BEGINSWITH", "ENDSWITH", "LIKE", "MATCHES", "IN", "BETWEEN",
        "TRUE", "FALSE", "YES", "NO", "NIL", "NULL", "SELF", "ANY", "ALL", "SOME", "NONE",
    ]

    static func isReservedWord(_ word: String) -> Bool { reservedWords.contains(word.uppercased()) }

    static func parse(format: String, arguments: [PredicateArgumentValue]) throws(PredicateSyntaxError) -> PredicateNode {
        var parser = try PredicateParser(format: format, arguments: arguments)
        let node = try parser.parseOr(expected: "a predicate")
        if parser.current.kind != .end {
            let expected = parser.current.isSymbol(")")
                ? "end of input (this ')' has no matching '(')"
                : "AND, OR or end of input"
            throw parser.error(expected: expected)
        }
        if parser.argumentsUsed < arguments.count {
            let placeholders = parser.argumentsUsed
            throw PredicateSyntaxError(
                format: format, offset: format.count,
                expected: "\(Self.count(placeholders, "argument")) (one per placeholder)",
                found: Self.count(arguments.count, "argument")
            )
        }
        return node
    }

    private init(format: String, arguments: [PredicateArgumentValue]) throws(PredicateSyntaxError) {
        lexer = PredicateLexer(format: format)
        current = try lexer.next()
        self.arguments = arguments
    }

    // MARK: - Logical structure

    private mutating func parseOr(expected: String) throws(PredicateSyntaxError) -> PredicateNode {
        var operands = [try parseAnd(expected: expected)]
        while current.keyword == "OR" || current.isSymbol("||") {
            let connective = current
            try advance()
            operands.append(try parseAnd(expected: "a predicate after \(connective.found)"))
        }
        return .disjunction(operands)
    }

    private mutating func parseAnd(expected: String) throws(PredicateSyntaxError) -> PredicateNode {
        var operands = [try parseNot(expected: expected)]
        while current.keyword == "AND" || current.isSymbol("&&") {
            let connective = current
            try advance()
            operands.append(try parseNot(expected: "a predicate after \(connective.found)"))
        }
        return .conjunction(operands)
    }

    private mutating func parseNot(expected: String) throws(PredicateSyntaxError) -> PredicateNode {
        guard current.keyword == "NOT" || current.isSymbol("!") else {
            return try parsePrimary(expected: expected)
        }
        let negation = current
        try advance()
        return .not(try parseNot(expected: "a predicate after \(negation.found)"))
    }

    private mutating func parsePrimary(expected: String) throws(PredicateSyntaxError) -> PredicateNode {
        if current.isSymbol("(") {
            let open = current
            try advance()
            let node = try parseOr(expected: "a predicate after '('")
            guard current.isSymbol(")") else {
                throw error(expected: "')' to close the '(' from offset \(open.offset)")
            }
            try advance()
            return node
        }
        switch current.keyword {
        case "TRUEPREDICATE":
            try advance()
            return .constant(true)
        case "FALSEPREDICATE":
            try advance()
            return .constant(false)
        default:
            break
        }
        guard startsOperand(current) else { throw error(expected: expected) }
        return .comparison(try parseComparison())
    }

    // MARK: - Comparisons

    private mutating func parseComparison() throws(PredicateSyntaxError) -> PredicateComparison {
        let lhsToken = current
        let lhs = try parseOperand(expected: "a key path or value")
        let operatorToken = current
        guard let op = comparisonOperator(current) else {
            throw error(expected: "an operator (==, !=, <, <=, >, >=, CONTAINS, BEGINSWITH, ENDSWITH, LIKE, MATCHES, IN, BETWEEN) after \(lhsToken.found)")
        }
        try advance()
        let options = try parseModifier()
        let rhsToken = current
        let rhs = try parseOperand(expected: "a value after '\(operatorToken.text)'")
        try validate(op: op, operatorToken: operatorToken, options: options, rhs: rhs, rhsToken: rhsToken)
        return PredicateComparison(lhs: lhs, op: op, options: options, rhs: rhs)
    }

    private func comparisonOperator(_ token: PredicateToken) -> ComparisonOperator? {
        switch token.kind {
        case .symbol(let symbol): ComparisonOperator(symbol: symbol)
        case .word: token.keyword.flatMap { ComparisonOperator(keyword: $0) }
        default: nil
        }
    }

    private mutating func parseModifier() throws(PredicateSyntaxError) -> PredicateComparisonOptions {
        guard current.isSymbol("[") else { return [] }
        try advance()
        guard case .word(let letters) = current.kind, !letters.isEmpty else {
            throw error(expected: "a modifier: c, d or cd")
        }
        var options: PredicateComparisonOptions = []
        for letter in letters.lowercased() {
            let option: PredicateComparisonOptions
            switch letter {
            case "c": option = .caseInsensitive
            case "d": option = .diacriticInsensitive
            default: throw error(expected: "a modifier: c, d or cd")
            }
            guard !options.contains(option) else { throw error(expected: "a modifier: c, d or cd") }
            options.insert(option)
        }
        try advance()
        guard current.isSymbol("]") else { throw error(expected: "']' to close the modifier") }
        try advance()
        return options
    }

    private func validate(
        op: ComparisonOperator, operatorToken: PredicateToken, options: PredicateComparisonOptions,
        rhs: PredicateOperand, rhsToken: PredicateToken
    ) throws(PredicateSyntaxError) {
        func fail(_ expected: String, found: String? = nil) -> PredicateSyntaxError {
            PredicateSyntaxError(format: lexer.format, offset: rhsToken.offset, expected: expected, found: found ?? rhsToken.found)
        }
        switch (op, rhs) {
        case (.between, .list(let bounds)) where bounds.count != 2:
            throw fail("a list of two values {lower, upper} after '\(operatorToken.text)'", found: "a list of \(Self.count(bounds.count, "value"))")
        case (.between, .value), (.between, .key):
            throw fail("a list of two values {lower, upper} after '\(operatorToken.text)'")
        case (.in, .value(let value)) where value.textValue == nil || value.numericValue != nil:
            throw fail("a list { … }, a string or a key path after '\(operatorToken.text)'")
        case (.matches, .value(let pattern)):
            guard let text = pattern.textValue, PredicateText.regularExpression(text, options: options) != nil else {
                throw fail("a valid regular expression after '\(operatorToken.text)'")
            }
        default:
            break
        }
    }

    // MARK: - Operands

    private func startsOperand(_ token: PredicateToken) -> Bool {
        switch token.kind {
        case .escapedKey, .string, .number, .placeholder: true
        case .symbol(let symbol): symbol == "{"
        // Connectives and operator words cannot start a comparison; other reserved words
        // (literals, SELF, ANY) can, or get their own error from parseOperand.
        case .word: token.keyword.map { !Self.connectiveWords.contains($0) && ComparisonOperator(keyword: $0) == nil } ?? true
        case .end: false
        }
    }

    private static let connectiveWords: Set<String> = ["AND", "OR", "NOT", "TRUEPREDICATE", "FALSEPREDICATE"]
    private static let literalWords: Set<String> = ["TRUE", "FALSE", "YES", "NO", "NIL", "NULL"]
    private static let aggregateWords: Set<String> = ["ANY", "ALL", "SOME", "NONE"]

    private mutating func parseOperand(expected: String) throws(PredicateSyntaxError) -> PredicateOperand {
        switch current.kind {
        case .symbol("{"):
            return .list(try parseList())
        case .placeholder(let specifier):
            let operand = PredicateOperand(try substitute(specifier))
            try advance()
            return operand
        case .escapedKey(let name):
            try advance()
            return .key(name)
        case .word(let word):
            if let keyword = current.keyword, Self.isReservedWord(keyword) {
                if Self.literalWords.contains(keyword) {
                    return .value(try parseConstant(expected: expected))
                }
                if keyword == "SELF" {
                    throw error(expected: "an attribute key path such as label (SELF is not supported)")
                }
                if Self.aggregateWords.contains(keyword) {
                    throw error(expected: "\(expected) (ANY, ALL, SOME and NONE are not supported: attributes are single values)")
                }
                throw error(expected: expected)
            }
            try advance()
            return .key(word)
        default:
            return .value(try parseConstant(expected: expected))
        }
    }

    /// A string, number, boolean, null, or a `%@`-style placeholder standing for one value.
    private mutating func parseConstant(expected: String) throws(PredicateSyntaxError) -> PredicateValue {
        let value: PredicateValue
        switch current.kind {
        case .string(let text): value = .string(text)
        case .number(let number): value = .number(number)
        case .placeholder(let specifier):
            guard case .value(let substituted) = try substitute(specifier) else {
                throw error(expected: "a single value for \(current.text) inside a list")
            }
            value = substituted
        case .word:
            switch current.keyword {
            case "TRUE", "YES": value = .bool(true)
            case "FALSE", "NO": value = .bool(false)
            case "NIL", "NULL": value = .null
            default: throw error(expected: expected)
            }
        default:
            throw error(expected: expected)
        }
        try advance()
        return value
    }

    private mutating func parseList() throws(PredicateSyntaxError) -> [PredicateValue] {
        try advance()  // "{"
        var values: [PredicateValue] = []
        if current.isSymbol("}") {
            try advance()
            return values
        }
        while true {
            values.append(try parseConstant(expected: "a constant value in the list (a string, number, boolean or nil)"))
            if current.isSymbol("}") {
                try advance()
                return values
            }
            guard current.isSymbol(",") else { throw error(expected: "',' or '}' in the list") }
            try advance()
        }
    }

    // MARK: - Placeholders

    /// The argument for the placeholder at `current`, checked against its specifier.
    private mutating func substitute(_ specifier: String) throws(PredicateSyntaxError) -> PredicateArgumentValue {
        guard argumentsUsed < arguments.count else {
            throw error(
                expected: "an argument for \(current.text) (placeholder \(argumentsUsed + 1))",
                found: arguments.isEmpty ? "no arguments" : "only \(Self.count(arguments.count, "argument"))"
            )
        }
        let argument = arguments[argumentsUsed]
        argumentsUsed += 1
        let ordinal = "argument \(argumentsUsed)"
        switch specifier {
        case "@":
            return argument
        case "K":
            let name: String
            switch argument {
            case .key(let key): name = key
            case .value(.string(let key)): name = key
            default: throw error(expected: "a key name (String) for %K", found: "\(ordinal): \(Self.describe(argument))")
            }
            guard Self.isKeyPath(name) else {
                throw error(expected: "a key path such as label or frame.width for %K", found: "\(ordinal): \(Self.describe(argument))")
            }
            return .key(name)
        default:
            let wantsInteger = specifier != "f" && specifier != "lf"
            guard case .value(let value) = argument, let number = value.numericValue,
                  !wantsInteger || number == number.rounded() else {
                let kind = wantsInteger ? "an integer" : "a number"
                throw error(expected: "\(kind) argument for \(current.text)", found: "\(ordinal): \(Self.describe(argument))")
            }
            return .value(.number(number))
        }
    }

    static func isKeyPath(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.allSatisfy { part in
            guard let first = part.first, first.isLetter || first == "_" else { return false }
            return part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        }
    }

    private static func describe(_ argument: PredicateArgumentValue) -> String {
        switch argument {
        case .value(let value): PredicateFormatter.format(value)
        case .list(let values): PredicateFormatter.format(list: values)
        case .key(let name): "key \(name)"
        }
    }

    private static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }

    // MARK: - Tokens and errors

    private mutating func advance() throws(PredicateSyntaxError) {
        current = try lexer.next()
    }

    private func error(expected: String, found: String? = nil) -> PredicateSyntaxError {
        PredicateSyntaxError(format: lexer.format, offset: current.offset, expected: expected, found: found ?? current.found)
    }
}
