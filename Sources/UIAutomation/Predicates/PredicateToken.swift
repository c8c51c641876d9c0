/// One token of a predicate format string.
struct PredicateToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// A bare word: a key path (`label`, `frame.width`) or a keyword (`AND`, `CONTAINS`, `YES`).
        case word(String)
        /// A key written `#name`, which is never a keyword.
        case escapedKey(String)
        case string(String)
        case number(Double)
        /// A format specifier without its `%`: "@", "K", "d", "ld", "f", …
        case placeholder(String)
        /// Punctuation and symbolic operators: `==`, `!=`, `<=`, `&&`, `!`, `(`, `{`, `[`, `,`, …
        case symbol(String)
        case end
    }

    let kind: Kind
    /// Character offset of the token's first character in the format string.
    let offset: Int
    /// The token as written.
    let text: String

    /// How an error message names this token: `'AND'`, or "end of input".
    var found: String {
        if kind == .end { return "end of input" }
        let shown = text.count > 40 ? text.prefix(37) + "..." : Substring(text)
        if case .string = kind { return String(shown) }  // already quoted as written
        return "'\(shown)'"
    }

    func isSymbol(_ symbol: String) -> Bool { kind == .symbol(symbol) }

    /// The word in upper case when this is a single bare word (no dots), for keyword matching.
    var keyword: String? {
        guard case .word(let word) = kind, !word.contains(".") else { return nil }
        return word.uppercased()
    }
}
