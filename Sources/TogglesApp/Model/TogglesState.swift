public import LabKit

/// One launch's state: which toggles are on.
///
/// A dependent toggle (Sounds, Badges) keeps its value while its parent (Notifications) is
/// off: it is hidden, not counted by the status, and comes back as it was when the parent
/// is turned on again — as iOS Settings does.
public struct TogglesState: Sendable, Equatable {
    /// Ids of the toggles that are on (shown or not).
    public var on: Set<String>

    /// A state with the toggles in `on` on (unknown ids are dropped).
    public init(on: Set<String> = Toggles.defaultOn) {
        self.on = on.intersection(Toggles.all.map(\.id))
    }

    /// The state a launch starts with: `-on wifi,bluetooth` (or `LAB_TOGGLES_ON=wifi,bluetooth`)
    /// turns exactly those on (an empty list: none); without either, ``Toggles/defaultOn``.
    /// Unknown ids are ignored. The disabled toggle can be preset on too.
    ///
    /// | launch argument | environment | meaning |
    /// |---|---|---|
    /// | `-on wifi,notifications` | `LAB_TOGGLES_ON=wifi,notifications` | the toggles that are on |
    public init(launch: LaunchOptions) {
        self.init(on: launch.list(argument: "on", environment: "LAB_TOGGLES_ON").map(Set.init) ?? Toggles.defaultOn)
    }

    /// Whether `setting` is on.
    public func isOn(_ setting: ToggleSetting) -> Bool { on.contains(setting.id) }

    /// Whether `setting` is shown: a dependent toggle only while its parent is on.
    public func isShown(_ setting: ToggleSetting) -> Bool {
        guard let parentID = setting.parentID else { return true }
        return on.contains(parentID)
    }

    /// The toggles shown now, in screen order.
    public var shown: [ToggleSetting] { Toggles.all.filter(isShown) }

    /// The status line: how many of the shown toggles are on, e.g. `2 of 5 on`.
    public var statusText: String {
        let shown = self.shown
        return "\(shown.filter(isOn).count) of \(shown.count) on"
    }

    /// The shown toggles that are on, by title (`Wi-Fi, Bluetooth`), or `None`.
    public var statusDetail: String {
        let titles = shown.filter(isOn).map(\.title)
        return titles.isEmpty ? "None" : titles.joined(separator: ", ")
    }

    /// Turns `setting` on or off. Refuses a disabled toggle and a hidden one.
    public mutating func set(_ setting: ToggleSetting, on value: Bool) throws(ToggleChangeError) {
        if setting.isDisabled { throw .disabled(setting) }
        guard isShown(setting) else { throw .hidden(setting) }
        if value { on.insert(setting.id) } else { on.remove(setting.id) }
    }
}

/// Why a toggle could not be changed.
public enum ToggleChangeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The toggle is disabled.
    case disabled(ToggleSetting)
    /// The toggle is hidden (its parent is off).
    case hidden(ToggleSetting)

    public var description: String {
        switch self {
        case .disabled(let setting): "\(setting.title) is disabled"
        case .hidden(let setting): "\(setting.title) is hidden while \(setting.parentID.flatMap(Toggles.setting(id:))?.title ?? "its parent") is off"
        }
    }
}
