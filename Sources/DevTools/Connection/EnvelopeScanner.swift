import Foundation

/// The routing fields of a CDP message, read in one pass without building a JSON tree.
///
/// Routing needs only `id`, `method`, `sessionId` and whether there is an `error`; a full
/// decode of every message on the reader thread measurably slowed the round trip. Anything
/// unusual (escapes in the routed strings, a structure that does not close) makes the scan
/// give up, and the caller falls back to `JSONDecoder`, which has the final word.
struct Envelope: Equatable {
    var id: Int?
    var method: String?
    var sessionId: String?
    var hasError = false

    /// Scans the top level of `data`; `nil` when the fast path cannot be sure.
    static func scan(_ data: Data) -> Envelope? {
        data.withUnsafeBytes { raw in
            var scanner = ByteScanner(bytes: raw.bindMemory(to: UInt8.self))
            return scanner.envelope()
        }
    }
}

private struct ByteScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
    private static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    private static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
    private static let comma = UInt8(ascii: ","), colon = UInt8(ascii: ":")

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func envelope() -> Envelope? {
        var envelope = Envelope()
        skipWhitespace()
        guard take(Self.openBrace) else { return nil }
        skipWhitespace()
        if take(Self.closeBrace) { return envelope }
        while true {
            skipWhitespace()
            guard let key = plainString() else { return nil }
            skipWhitespace()
            guard take(Self.colon) else { return nil }
            skipWhitespace()
            switch key {
            case "id":
                guard let id = integer() else { return nil }
                envelope.id = id
            case "method":
                guard let method = plainString() else { return nil }
                envelope.method = method
            case "sessionId":
                guard let session = plainString() else { return nil }
                envelope.sessionId = session
            case "error":
                envelope.hasError = true
                guard skipValue() else { return nil }
            default:
                guard skipValue() else { return nil }
            }
            skipWhitespace()
            if take(Self.comma) { continue }
            guard take(Self.closeBrace) else { return nil }
            skipWhitespace()
            return index == bytes.count ? envelope : nil
        }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    /// A string without escapes (keys, method names, session ids); `nil` otherwise.
    private mutating func plainString() -> String? {
        guard take(Self.quote) else { return nil }
        let start = index
        while index < bytes.count, bytes[index] != Self.quote {
            if bytes[index] == Self.backslash { return nil }
            index += 1
        }
        guard index < bytes.count else { return nil }
        let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        index += 1
        return string
    }

    private mutating func integer() -> Int? {
        var value = 0
        let start = index
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, index - start < 18 {
            value = value * 10 + Int(bytes[index] - 0x30)
            index += 1
        }
        return index > start ? value : nil
    }

    private mutating func skipString() -> Bool {
        guard take(Self.quote) else { return false }
        while index < bytes.count {
            let byte = bytes[index]
            index += byte == Self.backslash ? 2 : 1
            if byte == Self.quote { return true }
        }
        return false
    }

    /// Skips any value; containers by depth, skipping strings so braces inside them don't count.
    private mutating func skipValue() -> Bool {
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case Self.quote:
            return skipString()
        case Self.openBrace, Self.openBracket:
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case Self.quote:
                    guard skipString() else { return false }
                    continue
                case Self.openBrace, Self.openBracket:
                    depth += 1
                case Self.closeBrace, Self.closeBracket:
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return true
                    }
                default:
                    break
                }
                index += 1
            }
            return false
        default:
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == Self.comma || byte == Self.closeBrace || byte == Self.closeBracket || byte == 0x20
                    || byte == 0x0A || byte == 0x0D || byte == 0x09 { break }
                index += 1
            }
            return index > start
        }
    }
}
