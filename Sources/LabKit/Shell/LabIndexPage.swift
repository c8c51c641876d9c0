/// The page at `/` of `lab serve`: a list of the apps served.
public struct LabIndexPage: Sendable {
    /// One app or API on the index.
    public struct Entry: Sendable {
        /// Its name.
        public var name: String
        /// Its path on this origin.
        public var path: String
        /// One line about it.
        public var summary: String

        /// An entry linking `path`.
        public init(name: String, path: String, summary: String) {
            self.name = name
            self.path = path
            self.summary = summary
        }
    }

    /// The entries, in order.
    public var entries: [Entry]

    /// An index of `entries`.
    public init(entries: [Entry]) { self.entries = entries }

    /// The rendered page.
    public var page: Page {
        Page(
            title: "AutomationLab",
            navigationBar: NavigationBar(title: "AutomationLab", identifier: "lab.navigationBar"),
            content: [
                .el("ul", [.class("lab-list"), .testID("lab.apps")], entries.map { entry in
                    .el("li", [.class("lab-list-row")], [
                        .el("a", [.href(entry.path), HTMLAttribute("data-transition", "push"), .class("lab-row-link")], [
                            .el("span", [.class("lab-row-title")], [.text(entry.name)]),
                            .el("span", [.class("lab-row-subtitle")], [.text(entry.summary)]),
                        ]),
                    ])
                }),
            ]
        )
    }
}
