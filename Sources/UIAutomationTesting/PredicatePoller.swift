import Foundation
import LabSupport
import Synchronization
import UIAutomation
public import XCTest

/// Polls the condition of one predicate expectation until it holds, then fulfils the
/// expectation: the one poller of `expectation(for:evaluatedWith:handler:)`, here and in
/// XCUIAutomation's facade.
///
/// The start rule is Apple's: polling starts when the expectation is made, so any wait for it
/// (`waitForExpectations`, `fulfillment(of:)`, `XCTWaiter`) finds it fulfilled as soon as the
/// condition held. It polls with UIAutomation's one waiting loop (LabSupport's `poll(until:)`,
/// with back-off) on a task of its own, so a thread that waits is not blocked by page reads.
/// Reads run inside `withExpectedFailures` (a missing element costs a query, not a screenshot).
/// Polling stops when the condition holds, when it throws (``problem``), at ``cancel()``, when
/// the running XCTest case ends, or after ``ceiling``.
package final class PredicatePoller: Sendable {
    /// How long one expectation polls at most: beyond any wait a test makes.
    package static let ceiling: Duration = .seconds(600)

    private struct State {
        var fulfilled = false
        var problem: (any Error)?
        var task: Task<Void, Never>?
    }

    /// XCTest's expectations are fulfilled from any thread (corelibs locks inside).
    private nonisolated(unsafe) let expectation: XCTestExpectation
    private let state = Mutex(State())

    /// Starts polling `condition` for `expectation`.
    package init(fulfilling expectation: XCTestExpectation, until condition: @escaping @Sendable () async throws -> Bool) {
        self.expectation = expectation
        let task = Task.detached { [self] in
            do {
                let held = try await withExpectedFailures {
                    try await poll(until: .now + Self.ceiling, condition)
                }
                if held { fulfil() }
            } catch {
                // Stopped mid-read by `cancel()` or the test's end: not a problem of the condition's.
                if !Task.isCancelled { state.withLock { $0.problem = error } }
            }
        }
        state.withLock { $0.task = task }
        XCTestTracker.atTestEnd { task.cancel() }
    }

    deinit { state.withLock { $0.task?.cancel() } }

    /// Whether the expectation has been fulfilled.
    package var isFulfilled: Bool { state.withLock { $0.fulfilled } }

    /// The error that ended the polling early, if one did.
    package var problem: (any Error)? { state.withLock { $0.problem } }

    /// Fulfils the expectation now (once) and stops polling.
    package func fulfil() {
        let first = state.withLock { state -> Bool in
            defer { state.fulfilled = true }
            return !state.fulfilled
        }
        if first { expectation.fulfill() }
        cancel()
    }

    /// Stops polling; the expectation stays as it is.
    package func cancel() { state.withLock { $0.task?.cancel() } }

    /// Returns once polling has stopped (after ``cancel()``, at once), so ``problem`` is final.
    package func stopped() async { await state.withLock { $0.task }?.value }
}
