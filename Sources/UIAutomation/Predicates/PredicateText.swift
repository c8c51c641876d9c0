import Foundation

/// String matching shared by the comparison operators: folding for `[c]`/`[d]`, LIKE wildcards,
/// and full-string regular expressions for MATCHES.
enum PredicateText {
    static func fold(_ text: String, _ options: PredicateComparisonOptions) -> String {
        var folding: String.CompareOptions = []
        if options.contains(.caseInsensitive) { folding.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { folding.insert(.diacriticInsensitive) }
        return folding.isEmpty ? text : text.folding(options: folding, locale: nil)
    }

    /// LIKE: `*` matches any run of characters (also none), `?` exactly one; the whole string must match.
    static func like(_ text: String, pattern: String) -> Bool {
        let text = Array(text), pattern = Array(pattern)
        var t = 0, p = 0
        // Last `*` seen and the text position it currently absorbs up to, for backtracking.
        var star: (pattern: Int, text: Int)?
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || (pattern[p] != "*" && pattern[p] == text[t]) {
                t += 1
                p += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = (p, t)
                p += 1
            } else if let last = star {
                star = (last.pattern, last.text + 1)
                p = last.pattern + 1
                t = last.text + 1
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    /// The regular expression for a MATCHES pattern, anchored so it must match the whole string;
    /// nil if the pattern is invalid.
    static func regularExpression(_ pattern: String, options: PredicateComparisonOptions) -> NSRegularExpression? {
        let regexOptions: NSRegularExpression.Options = options.contains(.caseInsensitive) ? [.caseInsensitive] : []
        let folded = fold(pattern, options.intersection(.diacriticInsensitive))
        // Validate the pattern alone first: wrapping could otherwise balance a stray ')'.
        guard (try? NSRegularExpression(pattern: folded, options: regexOptions)) != nil else { return nil }
        return try? NSRegularExpression(pattern: "\\A(?:\(folded))\\z", options: regexOptions)
    }

    static func matches(_ text: String, regex: NSRegularExpression) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
