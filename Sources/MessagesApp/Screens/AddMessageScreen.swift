import LabKit

/// "Add Message", rendered from its ``AddMessageViewModel``: user, subject and message fields
/// and Send. After a refused send it shows the rule that failed (or why the service cannot be
/// reached) over the form and keeps what was typed.
struct AddMessageScreen {
    let model: AddMessageViewModel
    let paths: MessagesPaths

    static let title = "Add Message"

    var page: Page {
        Page(
            title: Self.title,
            navigationBar: HomeScreen.pushedBar(title: Self.title, identifier: MessagesIdentifiers.addNavigationBar, paths: paths),
            content: [
                .el("style", [], [.trusted(MessagesStyle.css)]),
                model.validationMessage.map { rule in
                    HTMLNode.el("p", [.class("messages-error"), HTMLAttribute("aria-live", "polite"), .testID(MessagesIdentifiers.addError)], [.text(rule)])
                } ?? .empty,
                ServiceErrorBanner.node(model.errorMessage),
                .el("form", [.class("messages-form"), HTMLAttribute("method", "post"), HTMLAttribute("action", paths.add)], [
                    .el("div", [.class("lab-list")], [
                        Widget.textField("User", identifier: MessagesIdentifiers.userField, name: "user", placeholder: "dan", value: model.user),
                        Widget.textField("Subject", identifier: MessagesIdentifiers.subjectField, name: "subject", placeholder: "pets",
                                         value: model.subject),
                        Widget.textField("Message", identifier: MessagesIdentifiers.messageField, name: "message",
                                         placeholder: "cats are grumpy", value: model.message),
                    ]),
                    Widget.button("Send", identifier: MessagesIdentifiers.sendButton),
                ]),
            ]
        )
    }
}
