import LabKit

/// The home screen, "Messages": rows that push Add Message, Find Messages and All Messages.
struct HomeScreen {
    let paths: MessagesPaths
    /// Why the app cannot reach a Messages service (a launch option is wrong or missing), if so.
    var error: String? = nil

    static let title = "Messages"

    var page: Page {
        Page(
            title: Self.title,
            navigationBar: NavigationBar(title: Self.title, identifier: MessagesIdentifiers.homeNavigationBar),
            content: [
                .el("style", [], [.trusted(MessagesStyle.css)]),
                ServiceErrorBanner.node(error),
                .el("ul", [.class("lab-list")], [
                    row(AddMessageScreen.title, href: paths.add, identifier: MessagesIdentifiers.addMessageRow),
                    row(FindScreen.title, href: paths.find, identifier: MessagesIdentifiers.findMessagesRow),
                    row(AllMessagesScreen.title, href: paths.all, identifier: MessagesIdentifiers.allMessagesRow),
                ]),
            ]
        )
    }

    private func row(_ title: String, href: String, identifier: String) -> HTMLNode {
        .el("li", [.class("lab-list-row")], [
            .el("a", [
                .class("lab-row-link messages-nav-link"), .href(href), HTMLAttribute("data-transition", "push"),
                .testID(identifier), .ariaLabel(title),
            ], [
                .el("span", [.class("lab-row-title")], [.text(title)]),
                .el("span", [.class("messages-chevron"), .ariaHidden], [.trusted("›")]),
            ]),
        ])
    }

    /// The bar of a screen pushed from home: inline title and a back button to home.
    static func pushedBar(title: String, identifier: String, paths: MessagesPaths) -> NavigationBar {
        NavigationBar(
            title: title, identifier: identifier, titleStyle: .inline,
            backButton: .init(title: Self.title, href: paths.home, identifier: MessagesIdentifiers.backButton)
        )
    }
}
