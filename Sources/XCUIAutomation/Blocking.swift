import Foundation
import LabSupport
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
///
/// While it waits, the caller's thread runs what the work hands back to it with
/// ``onCaller(_:)``: an interruption monitor's handler, which is synchronous XCUITest code and
/// may itself make (nested) facade calls.
enum Blocking {
    /// The blocked facade call the current task works for, if any.
    @TaskLocal static var caller: CallerQueue?

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
        let queue = CallerQueue()
        let result = Mutex<Result<T, any Error>?>(nil)
        let task = Task.detached {
            let outcome: Result<T, any Error>
            do { outcome = .success(try await $caller.withValue(queue) { try await body() }) } catch { outcome = .failure(error) }
            result.withLock { $0 = outcome }
            queue.finish()
        }
        guard queue.serve(for: limit), let outcome = result.withLock({ $0 }) else {
            task.cancel()
            throw XCUIAutomationError(call: call, reason: .didNotFinish(call: call, after: limit))
        }
        return try outcome.get()
    }

    /// Runs `body` on the thread blocked in the facade call the current task works for, and
    /// returns its result; `nil` (without running it) outside a facade call or once that call
    /// has given up waiting.
    static func onCaller<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T? {
        guard let caller else { return nil }
        return await withCheckedContinuation { continuation in
            let accepted = caller.submit { continuation.resume(returning: body()) }
            if !accepted { continuation.resume(returning: nil) }
        }
    }
}

/// The waiting side of a blocked facade call: a queue of jobs for the blocked thread and the
/// signal that the work is done.
final class CallerQueue: Sendable {
    private let state = Mutex<(jobs: [@Sendable () -> Void], finished: Bool, closed: Bool)>(([], false, false))
    private let signal = DispatchSemaphore(value: 0)

    /// Queues `job` for the blocked thread; `false` if that thread no longer waits.
    func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        let accepted = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.jobs.append(job)
            return true
        }
        if accepted { signal.signal() }
        return accepted
    }

    func finish() {
        state.withLock { $0.finished = true }
        signal.signal()
    }

    /// Waits until the work is finished, running queued jobs on this thread meanwhile;
    /// `false` if `limit` passed first (the queue then takes no more jobs).
    func serve(for limit: Duration) -> Bool {
        let nanoseconds = min(limit.inSeconds * 1e9, Double(Int.max / 2))
        let deadline = DispatchTime.now() + .nanoseconds(Int(nanoseconds))
        while true {
            let (jobs, finished) = state.withLock { state -> ([@Sendable () -> Void], Bool) in
                defer { state.jobs = [] }
                return (state.jobs, state.finished)
            }
            for job in jobs { job() }
            if finished && jobs.isEmpty { return true }
            if signal.wait(timeout: deadline) == .timedOut {
                let late = state.withLock { state -> [@Sendable () -> Void] in
                    state.closed = true
                    defer { state.jobs = [] }
                    return state.jobs
                }
                // Jobs queued in the last instant still answer their continuation.
                for job in late { job() }
                return state.withLock { $0.finished }
            }
        }
    }
}
