import Synchronization

/// One launch's ``AnimalsState``, shared by that launch's routes and safe to use from any
/// request.
final class AnimalsStore: Sendable {
    private let state: Mutex<AnimalsState>

    init(_ initial: AnimalsState) { state = Mutex(initial) }

    /// The state now.
    var current: AnimalsState { state.withLock { $0 } }

    /// Changes the state.
    func update(_ change: (inout AnimalsState) -> Void) {
        state.withLock { change(&$0) }
    }
}
