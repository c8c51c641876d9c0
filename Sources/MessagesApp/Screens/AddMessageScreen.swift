import LabKit
import MessagesService

/// "Add Message": user, subject and message fields and Send. After a rejected send it shows
/// the rule that failed over the form and keeps what was typed.
struct AddMessageScreen {
    let draft: MessageDraft
    let error: MessagesAPIError?
    let paths: MessagesPaths

    static let title = "Add Message"

    var page: Page {
        Page(
            title: Self.title,
            navigationBar: HomeScreen.pushedBar(title: Self.title, identifier: MessagesIdentifiers.addNavigationBar, paths: paths),
            content: [
                .el("style", [], [.trusted(MessagesStyle.css)]),
                error.map { error in
                    HTMLNode.el("p", [.class("messages-error"), HTMLAttribute("aria-live", "polite"), .testID(MessagesIdentifiers.addError)], [.text(error.message)])
                } ?? .empty,
                .el("form", [.class("messages-form"), HTMLAttribute("method", "post"), HTMLAttribute("action", paths.add)], [
                    .el("div", [.class("lab-list")], [
                        Widget.textField("User", identifier: MessagesIdentifiers.userField, name: "user", placeholder: "dan", value: draft.user),
                        Widget.textField("Subject", identifier: MessagesIdentifiers.subjectField, name: "subject", placeholder: "pets",
                                         value: draft.subject),
                        Widget.textField("Message", identifier: MessagesIdentifiers.messageField, name: "message",
                                         placeholder: "cats are grumpy", value: draft.message),
                    ]),
                    Widget.button("Send", identifier: MessagesIdentifiers.sendButton),
                ]),
            ]
        )
    }
}
