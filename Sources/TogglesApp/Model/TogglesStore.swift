import Synchronization

/// One launch's ``TogglesState``, shared by that launch's routes and safe to use from any
/// request.
final class TogglesStore: Sendable {
    private let state: Mutex<TogglesState>

    init(_ initial: TogglesState) { state = Mutex(initial) }

    /// The state now.
    var current: TogglesState { state.withLock { $0 } }

    /// Turns `setting` on or off (see ``TogglesState/set(_:on:)``).
    func set(_ setting: ToggleSetting, on value: Bool) throws(ToggleChangeError) {
        try state.withLock { (state: inout TogglesState) throws(ToggleChangeError) in try state.set(setting, on: value) }
    }
}
