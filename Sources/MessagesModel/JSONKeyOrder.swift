import Foundation

/// Reads the keys of one JSON object in the order the document writes them, which neither
/// `JSONDecoder` nor `JSONSerialization` keeps. Only scans; the values are decoded elsewhere.
enum JSONKeyOrder {
    /// The keys of the object reached from the top-level object through `path` (keys of
    /// nested objects), in document order; `nil` when the document is not well-formed enough
    /// to tell or the path does not lead to an object.
    static func keys(of path: [String], in data: Data) -> [String]? {
        var scanner = Scanner(bytes: Array(data))
        return scanner.keys(of: path[...])
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func keys(of path: ArraySlice<String>) -> [String]? {
            skipSpace()
            guard peek == UInt8(ascii: "{") else { return nil }
            index += 1
            var found: [String] = []
            while true {
                skipSpace()
                if peek == UInt8(ascii: "}") { return path.isEmpty ? found : nil }
                if !found.isEmpty {
                    guard peek == UInt8(ascii: ",") else { return nil }
                    index += 1
                    skipSpace()
                }
                guard let key = string() else { return nil }
                skipSpace()
                guard peek == UInt8(ascii: ":") else { return nil }
                index += 1
                if let first = path.first, key == first { return keys(of: path.dropFirst()) }
                guard skipValue() else { return nil }
                found.append(key)
            }
        }

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipSpace() {
            while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        /// A string at the cursor, unescaped by `JSONDecoder` (escapes are its business).
        mutating func string() -> String? {
            let start = index
            guard skipString() else { return nil }
            return try? JSONDecoder().decode(String.self, from: Data(bytes[start..<index]))
        }

        mutating func skipString() -> Bool {
            guard peek == UInt8(ascii: "\"") else { return false }
            index += 1
            while let byte = peek {
                index += 1
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    return true
                }
            }
            return false
        }

        /// Skips one value of any kind (nested arrays and objects too).
        mutating func skipValue() -> Bool {
            skipSpace()
            guard let byte = peek else { return false }
            if byte == UInt8(ascii: "\"") { return skipString() }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                var depth = 0
                while let next = peek {
                    if next == UInt8(ascii: "\"") {
                        guard skipString() else { return false }
                        continue
                    }
                    index += 1
                    if next == UInt8(ascii: "{") || next == UInt8(ascii: "[") { depth += 1 }
                    if next == UInt8(ascii: "}") || next == UInt8(ascii: "]") {
                        depth -= 1
                        if depth == 0 { return true }
                    }
                }
                return false
            }
            // A number, true, false or null: up to the next delimiter.
            while let next = peek, next != UInt8(ascii: ","), next != UInt8(ascii: "}"), next != UInt8(ascii: "]") { index += 1 }
            return true
        }
    }
}
