import Hummingbird
import LabKit
import MessagesService

/// What every screen shows when the launch's database cannot be opened: the reason, as a
/// `503 Service Unavailable` page (never a crash).
struct StorageErrorScreen {
    let error: MessageStoreError
    let paths: MessagesPaths

    static let title = "Messages"

    var page: Page {
        Page(
            title: Self.title,
            navigationBar: NavigationBar(title: Self.title, identifier: MessagesIdentifiers.homeNavigationBar),
            content: [
                .el("style", [], [.trusted(MessagesStyle.css)]),
                .el("p", [.class("messages-error"), HTMLAttribute("aria-live", "polite"), .testID(MessagesIdentifiers.storageError)], [
                    .text("The messages cannot be reached: \(error.description)"),
                ]),
            ]
        )
    }
}
