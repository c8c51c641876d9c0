/// The app's toggles, in screen order. Tests import this: one source of truth.
public enum Toggles {
    /// Airplane Mode.
    public static let airplaneMode = ToggleSetting(id: "airplaneMode", title: "Airplane Mode", section: .connectivity)
    /// Wi-Fi (on at a plain launch).
    public static let wifi = ToggleSetting(id: "wifi", title: "Wi-Fi", section: .connectivity)
    /// Bluetooth (on at a plain launch).
    public static let bluetooth = ToggleSetting(id: "bluetooth", title: "Bluetooth", section: .connectivity)
    /// Personal Hotspot: always disabled.
    public static let personalHotspot = ToggleSetting(
        id: "personalHotspot", title: "Personal Hotspot", section: .connectivity, isDisabled: true)
    /// Notifications: shows Sounds and Badges while on.
    public static let notifications = ToggleSetting(id: "notifications", title: "Notifications", section: .notifications)
    /// Sounds: shown only while Notifications are on.
    public static let sounds = ToggleSetting(id: "sounds", title: "Sounds", section: .notifications, parentID: notifications.id)
    /// Badges: shown only while Notifications are on.
    public static let badges = ToggleSetting(id: "badges", title: "Badges", section: .notifications, parentID: notifications.id)

    /// Every toggle, in screen order.
    public static let all: [ToggleSetting] = [airplaneMode, wifi, bluetooth, personalHotspot, notifications, sounds, badges]

    /// The toggles that are on at a launch without launch options.
    public static let defaultOn: Set<String> = [wifi.id, bluetooth.id]

    /// The toggle with `id`, if there is one.
    public static func setting(id: String) -> ToggleSetting? { all.first { $0.id == id } }

    /// The toggles shown only while `parent` is on.
    public static func dependents(of parent: ToggleSetting) -> [ToggleSetting] { all.filter { $0.parentID == parent.id } }
}
