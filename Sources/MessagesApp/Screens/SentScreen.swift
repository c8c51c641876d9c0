import LabKit
import MessagesModel

/// "Message Sent": the message as it was saved, and Add Another.
struct SentScreen {
    let message: Message
    let paths: MessagesPaths

    static let title = "Message Sent"

    var page: Page {
        Page(
            title: Self.title,
            navigationBar: HomeScreen.pushedBar(title: Self.title, identifier: MessagesIdentifiers.sentNavigationBar, paths: paths),
            content: [
                .el("style", [], [.trusted(MessagesStyle.css)]),
                .el("h2", [.class("lab-section-header")], [.text("Saved for")]),
                .el("ul", [.class("lab-list")], [
                    .el("li", [.class("lab-list-row")], [
                        .el("div", [.class("messages-entry")], [
                            .el("p", [.class("messages-subject"), .testID(MessagesIdentifiers.sentUser)], [.text(message.user)]),
                        ]),
                    ]),
                ]),
                .el("h2", [.class("lab-section-header")], [.text("Message")]),
                .el("ul", [.class("lab-list")], [
                    .el("li", [.class("lab-list-row")], [
                        .el("div", [.class("messages-entry")], [
                            message.subject.isEmpty
                                ? .empty : .el("p", [.class("messages-subject"), .testID(MessagesIdentifiers.sentSubject)], [.text(message.subject)]),
                            .el("p", [.class("messages-text"), .testID(MessagesIdentifiers.sentMessage)], [.text(message.message)]),
                        ]),
                    ]),
                ]),
                .el("a", [
                    .class("lab-button plain"), .role("button"), .href(paths.add), .testID(MessagesIdentifiers.addAnotherButton),
                    HTMLAttribute("data-transition", "push"),
                ], [.text("Add Another")]),
            ]
        )
    }
}
