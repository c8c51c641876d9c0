import LabKit

/// What both screens share: the title and the navigation bar.
enum TriviaScreen {
    static let title = "Movie Trivia"

    static var navigationBar: NavigationBar {
        NavigationBar(title: title, identifier: TriviaIdentifiers.navigationBar)
    }

    /// A hidden form field (not in the accessibility tree).
    static func hidden(_ name: String, _ value: Int) -> HTMLNode {
        .el("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", name), HTMLAttribute("value", String(value))])
    }

    /// A form posting to `action`.
    static func form(_ action: String, _ children: [HTMLNode]) -> HTMLNode {
        .el("form", [HTMLAttribute("method", "post"), HTMLAttribute("action", action)], children)
    }
}
