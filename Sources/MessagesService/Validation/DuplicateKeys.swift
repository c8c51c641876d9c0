import Foundation

/// The first member name that appears twice in a JSON object's top level, if any.
///
/// Foundation's decoders keep one of two equal keys and drop the other silently, so a body
/// such as `{"user":"a","user":"b", …}` would be stored under a name the client may not have
/// meant. This scans well-formed JSON (call it after the body has decoded) for the names at
/// depth 1; names are compared after unescaping (`"us\u0065r"` is `"user"`).
enum DuplicateKeys {
    static func first(in body: [UInt8]) -> String? {
        var seen = Set<String>()
        var depth = 0
        var index = 0
        while index < body.count {
            switch body[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                while index < body.count && body[index] != UInt8(ascii: "\"") {
                    index += body[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard index < body.count else { return nil }
                if depth == 1, nextNonSpace(body, after: index) == UInt8(ascii: ":"),
                   let name = name(body, start, index), !seen.insert(name).inserted {
                    return name
                }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// The string literal `body[start...end]` (quotes included) as text: its bytes when it has
    /// no escape (the usual case, no decoder needed), else as JSON decodes it.
    private static func name(_ body: [UInt8], _ start: Int, _ end: Int) -> String? {
        let inner = body[(start + 1)..<end]
        if !inner.contains(UInt8(ascii: "\\")) { return String(decoding: inner, as: UTF8.self) }
        return try? JSONDecoder().decode(String.self, from: Data(body[start...end]))
    }

    private static func nextNonSpace(_ body: [UInt8], after index: Int) -> UInt8? {
        var next = index + 1
        while next < body.count, [0x20, 0x09, 0x0A, 0x0D].contains(body[next]) { next += 1 }
        return next < body.count ? body[next] : nil
    }
}
