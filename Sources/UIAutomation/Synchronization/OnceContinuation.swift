import Synchronization

/// A continuation resumed once, by whichever of several racers comes first (a handler and its
/// time limit, an event and a deadline); a value that arrives before the continuation is set
/// is kept for it.
final class OnceContinuation<T: Sendable>: Sendable {
    private let state = Mutex<(continuation: CheckedContinuation<T, Never>?, early: T?, done: Bool)>((nil, nil, false))

    init() {}

    /// Gives the continuation to resume (at once, if a value came already).
    func setContinuation(_ continuation: CheckedContinuation<T, Never>) {
        let early: T? = state.withLock { state in
            if let early = state.early { return early }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    /// Whether it is resumed (or about to be) already.
    var isDone: Bool { state.withLock { $0.done } }

    /// Resumes with `value` unless something resumed it first; whether this call did.
    @discardableResult
    func resume(_ value: T) -> Bool {
        let (continuation, first): (CheckedContinuation<T, Never>?, Bool) = state.withLock { state in
            guard !state.done else { return (nil, false) }
            state.done = true
            if let continuation = state.continuation {
                state.continuation = nil
                return (continuation, true)
            }
            state.early = value
            return (nil, true)
        }
        continuation?.resume(returning: value)
        return first
    }
}
