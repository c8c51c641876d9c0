import LabKit

/// What both screens share: the title and the navigation bar.
enum TriviaScreen {
    static let title = "Movie Trivia"

    /// The quiz's own layout, as classes (the pages' Content Security Policy blocks `style`
    /// attributes): the question's spacing, the answers' column, the dimmed answers not chosen.
    static let styles: StaticString = """
        .trivia-question { margin: 24px 0 28px; }
        .trivia-answers { display: grid; gap: 12px; }
        .trivia-next { margin-top: 32px; }
        .trivia-passed { opacity: .5; }
        .trivia-result { margin: 48px 0 32px; text-align: center; }
        """

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
