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

    /// Writes `value` as a quoted, escaped JSON string.
    mutating func string(_ value: String) {
        buffer.writeInteger(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < index {
                    buffer.writeBytes(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                }
                writeEscape(byte)
                runStart = index + 1
            }
            if runStart < bytes.count {
                buffer.writeBytes(UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
            }
        }
        buffer.writeInteger(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    private mutating func writeEscape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): buffer.writeStaticString("\\\"")
        case UInt8(ascii: "\\"): buffer.writeStaticString("\\\\")
        case 0x0A: buffer.writeStaticString("\\n")
        case 0x0D: buffer.writeStaticString("\\r")
        case 0x09: buffer.writeStaticString("\\t")
        case 0x08: buffer.writeStaticString("\\b")
        case 0x0C: buffer.writeStaticString("\\f")
        default:
            buffer.writeStaticString("\\u00")
            buffer.writeInteger(Self.hexDigit(byte >> 4))
            buffer.writeInteger(Self.hexDigit(byte & 0x0F))
        }
    }
}
