/// One toggle of the settings screen.
public struct ToggleSetting: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// A stable camel-case id, used in URLs, identifiers and launch options (`wifi`).
    public let id: String
    /// The row's text, which is also the toggle's accessible label (`Wi-Fi`).
    public let title: String
    /// The section it is shown in.
    public let section: ToggleSection
    /// The id of the toggle this one depends on: it is shown only while that one is on.
    public let parentID: String?
    /// Whether it is always disabled: greyed, taps do nothing, the server refuses changes.
    public let isDisabled: Bool

    init(id: String, title: String, section: ToggleSection, parentID: String? = nil, isDisabled: Bool = false) {
        self.id = id
        self.title = title
        self.section = section
        self.parentID = parentID
        self.isDisabled = isDisabled
    }

    /// The identifier of the row's toggle (the outer switch, spanning the row).
    public var identifier: String { TogglesIdentifiers.toggle(id) }
    /// The identifier of the inner switch at the row's trailing edge.
    public var switchIdentifier: String { TogglesIdentifiers.toggleSwitch(id) }

    public var description: String { title }
}

/// A group of rows on the settings screen, with a header and an optional footer.
public enum ToggleSection: String, Sendable, CaseIterable {
    /// Airplane Mode, Wi-Fi, Bluetooth, Personal Hotspot.
    case connectivity
    /// Notifications and what it shows while on: Sounds, Badges.
    case notifications

    /// The header shown above the section.
    public var title: String {
        switch self {
        case .connectivity: "Connectivity"
        case .notifications: "Notifications"
        }
    }

    /// The note shown under the section, if any.
    public var footer: String? {
        switch self {
        case .connectivity: "Personal Hotspot needs a cellular plan."
        case .notifications: "Sounds and Badges are available while Notifications are on."
        }
    }
}
