import Foundation
import Synchronization

/// Runs UIAutomation's async work for XCUITest's synchronous API: the caller's thread waits
/// while the work runs on Swift's concurrency pool (and the browser's own I/O thread).
///
/// Blocking is safe only on a thread the work never needs: the main thread (where XCTest runs
/// synchronous test methods, `setUp`, expectation handlers and observers) or any thread that is
/// not running a Swift concurrency task. A call from inside a task on the pool — an `async` test
/// method off the main actor, a `Task.detached`, the browser's thread — could take one of the
/// pool's few threads (two on a 2-core machine) while the work waits for one: it is refused with
/// ``XCUIAutomationError/Reason/blockingUnsafe(call:)`` instead of risking a deadlock.
enum Blocking {
    /// Whether the current thread may wait for async work.
    static var isSafeToBlock: Bool {
        if Thread.isMainThread { return true }
        return withUnsafeCurrentTask { $0 == nil }
    }

    /// Runs `body` and waits for it, at most `limit` (then the work is cancelled and
    /// ``XCUIAutomationError/Reason/didNotFinish(call:after:)`` is thrown). UIAutomation bounds
    /// every call by its own timeouts; `limit` is the backstop that keeps a test from hanging
    /// if something below ever does not.
    static func run<T: Sendable>(_ call: String, limit: Duration, _ body: @escaping @Sendable () async throws -> T) throws -> T {
        guard isSafeToBlock else { throw XCUIAutomationError(call: call, reason: .blockingUnsafe(call: call)) }
        let box = ResultBox<T>()
        let task = Task.detached {
            let result: Result<T, any Error>
            do { result = .success(try await body()) } catch { result = .failure(error) }
            box.finish(result)
        }
        guard let result = box.wait(limit: limit) else {
            task.cancel()
            throw XCUIAutomationError(call: call, reason: .didNotFinish(call: call, after: limit))
        }
        return try result.get()
    }
}

/// One result handed from the worker task to the waiting thread.
private final class ResultBox<T: Sendable>: Sendable {
    private let result = Mutex<Result<T, any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func finish(_ value: Result<T, any Error>) {
        result.withLock { $0 = value }
        done.signal()
    }

    func wait(limit: Duration) -> Result<T, any Error>? {
        let (seconds, attoseconds) = limit.components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        guard done.wait(timeout: .now() + .nanoseconds(Int(min(nanoseconds, Double(Int.max / 2))))) == .success else { return nil }
        return result.withLock { $0 }
    }
}
