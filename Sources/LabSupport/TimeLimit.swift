import Synchronization

/// Runs `operation` with a time limit: when `limit` passes before it ends, `onExpiry` runs and
/// then `operation` is cancelled; the result is whatever `operation` returns or throws after
/// that. The one "race a sleeping task" of the package: callers decide what a cancelled
/// operation means (``withTimeout(_:timedOut:_:)`` turns it into an error of the caller's).
///
/// `operation` must end when cancelled: a task group waits for its child. Wrap a wait that
/// ignores cancellation (a `Task`'s `value`, a callback) in `withTaskCancellationHandler`.
public func withTimeLimit<T: Sendable>(
    _ limit: Duration,
    onExpiry: @escaping @Sendable () -> Void = {},
    _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: TimeLimitOutcome<T>.self) { group in
        group.addTask { .finished(try await operation()) }
        group.addTask {
            try await Task.sleep(for: limit)
            onExpiry()
            return .expired
        }
        defer { group.cancelAll() }
        while let outcome = try await group.next() {
            switch outcome {
            case .finished(let value): return value
            case .expired: group.cancelAll()  // the operation now ends, with a value or an error
            }
        }
        throw CancellationError()
    }
}

/// Runs `operation`; if it has not returned when `limit` passes, it is cancelled and the error
/// `timedOut()` makes is thrown instead of whatever the cancelled operation threw. A value the
/// operation returns is returned even if it arrives as the limit passes.
public func withTimeout<T: Sendable>(
    _ limit: Duration,
    timedOut: @autoclosure @escaping @Sendable () -> any Error,
    _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let expired = ExpiryFlag()
    do {
        return try await withTimeLimit(limit, onExpiry: { expired.set() }, operation)
    } catch {
        if expired.isSet { throw timedOut() }
        throw error
    }
}

private enum TimeLimitOutcome<T: Sendable>: Sendable {
    case finished(T)
    case expired
}

private final class ExpiryFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    var isSet: Bool { flag.load(ordering: .acquiring) }
    func set() { flag.store(true, ordering: .releasing) }
}
