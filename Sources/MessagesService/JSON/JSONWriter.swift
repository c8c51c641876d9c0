import NIOCore

/// Appends JSON to a `ByteBuffer`. Strings are escaped per RFC 8259: `"`, `\` and U+0000–U+001F
/// are escaped; everything else (any Unicode) is written verbatim as UTF-8.
///
/// Written by hand rather than with `JSONEncoder` so that key order is the seed's and
/// responses cost one pass over the data.
struct JSONWriter {
    private(set) var buffer: ByteBuffer

    init(capacity: Int = 256) {
        buffer = ByteBufferAllocator().buffer(capacity: capacity)
    }

    /// Writes already-valid JSON text (keys, punctuation).
    mutating func raw(_ text: StaticString) {
        buffer.writeStaticString(text)
    }

    mutating func integer(_ value: Int) {
        buffer.writeString(String(value))
    }

    /// Writes `value` as a quoted, escaped JSON string: one write into the buffer, sized for the
    /// worst case (every byte a six-byte `\u00XX`), unescaped runs copied whole. (A write per
    /// escape made a page of control characters cost a call per byte: 6.3 MB of `\u0001` took
    /// seconds of CPU in a debug build.)
    mutating func string(_ value: String) {
        var value = value
        _ = value.withUTF8 { bytes in
            buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: bytes.count * 6 + 2) { space in
                guard let start = space.baseAddress?.bindMemory(to: UInt8.self, capacity: space.count) else { return 0 }
                var out = start
                out.pointee = Self.quote
                out += 1
                guard let source = bytes.baseAddress else {
                    out.pointee = Self.quote
                    return 2
                }
                var runStart = 0
                for index in 0..<bytes.count {
                    let byte = source[index]
                    guard byte < 0x20 || byte == Self.quote || byte == Self.backslash else { continue }
                    if runStart < index {
                        out.update(from: source + runStart, count: index &- runStart)
                        out += index &- runStart
                    }
                    out += Self.writeEscape(byte, to: out)
                    runStart = index &+ 1
                }
                if runStart < bytes.count {
                    out.update(from: source + runStart, count: bytes.count &- runStart)
                    out += bytes.count &- runStart
                }
                out.pointee = Self.quote
                out += 1
                return start.distance(to: out)
            }
        }
    }

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ nibble &- 10
    }

    /// Writes the escape of `byte` (a quote, a backslash or U+0000–U+001F) at `out`; returns its length.
    private static func writeEscape(_ byte: UInt8, to out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = backslash
        let short: UInt8
        switch byte {
        case quote: short = quote
        case backslash: short = backslash
        case 0x0A: short = UInt8(ascii: "n")
        case 0x0D: short = UInt8(ascii: "r")
        case 0x09: short = UInt8(ascii: "t")
        case 0x08: short = UInt8(ascii: "b")
        case 0x0C: short = UInt8(ascii: "f")
        default:
            out[1] = UInt8(ascii: "u")
            out[2] = UInt8(ascii: "0")
            out[3] = UInt8(ascii: "0")
            out[4] = hexDigit(byte &>> 4)
            out[5] = hexDigit(byte & 0x0F)
            return 6
        }
        out[1] = short
        return 2
    }
}
