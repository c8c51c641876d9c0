import LabKit
import MessagesService

/// "All Messages": every message grouped by user — users in the order of their first
/// message, each user's messages oldest first — or "No messages yet".
struct AllMessagesScreen {
    let groups: [UserMessages]
    let paths: MessagesPaths

    static let title = "All Messages"

    var page: Page {
        Page(
            title: Self.title,
            navigationBar: HomeScreen.pushedBar(title: Self.title, identifier: MessagesIdentifiers.allNavigationBar, paths: paths),
            content: [.el("style", [], [.trusted(MessagesStyle.css)])]
                + (groups.isEmpty
                    ? [Widget.emptyState("No messages yet", identifier: MessagesIdentifiers.allEmpty)]
                    : groups.enumerated().map { index, group in section(index, group) })
        )
    }

    private func section(_ index: Int, _ group: UserMessages) -> HTMLNode {
        .fragment([
            .el("h2", [.class("lab-section-header messages-user"), .testID(MessagesIdentifiers.userHeader(index))], [.text(group.user)]),
            MessageRows.list(
                group.messages, identifier: MessagesIdentifiers.userMessages(index), label: "Messages from \(group.user)",
                subjectID: { MessagesIdentifiers.allSubject(user: index, message: $0) },
                messageID: { MessagesIdentifiers.allMessage(user: index, message: $0) }
            ),
        ])
    }
}
