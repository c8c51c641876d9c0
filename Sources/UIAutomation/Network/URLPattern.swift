import Foundation

/// Which URLs a route, or a network wait, is about: a glob as Playwright writes them
/// (`"**/api/*"`), or a predicate on the URL.
///
/// In a glob, `**` matches any characters, `*` any characters but `/`, `{a,b}` either
/// alternative, and everything else itself (`?` and `.` included). It is matched against the
/// whole URL without its fragment, so `"**/api/*"` matches
/// `http://127.0.0.1:8080/api/items?page=2` but not `…/api/items/7`, and
/// `"http://127.0.0.1:*/**"` matches every URL of that host.
///
/// ```swift
/// try await app.route("**/api/messages*") { _ in .fulfill(json: ["items": []]) }
/// try await app.route(URLPattern { $0.hasSuffix(".png") }) { _ in .abort() }
/// ```
public struct URLPattern: Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    private enum Storage: Sendable {
        case glob(String, NSRegularExpression)
        case predicate(@Sendable (String) -> Bool)
    }

    private let storage: Storage

    /// A glob (see ``URLPattern``).
    public init(_ glob: String) {
        storage = .glob(glob, Self.expression(forGlob: glob))
    }

    public init(stringLiteral glob: String) { self.init(glob) }

    /// URLs for which `matches` answers `true` (called with the URL without its fragment).
    public init(_ matches: @escaping @Sendable (String) -> Bool) {
        storage = .predicate(matches)
    }

    /// Every URL.
    public static let all = URLPattern("**")

    /// Whether `url` matches (its fragment is ignored).
    public func matches(_ url: String) -> Bool {
        let bare = url.firstIndex(of: "#").map { String(url[..<$0]) } ?? url
        switch storage {
        case .glob(_, let expression):
            return expression.firstMatch(in: bare, range: NSRange(bare.startIndex..., in: bare)) != nil
        case .predicate(let matches):
            return matches(bare)
        }
    }

    /// The glob as written, or `<predicate>`.
    public var description: String {
        switch storage {
        case .glob(let glob, _): glob
        case .predicate: "<predicate>"
        }
    }

    /// A pattern the browser can filter with (its `*` matches anything): at least every URL
    /// this one matches, so the browser pauses no fewer requests than the routes want.
    var browserWildcard: String {
        guard case .glob(let glob, _) = storage, !glob.contains("{"), !glob.contains("\\") else { return "*" }
        var wildcard = ""
        for character in glob where !(character == "*" && wildcard.last == "*") { wildcard.append(character) }
        return wildcard
    }

    /// The glob as an anchored regular expression.
    static func expression(forGlob glob: String) -> NSRegularExpression {
        var pattern = "^"
        var characters = Array(glob)[...]
        var inAlternatives = false
        while let character = characters.popFirst() {
            switch character {
            case "*":
                if characters.first == "*" {
                    characters.removeFirst()
                    pattern += ".*"
                } else {
                    pattern += "[^/]*"
                }
            case "{" where !inAlternatives:
                inAlternatives = true
                pattern += "(?:"
            case "}" where inAlternatives:
                inAlternatives = false
                pattern += ")"
            case "," where inAlternatives:
                pattern += "|"
            default:
                pattern += NSRegularExpression.escapedPattern(for: String(character))
            }
        }
        if inAlternatives { pattern += ")" }
        pattern += "$"
        // Every piece is escaped or one of the few constructs above: it always compiles.
        if let expression = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators]) { return expression }
        return try! NSRegularExpression(pattern: "(?!)")  // matches nothing; a constant that compiles
    }
}
