/// Skipping a JSON value without reading it: the one bracket matcher of the package, shared by
/// DevTools' `JSONReader` (the CDP messages and trees it reads only in part) and MessagesModel's
/// key-order scan. A skipped value is only matched up: a string to its closing quote (escapes
/// stepped over), a container to its matching bracket (brackets inside strings do not count), a
/// number or literal to the next delimiter or whitespace. Nothing in it is checked as JSON, as a
/// caller that skips a value does not depend on what is in it.
package enum JSONSkipping {
    /// Why a value could not be skipped, and the byte where that was found.
    package struct Failure: Error, Equatable {
        /// The offset in the text at which the value was found incomplete.
        package let offset: Int
        /// What was wrong: "a value", "expected a string", "an unterminated string", "an unterminated container".
        package let reason: String

        @inlinable
        package init(offset: Int, reason: String) {
            self.offset = offset
            self.reason = reason
        }
    }

    /// The index of the first byte at or after `index` that is not JSON whitespace.
    @inlinable
    package static func whitespace(in bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var index = index
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
        return index
    }

    /// The index just past the value that starts at `index` (after any whitespace).
    @inlinable
    package static func value(in bytes: UnsafeBufferPointer<UInt8>, from index: Int) throws(Failure) -> Int {
        var index = whitespace(in: bytes, from: index)
        guard index < bytes.count else { throw Failure(offset: index, reason: "a value") }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return try string(in: bytes, from: index)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index = try string(in: bytes, from: index)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default:
                    break
                }
                index += 1
            }
            throw Failure(offset: index, reason: "an unterminated container")
        default:
            // A number, true, false or null: up to the next delimiter or whitespace.
            let start = index
            while index < bytes.count, !endsScalar(bytes[index]) { index += 1 }
            guard index > start else { throw Failure(offset: index, reason: "a value") }
            return index
        }
    }

    /// Whether `byte` ends a number or a literal: a delimiter or whitespace.
    @inlinable
    package static func endsScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09: true
        default: false
        }
    }

    /// The index just past the string whose opening quote is at `index`.
    @inlinable
    package static func string(in bytes: UnsafeBufferPointer<UInt8>, from index: Int) throws(Failure) -> Int {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Failure(offset: index, reason: "expected a string") }
        var index = index + 1
        while index < bytes.count {
            let byte = bytes[index]
            index += byte == UInt8(ascii: "\\") ? 2 : 1
            if byte == UInt8(ascii: "\"") { return index }
        }
        throw Failure(offset: bytes.count, reason: "an unterminated string")
    }
}
