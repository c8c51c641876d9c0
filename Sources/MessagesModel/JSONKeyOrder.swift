import Foundation
import LabSupport

/// Reads the keys of one JSON object in the order the document writes them, which neither
/// `JSONDecoder` nor `JSONSerialization` keeps. Only scans (the values it passes over are
/// skipped by LabSupport's `JSONSkipping`); the values are decoded elsewhere.
enum JSONKeyOrder {
    /// The keys of the object reached from the top-level object through `path` (keys of
    /// nested objects), in document order; `nil` when the document is not well-formed enough
    /// to tell or the path does not lead to an object.
    static func keys(of path: [String], in data: Data) -> [String]? {
        data.withUnsafeBytes { raw in
            var scanner = Scanner(bytes: raw.bindMemory(to: UInt8.self))
            return scanner.keys(of: path[...])
        }
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

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
                guard let end = try? JSONSkipping.value(in: bytes, from: index) else { return nil }
                index = end
                found.append(key)
            }
        }

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipSpace() { index = JSONSkipping.whitespace(in: bytes, from: index) }

        /// A string at the cursor, unescaped by `JSONDecoder` (escapes are its business).
        mutating func string() -> String? {
            let start = index
            guard let end = try? JSONSkipping.string(in: bytes, from: index) else { return nil }
            index = end
            return try? JSONDecoder().decode(String.self, from: Data(UnsafeBufferPointer(rebasing: bytes[start..<end])))
        }
    }
}
