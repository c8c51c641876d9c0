/// Splits a predicate format string into tokens on demand, so the first error reported is the
/// leftmost one.
struct PredicateLexer {
    let format: String
    private let characters: [Character]
    private var position = 0

    /// Format specifiers accepted after `%` (longest first, so `%ld` is not read as `%l`).
    static let specifiers = ["lld", "lli", "llu", "ld", "li", "lu", "lf", "@", "K", "d", "i", "u", "f"]

    init(format: String) {
        self.format = format
        characters = Array(format)
    }

    mutating func next() throws(PredicateSyntaxError) -> PredicateToken {
        while position < characters.count, characters[position].isWhitespace { position += 1 }
        let start = position
        guard position < characters.count else {
            return PredicateToken(kind: .end, offset: start, text: "")
        }
        let character = characters[position]
        if character == "\"" || character == "'" { return try string(quote: character) }
        if character.isNumber && character.isASCII || startsSignedOrFractionalNumber() { return try number() }
        if Self.isWordStart(character) { return try word(kind: { .word($0) }, from: start) }
        switch character {
        case "#":
            position += 1
            guard position < characters.count, Self.isWordStart(characters[position]) else {
                throw error(at: position, expected: "a key name after '#'")
            }
            return try word(kind: { .escapedKey($0) }, from: start)
        case "%":
            return try placeholder()
        case "$":
            throw error(at: start, expected: "a key path or value (variables such as $name are not supported; use %@ arguments)")
        default:
            return try symbol()
        }
    }

    // MARK: - Token kinds

    private mutating func string(quote: Character) throws(PredicateSyntaxError) -> PredicateToken {
        let start = position
        position += 1
        var value = ""
        while position < characters.count {
            let character = characters[position]
            position += 1
            if character == quote {
                return token(.string(value), from: start)
            }
            guard character == "\\", position < characters.count else {
                value.append(character)
                continue
            }
            let escaped = characters[position]
            position += 1
            switch escaped {
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "r": value.append("\r")
            case "0": value.append("\0")
            case "\\", "\"", "'": value.append(escaped)
            case "u": value.append(try unicodeEscape(at: position - 2))
            // Unknown escapes stay as written, so regular expressions like "\d+" need no doubling.
            default: value.append("\\"); value.append(escaped)
            }
        }
        throw PredicateSyntaxError(
            format: format, offset: start,
            expected: "a closing \(quote) for the string starting here", found: "end of input"
        )
    }

    /// `\uXXXX` (four hex digits) or `\u{X…}`; `escapeOffset` is the backslash.
    private mutating func unicodeEscape(at escapeOffset: Int) throws(PredicateSyntaxError) -> Character {
        var digits = ""
        if position < characters.count, characters[position] == "{" {
            position += 1
            while position < characters.count, characters[position] != "}" {
                digits.append(characters[position])
                position += 1
            }
            position += 1
        } else {
            while digits.count < 4, position < characters.count, characters[position].isHexDigit {
                digits.append(characters[position])
                position += 1
            }
        }
        guard !digits.isEmpty, digits.count <= 8, let code = UInt32(digits, radix: 16),
              let scalar = Unicode.Scalar(code) else {
            throw error(at: escapeOffset, expected: "a Unicode escape such as \\u00E9 or \\u{1F981}")
        }
        return Character(scalar)
    }

    private func startsSignedOrFractionalNumber() -> Bool {
        func isDigit(_ offset: Int) -> Bool {
            offset < characters.count && characters[offset].isASCII && characters[offset].isNumber
        }
        switch characters[position] {
        case "-": return isDigit(position + 1) || (position + 1 < characters.count && characters[position + 1] == "." && isDigit(position + 2))
        case ".": return isDigit(position + 1)
        default: return false
        }
    }

    private mutating func number() throws(PredicateSyntaxError) -> PredicateToken {
        let start = position
        // Take the whole run of number-like characters, then check it is one number.
        if characters[position] == "-" { position += 1 }
        let isHex = characters[position...].prefix(2).map { $0.lowercased() }.joined() == "0x"
        // The first character is a digit or '.', so `previous` below always exists.
        position += 1
        while position < characters.count {
            let character = characters[position]
            let previous = characters[position - 1]
            let isExponentSign = (character == "+" || character == "-") && (previous == "e" || previous == "E") && !isHex
            guard character.isLetter || character.isNumber || character == "." || character == "_" || isExponentSign else { break }
            position += 1
        }
        let text = String(characters[start..<position])
        if let value = Self.numberValue(text) {
            return token(.number(value), from: start)
        }
        throw PredicateSyntaxError(format: format, offset: start, expected: "a number", found: "'\(text)'")
    }

    private static func numberValue(_ text: String) -> Double? {
        let negative = text.hasPrefix("-")
        let body = negative ? String(text.dropFirst()) : text
        let lowered = body.lowercased()
        let magnitude: Double?
        if lowered.hasPrefix("0x") {
            magnitude = UInt64(lowered.dropFirst(2), radix: 16).map { Double($0) }
        } else if body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "+" || $0 == "-") }) {
            magnitude = Double(body).flatMap { $0.isFinite ? $0 : nil }
        } else {
            magnitude = nil
        }
        return magnitude.map { negative ? -$0 : $0 }
    }

    private static func isWordStart(_ character: Character) -> Bool {
        character.isLetter || character == "_"
    }

    private static func isWordPart(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// A word, with dotted parts (`frame.size.width`) kept together as one key path.
    private mutating func word(kind: (String) -> PredicateToken.Kind, from start: Int) throws(PredicateSyntaxError) -> PredicateToken {
        let nameStart = position
        while true {
            while position < characters.count, Self.isWordPart(characters[position]) { position += 1 }
            guard position < characters.count, characters[position] == "." else { break }
            guard position + 1 < characters.count, Self.isWordStart(characters[position + 1]) else {
                throw error(at: position + 1, expected: "a key name after '.'")
            }
            position += 1
        }
        return PredicateToken(
            kind: kind(String(characters[nameStart..<position])),
            offset: start,
            text: String(characters[start..<position])
        )
    }

    private mutating func placeholder() throws(PredicateSyntaxError) -> PredicateToken {
        let start = position
        position += 1
        let rest = characters[position...].prefix(3)
        for specifier in Self.specifiers where rest.starts(with: specifier) {
            position += specifier.count
            return token(.placeholder(specifier), from: start)
        }
        let shown = characters.count > start + 1 ? "'%\(characters[start + 1])'" : "end of input"
        throw PredicateSyntaxError(
            format: format, offset: start,
            expected: "a format specifier (%@, %K, %d, %i, %ld, %f)", found: shown
        )
    }

    private mutating func symbol() throws(PredicateSyntaxError) -> PredicateToken {
        let start = position
        let first = characters[position]
        let second: Character? = position + 1 < characters.count ? characters[position + 1] : nil
        let pairs: Set<String> = ["==", "=<", "=>", "!=", "<>", "<=", ">=", "&&", "||"]
        if let second, pairs.contains(String([first, second])) {
            position += 2
            return token(.symbol(String([first, second])), from: start)
        }
        switch first {
        case "=", "<", ">", "!", "(", ")", "{", "}", "[", "]", ",":
            position += 1
            return token(.symbol(String(first)), from: start)
        case "&", "|":
            throw error(at: start, expected: "'\(first)\(first)'")
        default:
            throw error(at: start, expected: "a key path, value or operator")
        }
    }

    // MARK: - Helpers

    private func token(_ kind: PredicateToken.Kind, from start: Int) -> PredicateToken {
        PredicateToken(kind: kind, offset: start, text: String(characters[start..<position]))
    }

    private func error(at offset: Int, expected: String) -> PredicateSyntaxError {
        let found = offset < characters.count ? "'\(characters[offset])'" : "end of input"
        return PredicateSyntaxError(format: format, offset: offset, expected: expected, found: found)
    }
}
