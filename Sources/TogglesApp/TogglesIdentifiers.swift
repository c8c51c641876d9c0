/// The accessibility identifiers (`data-testid`) the app renders and its tests query: one
/// source of truth.
public enum TogglesIdentifiers {
    // MARK: Root (Settings)

    /// The root screen's navigation bar ("Settings").
    public static let rootNavigationBar = "toggles.root.navigationBar"
    /// The "Toggles" row of the root screen (a link that pushes the toggles screen); its
    /// value is the status line (`2 of 5 on`).
    public static let togglesRow = "toggles.root.togglesRow"

    // MARK: Toggles screen

    /// The toggles screen's navigation bar ("Toggles").
    public static let togglesNavigationBar = "toggles.toggles.navigationBar"
    /// The back button to the root screen.
    public static let backButton = "toggles.back"
    /// The status label: `2 of 5 on` as its label, the titles of the toggles that are on
    /// (`Wi-Fi, Bluetooth`, or `None`) as its value. Counts the rows shown only.
    public static let status = "toggles.status"
    /// A section's list of rows.
    public static func section(_ section: ToggleSection) -> String { "toggles.section.\(section.rawValue)" }
    /// A toggle: the outer switch spanning its whole row (label: the row's text).
    public static func toggle(_ id: String) -> String { "toggles.toggle.\(id)" }
    /// The inner switch at the trailing edge of a toggle's row: the only part that reacts
    /// to taps (and to Space/Enter when focused).
    public static func toggleSwitch(_ id: String) -> String { "toggles.toggle.\(id).switch" }
}
