import Synchronization

/// One launch's state, shared by that launch's routes and safe to use from any request.
///
/// An app makes one in ``LabApp/addRoutes(to:launch:)`` and captures it in its routes, so
/// every launch has its own.
public final class LaunchStore<State: Sendable>: Sendable {
    private let state: Mutex<State>

    /// A store holding `initial`.
    public init(_ initial: State) { state = Mutex(initial) }

    /// The state now.
    public var current: State { state.withLock { $0 } }

    /// Changes the state under the lock and returns what `change` returns; if `change`
    /// throws, the error is rethrown (typed) and what it changed before throwing stays.
    @discardableResult
    public func update<Result: Sendable, Failure: Error>(
        _ change: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try state.withLock { (state: inout State) throws(Failure) -> Result in try change(&state) }
    }
}
