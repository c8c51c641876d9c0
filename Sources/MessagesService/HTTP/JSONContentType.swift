/// Checks a `Content-Type` value: the media type must be `application/json` (any case); a
/// `charset` parameter, if present, must be UTF-8. Written without Foundation: it runs on
/// every POST.
enum JSONContentType {
    enum Verdict: Equatable {
        case accepted
        case wrongMediaType
        case wrongCharset(String)
    }

    static func check(_ value: String) -> Verdict {
        var parts = value.split(separator: ";", omittingEmptySubsequences: false).makeIterator()
        guard let mediaType = parts.next(), trimmed(mediaType).lowercased() == "application/json" else {
            return .wrongMediaType
        }
        while let parameter = parts.next() {
            let pair = trimmed(parameter)
            guard let equals = pair.firstIndex(of: "=") else { continue }
            guard trimmed(pair[..<equals]).lowercased() == "charset" else { continue }
            var charset = trimmed(pair[pair.index(after: equals)...]).lowercased()
            if charset.count >= 2, charset.first == "\"", charset.last == "\"" {
                charset = String(charset.dropFirst().dropLast())
            }
            guard charset == "utf-8" || charset == "utf8" else { return .wrongCharset(charset) }
        }
        return .accepted
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = text.firstIndex(where: { !isSpace($0) }), let end = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return text[start...end]
    }
}
