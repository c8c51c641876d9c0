import Foundation
import LabSupport

/// A forward-only reader of JSON text that builds only what its caller asks for: DevTools'
/// one hand-written JSON parser, for the two hot paths where `JSONDecoder` spent most of its
/// time on containers and keys the caller then threw away — routing every message (``Envelope``)
/// and the accessibility trees every query reads (``CDP/Accessibility/AXNode``).
///
/// Values the caller reads are checked as JSON (strings with their escapes, numbers, literals);
/// values it skips are only matched up (brackets counted outside strings), as a caller that
/// skips a value does not depend on what is in it. A text that does not read as asked throws
/// ``Malformed``.
struct JSONReader {
    /// The text is not JSON, or not of the shape the caller reads.
    struct Malformed: Error, CustomStringConvertible {
        let offset: Int
        let reason: String
        var description: String { "malformed JSON at byte \(offset): \(reason)" }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Runs `body` with a reader over `data`.
    static func read<T>(_ data: Data, _ body: (inout JSONReader) throws -> T) throws -> T {
        try data.withUnsafeBytes { raw in
            var reader = JSONReader(raw.bindMemory(to: UInt8.self))
            return try body(&reader)
        }
    }

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
    private static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    private static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
    private static let comma = UInt8(ascii: ","), colon = UInt8(ascii: ":")

    // MARK: Containers

    /// Reads an object: `member` is called with each key and must read or skip its value.
    mutating func readObject(_ member: (inout JSONReader, String) throws -> Void) throws {
        try expect(Self.openBrace, "an object")
        skipWhitespace()
        if take(Self.closeBrace) { return }
        while true {
            skipWhitespace()
            let key = try readString()
            skipWhitespace()
            try expect(Self.colon, "':' after a key")
            skipWhitespace()
            try member(&self, key)
            skipWhitespace()
            if take(Self.comma) { continue }
            try expect(Self.closeBrace, "',' or '}' in an object")
            return
        }
    }

    /// Reads an array: `element` is called for each element and must read or skip it.
    mutating func readElements(_ element: (inout JSONReader) throws -> Void) throws {
        try expect(Self.openBracket, "an array")
        skipWhitespace()
        if take(Self.closeBracket) { return }
        while true {
            skipWhitespace()
            try element(&self)
            skipWhitespace()
            if take(Self.comma) { continue }
            try expect(Self.closeBracket, "',' or ']' in an array")
            return
        }
    }

    /// Reads an array whose elements `element` reads.
    mutating func readArray<T>(of element: (inout JSONReader) throws -> T) throws -> [T] {
        var values: [T] = []
        try readElements { reader in values.append(try element(&reader)) }
        return values
    }

    /// Reads an array of strings.
    mutating func readStrings() throws -> [String] {
        try readArray(of: { (reader: inout JSONReader) in try reader.readString() })
    }

    /// Reads an array of whole numbers.
    mutating func readInts() throws -> [Int] {
        try readArray(of: { (reader: inout JSONReader) in try reader.readInt() })
    }

    /// Whether the next value is `null`; consumes it if so.
    mutating func readNull() -> Bool {
        skipWhitespace()
        return takeWord("null")
    }

    /// Checks that nothing but whitespace is left.
    mutating func end() throws {
        skipWhitespace()
        guard index == bytes.count else { throw malformed("text after the value") }
    }

    // MARK: Scalars

    /// Reads a string, escapes decoded (a lone surrogate becomes U+FFFD).
    mutating func readString() throws -> String {
        try expect(Self.quote, "a string")
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Self.quote {
                defer { index += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
            if byte == Self.backslash { return try readEscapedString(from: start) }
            if byte < 0x20 { throw malformed("a control character in a string") }
            index += 1
        }
        throw malformed("an unterminated string")
    }

    private mutating func readEscapedString(from start: Int) throws -> String {
        var utf8 = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case Self.quote:
                return String(decoding: utf8, as: UTF8.self)
            case Self.backslash:
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): utf8.append(contentsOf: String(try readUnicodeEscape()).utf8)
                default: throw malformed("an unknown escape")
                }
            default:
                if byte < 0x20 { throw malformed("a control character in a string") }
                utf8.append(byte)
            }
        }
        throw malformed("an unterminated string")
    }

    /// The character of a `\uXXXX` escape (after the `u`), joining a surrogate pair.
    private mutating func readUnicodeEscape() throws -> Character {
        let first = try readHex4()
        if (0xD800...0xDBFF).contains(first), index + 1 < bytes.count,
           bytes[index] == Self.backslash, bytes[index + 1] == UInt8(ascii: "u") {
            let resume = index
            index += 2
            let second = try readHex4()
            if (0xDC00...0xDFFF).contains(second), let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) {
                return Character(scalar)
            }
            index = resume  // not a pair: the second escape is read on its own
        }
        return Character(Unicode.Scalar(first) ?? "\u{FFFD}")
    }

    private mutating func readHex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw malformed("a short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw malformed("a bad \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Reads a number.
    mutating func readNumber() throws -> Double {
        if let whole = plainInteger() { return Double(whole) }
        let text = try numberText()
        guard let number = Double(text) else { throw malformed("a number out of range") }
        return number
    }

    /// Reads a number that is a whole number.
    mutating func readInt() throws -> Int {
        if let whole = plainInteger() { return whole }
        let text = try numberText()
        if let number = Int(text) { return number }
        guard let number = Double(text).flatMap({ Int(exactly: $0) }) else { throw malformed("not a whole number") }
        return number
    }

    /// The common case read without making text: an optional minus and up to 18 digits, not
    /// followed by a fraction or an exponent; `nil` (nothing consumed) for anything else.
    private mutating func plainInteger() -> Int? {
        skipWhitespace()
        var cursor = index
        let negative = cursor < bytes.count && bytes[cursor] == UInt8(ascii: "-")
        if negative { cursor += 1 }
        let first = cursor
        var value = 0
        while cursor < bytes.count, bytes[cursor] >= UInt8(ascii: "0"), bytes[cursor] <= UInt8(ascii: "9"), cursor - first < 18 {
            value = value * 10 + Int(bytes[cursor] - UInt8(ascii: "0"))
            cursor += 1
        }
        guard cursor > first else { return nil }
        // A fraction, an exponent, a 19th digit, a leading zero before digits, or minus zero
        // (a Double's -0.0) takes the general path.
        if cursor < bytes.count {
            let next = bytes[cursor]
            if next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E")
                || (next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9")) { return nil }
        }
        if bytes[first] == UInt8(ascii: "0") && (cursor - first > 1 || negative) { return nil }
        index = cursor
        return negative ? -value : value
    }

    /// The text of a number, checked against JSON's grammar.
    private mutating func numberText() throws -> String {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - from
        }
        _ = take(UInt8(ascii: "-"))
        guard digits() > 0 else { throw malformed("a number") }
        if take(UInt8(ascii: ".")), digits() == 0 { throw malformed("digits after '.'") }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            _ = take(UInt8(ascii: "+")) || take(UInt8(ascii: "-"))
            guard digits() > 0 else { throw malformed("an exponent") }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// Reads `true` or `false`.
    mutating func readBool() throws -> Bool {
        if takeWord("true") { return true }
        if takeWord("false") { return false }
        throw malformed("true or false")
    }

    /// Reads any value.
    mutating func readValue() throws -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw malformed("a value") }
        switch bytes[index] {
        case Self.quote:
            return .string(try readString())
        case Self.openBrace:
            var object: [String: JSONValue] = [:]
            try readObject { reader, key in object[key] = try reader.readValue() }
            return .object(object)
        case Self.openBracket:
            var array: [JSONValue] = []
            try readElements { reader in array.append(try reader.readValue()) }
            return .array(array)
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            return .bool(try readBool())
        case UInt8(ascii: "n"):
            guard readNull() else { throw malformed("a value") }
            return .null
        default:
            return .number(try readNumber())
        }
    }

    /// Skips a value: a string or a scalar to its end, a container to its matching bracket
    /// (strings inside skipped whole, so brackets in them do not count): LabSupport's
    /// `JSONSkipping`, shared with MessagesModel.
    mutating func skipValue() throws {
        do {
            index = try JSONSkipping.value(in: bytes, from: index)
        } catch {
            throw Malformed(offset: error.offset, reason: error.reason)
        }
    }

    // MARK: Bytes

    private mutating func skipWhitespace() {
        index = JSONSkipping.whitespace(in: bytes, from: index)
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws {
        skipWhitespace()
        guard take(byte) else { throw malformed("expected \(what)") }
    }

    private mutating func takeWord(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let matches = word.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
        }
        if matches { index += count }
        return matches
    }

    private func malformed(_ reason: String) -> Malformed { Malformed(offset: index, reason: reason) }
}
