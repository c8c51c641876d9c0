/// An iOS navigation bar: a `<nav>` (type `navigationBar`) with a title heading, an
/// optional back button (a pop to `href`) and leading and trailing bar items.
public struct NavigationBar: Sendable {
    /// How the title is shown.
    public enum TitleStyle: Sendable {
        /// A large bold title under the bar, as on a root screen.
        case large
        /// A centred title in the bar, as on a pushed screen.
        case inline
    }

    /// A back button: chevron and the previous screen's title.
    public struct BackButton: Sendable {
        /// The previous screen's title.
        public var title: String
        /// Where it goes (a pop transition).
        public var href: String
        /// Its accessibility identifier.
        public var identifier: String

        /// A back button to `href` titled `title`.
        public init(title: String, href: String, identifier: String) {
            self.title = title
            self.href = href
            self.identifier = identifier
        }
    }

    /// The title.
    public var title: String
    /// The bar's identifier; the title heading's is `identifier + ".title"`.
    public var identifier: String
    /// Large or inline title.
    public var titleStyle: TitleStyle
    /// The back button, if any.
    public var backButton: BackButton?
    /// Items on the leading side (after the back button).
    public var leading: [HTMLNode]
    /// Items on the trailing side.
    public var trailing: [HTMLNode]

    /// A bar titled `title`.
    public init(
        title: String, identifier: String, titleStyle: TitleStyle = .large, backButton: BackButton? = nil,
        leading: [HTMLNode] = [], trailing: [HTMLNode] = []
    ) {
        self.title = title
        self.identifier = identifier
        self.titleStyle = titleStyle
        self.backButton = backButton
        self.leading = leading
        self.trailing = trailing
    }

    /// The identifier of the title heading of a bar identified by `identifier`.
    public static func titleIdentifier(_ identifier: String) -> String { identifier + ".title" }

    /// The markup.
    public var node: HTMLNode {
        var leadingItems: [HTMLNode] = []
        if let backButton {
            leadingItems.append(.el("a", [
                .class("lab-back"), .role("button"), .href(backButton.href), .testID(backButton.identifier),
                HTMLAttribute("data-transition", "pop"),
            ], [
                .el("svg", [HTMLAttribute("viewBox", "0 0 13 21"), .ariaHidden], [.trusted(
                    #"<path d="M11 1.5 2.5 10.5 11 19.5" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>"#
                )]),
                .text(backButton.title),
            ]))
        }
        leadingItems += leading
        let heading = HTMLNode.el("h1", [.class("lab-navbar-title"), .testID(Self.titleIdentifier(identifier))], [.text(title)])
        return .el("nav", [.class(titleStyle == .large ? "lab-navbar large" : "lab-navbar"), .testID(identifier), .ariaLabel(title)], [
            .el("div", [.class("lab-navbar-bar")], [
                .el("div", [.class("lab-navbar-leading")], leadingItems),
                titleStyle == .inline ? heading : .el("span"),
                .el("div", [.class("lab-navbar-trailing")], trailing),
            ]),
            titleStyle == .large ? heading : .empty,
        ])
    }
}
