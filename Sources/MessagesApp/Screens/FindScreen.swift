import LabKit

/// "Find Messages", rendered from its ``FindMessagesViewModel``: a user field and Search;
/// after a search, that user's messages oldest first, "No messages from <user>", the rule the
/// name broke, or why the service cannot be reached.
struct FindScreen {
    let model: FindMessagesViewModel
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
                        Widget.textField("User", identifier: MessagesIdentifiers.findUserField, name: "user", placeholder: "dan", value: model.user),
                    ]),
                    Widget.button("Search", identifier: MessagesIdentifiers.searchButton),
                ]),
                results,
            ]
        )
    }

    private var results: HTMLNode {
        let user = model.user
        switch model.state {
        case .idle, .searching:
            return .empty
        case .rejected(let rule):
            return .el("p", [.class("messages-error"), HTMLAttribute("aria-live", "polite"), .testID(MessagesIdentifiers.findError)], [.text(rule)])
        case .failed(let why):
            return ServiceErrorBanner.node(why)
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
