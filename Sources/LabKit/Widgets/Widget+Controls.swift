extension Widget {
    /// How a ``Widget/button(_:identifier:style:type:attributes:icon:)`` looks.
    public enum ButtonStyle: Sendable {
        /// Filled with the app tint (blue).
        case filled
        /// Filled green.
        case green
        /// Filled red.
        case red
        /// A plain row-like button in the tint colour.
        case plain
        /// A plain button in red, for destructive actions.
        case destructive

        var className: String {
            switch self {
            case .filled: "lab-button"
            case .green: "lab-button tint-green"
            case .red: "lab-button tint-red"
            case .plain: "lab-button plain"
            case .destructive: "lab-button plain destructive"
            }
        }
    }

    /// A full-width button. Filled buttons report their computed colour in their accessible
    /// description (`"green"`, the element's `value` in UIAutomation), so tests can check what
    /// the user sees; the accessible name is the title alone.
    public static func button(
        _ title: String, identifier: String, style: ButtonStyle = .filled, type: String = "submit",
        attributes: [HTMLAttribute] = [], icon: HTMLNode = .empty
    ) -> HTMLNode {
        var all: [HTMLAttribute] = [.class(style.className), .testID(identifier), HTMLAttribute("type", type)]
        switch style {
        case .filled, .green, .red: all.append(HTMLAttribute("data-tint-report", title))
        case .plain, .destructive: break
        }
        return .el("button", all + attributes, [icon, .el("span", [], [.text(title)])])
    }

    /// A button for a navigation bar: text or an icon with an accessible name (the icon itself
    /// is hidden from assistive technologies: the button's name says it).
    public static func barButton(_ title: String, identifier: String, icon: HTMLNode? = nil, bold: Bool = false,
                                 type: String = "submit", attributes: [HTMLAttribute] = []) -> HTMLNode {
        .el("button", [.class(bold ? "lab-bar-button bold" : "lab-bar-button"), .testID(identifier), HTMLAttribute("type", type)]
            + (icon == nil ? [] : [.ariaLabel(title)]) + attributes,
            [icon.map { .el("span", [.class("lab-bar-icon"), .ariaHidden], [$0]) } ?? .text(title)])
    }

    /// A link that looks like a bar button (a push to `href`).
    public static func barLink(_ title: String, identifier: String, href: String) -> HTMLNode {
        .el("a", [.class("lab-bar-button"), .role("button"), .href(href), .testID(identifier), HTMLAttribute("data-transition", "push")],
            [.text(title)])
    }

    /// How a ``label(_:identifier:style:)`` looks.
    public enum LabelStyle: String, Sendable {
        /// Body text.
        case body = "lab-label"
        /// A large bold title.
        case title = "lab-label title"
        /// Smaller grey text.
        case secondary = "lab-label secondary"
    }

    /// A label (`<p>`: a static text).
    public static func label(_ text: String, identifier: String, style: LabelStyle = .body) -> HTMLNode {
        .el("p", [.class(style.rawValue), .testID(identifier)], [.text(text)])
    }

    /// An image from SVG art written into the program, with an accessible name.
    public static func image(_ svg: StaticString, label: String, identifier: String, className: String = "lab-image") -> HTMLNode {
        .el("span", [.role("img"), .ariaLabel(label), .testID(identifier), .class(className)], [
            .el("span", [.ariaHidden], [.trusted(svg)]),
        ])
    }

    /// A row with a title and a switch (`role=switch`: value "1" on, "0" off).
    public static func switchRow(_ title: String, identifier: String, name: String, isOn: Bool) -> HTMLNode {
        .el("label", [.class("lab-list-row")], [
            .el("span", [], [.text(title)]),
            .el("input", [
                HTMLAttribute("type", "checkbox"), .role("switch"), .class("lab-switch"), .testID(identifier),
                HTMLAttribute("name", name),
            ] + (isOn ? [HTMLAttribute("checked", nil)] : [])),
        ])
    }

    /// A row with a title and a text field.
    public static func textField(_ title: String, identifier: String, name: String, placeholder: String = "", value: String = "") -> HTMLNode {
        .el("label", [.class("lab-list-row lab-text-field")], [
            .el("span", [], [.text(title)]),
            .el("input", [
                HTMLAttribute("type", "text"), .testID(identifier), HTMLAttribute("name", name),
                HTMLAttribute("placeholder", placeholder), HTMLAttribute("value", value),
            ]),
        ])
    }

    /// A centred message for a screen with nothing to show.
    public static func emptyState(_ message: String, identifier: String) -> HTMLNode {
        .el("div", [.class("lab-empty"), .role("status")], [
            .el("svg", [HTMLAttribute("viewBox", "0 0 24 24"), .ariaHidden], [.trusted(
                #"<circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" stroke-width="2"/><path d="m16 16 5 5" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>"#
            )]),
            .el("p", [.testID(identifier)], [.text(message)]),
        ])
    }

    /// An action of an ``alert(title:message:identifier:actions:)``: a link or a form post.
    public struct AlertAction: Sendable {
        /// The button title.
        public var title: String
        /// Its identifier.
        public var identifier: String
        /// Where it goes.
        public var href: String

        /// An action titled `title` that goes to `href`.
        public init(title: String, identifier: String, href: String) {
            self.title = title
            self.identifier = identifier
            self.href = href
        }
    }

    /// A modal alert (`role=alertdialog`) over a scrim.
    public static func alert(title: String, message: String, identifier: String, actions: [AlertAction]) -> HTMLNode {
        .el("div", [.class("lab-scrim")], [
            .el("div", [.class("lab-alert"), .role("alertdialog"), HTMLAttribute("aria-modal", "true"), .ariaLabel(title), .testID(identifier)], [
                .el("h2", [], [.text(title)]),
                .el("p", [], [.text(message)]),
                .el("div", [.class("lab-alert-actions")], actions.map { action in
                    .el("a", [.role("button"), .href(action.href), .testID(action.identifier)], [.text(action.title)])
                }),
            ]),
        ])
    }
}
