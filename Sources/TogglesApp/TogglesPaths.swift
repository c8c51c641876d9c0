/// The app's URLs under its mount point.
struct TogglesPaths: Sendable {
    let prefix: String

    /// The root screen ("Settings").
    var root: String { prefix.isEmpty ? "/" : prefix }
    /// The toggles screen.
    var toggles: String { prefix + "/switches" }
    /// Where a toggle's new value is posted (`on=1` or `on=0`).
    func toggle(_ setting: ToggleSetting) -> String { prefix + "/switches/" + setting.id }
}
