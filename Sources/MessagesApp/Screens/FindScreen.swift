import LabKit
import MessagesService

/// "Find Messages": a user field and Search; after a search, that user's messages oldest
/// first, or "No messages from <user>".
struct FindScreen {
    /// What a search found.
    enum Outcome {
        /// No search yet.
        case none
        /// The user name breaks the API's rules.
        case invalid(MessagesAPIError)
        /// The user's messages (possibly none).
        case found([MessageEntry])
    }

    let user: String
    let outcome: Outcome
    let paths: MessagesPaths

    static let title = "Find Messages"

    var page: Page {
        Page(
            title: Self.title,
            navigationBar: HomeScreen.pushedBar(title: Self.title, identifier: MessagesIdentifiers.findNavigationBar, paths: paths),
            content: [
                .el("style", [], [.trusted(MessagesStyle.css)]),
                .el("form", [.class("messages-form"), HTMLAttribute("method", "get"), HTMLAttribute("action", paths.find), .role("search")], [
                    .el("div", [.class("lab-list")], [
                        Widget.textField("User", identifier: MessagesIdentifiers.findUserField, name: "user", placeholder: "dan", value: user),
                    ]),
                    Widget.button("Search", identifier: MessagesIdentifiers.searchButton),
                ]),
                results,
            ]
        )
    }

    private var results: HTMLNode {
        switch outcome {
        case .none:
            return .empty
        case .invalid(let error):
            return .el("p", [.class("messages-error"), HTMLAttribute("aria-live", "polite"), .testID(MessagesIdentifiers.findError)], [.text(error.message)])
        case .found(let entries) where entries.isEmpty:
            return Widget.emptyState("No messages from \(user)", identifier: MessagesIdentifiers.findEmpty)
        case .found(let entries):
            return .fragment([
                .el("h2", [.class("lab-section-header messages-user")], [.text(user)]),
                MessageRows.list(
                    entries, identifier: MessagesIdentifiers.results, label: "Messages from \(user)",
                    subjectID: MessagesIdentifiers.resultSubject, messageID: MessagesIdentifiers.resultMessage,
                    rowID: MessagesIdentifiers.result
                ),
            ])
        }
    }
}
