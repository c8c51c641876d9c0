import Foundation
import LabSupport
import Synchronization

/// One public call's deadline and log, as Playwright's `progress` is: made once when the call
/// starts and passed down (a task-local) through every phase — resolving the element, checking
/// it is actionable, input, waiting for idle, navigation — so that no phase restarts the clock.
/// A call made inside another (a toggle helper's tap) keeps the outer deadline when it is
/// earlier and writes into the same log.
///
/// The deadline bounds every wait: retries, polls, the idle wait, navigation. One request to
/// the page is bounded by the response timeout on its own (a check that starts just before the
/// deadline is still a real check; a hung page fails at that timeout).
package final class CallProgress: Sendable {
    /// The call as code, e.g. `app.buttons["Save"].tap()`.
    let call: String
    /// When the call started and when it must have finished.
    let started: ContinuousClock.Instant
    package let deadline: ContinuousClock.Instant
    private let log: Log

    /// The phases a call went through, in order, and what it last waited for.
    private final class Log: Sendable {
        let entries = Mutex<(phases: [String], waitingFor: String?, resolution: String?)>(([], nil, nil))
    }

    private init(call: String, started: ContinuousClock.Instant, deadline: ContinuousClock.Instant, log: Log) {
        self.call = call
        self.started = started
        self.deadline = deadline
        self.log = log
    }

    /// The call in progress in this task, if any.
    @TaskLocal package static var current: CallProgress?

    /// Runs `body` as the call `call` with `limit` to finish in: a new deadline and log, or,
    /// inside another call, that call's log and the earlier of the two deadlines.
    static func run<T>(_ call: String, limit: Duration, _ body: (CallProgress) async throws -> T) async throws -> T {
        let now = ContinuousClock.now
        let own = now + max(.zero, limit)
        let progress: CallProgress
        if let outer = current {
            progress = CallProgress(call: outer.call, started: outer.started, deadline: min(own, outer.deadline), log: outer.log)
        } else {
            progress = CallProgress(call: call, started: now, deadline: own, log: Log())
        }
        return try await $current.withValue(progress) { try await body(progress) }
    }

    /// Time left before the deadline (zero once it has passed).
    var remaining: Duration { max(.zero, deadline - .now) }
    /// Whether the deadline has passed.
    var hasExpired: Bool { ContinuousClock.now >= deadline }
    /// Time since the call started.
    package var elapsed: Duration { .now - started }

    /// The deadline of a phase that may take at most `limit` (the idle timeout, say) but never
    /// runs past the call's.
    package func deadline(within limit: Duration) -> ContinuousClock.Instant { min(deadline, .now + max(.zero, limit)) }

    /// Notes that the call entered `phase` (a repeat of the last phase is noted once).
    package func enter(_ phase: String) {
        log.entries.withLock { if $0.phases.last != phase { $0.phases.append(phase) } }
    }

    /// Notes what the call is waiting for now (the last one is named by a timeout).
    package func waiting(for what: String) {
        log.entries.withLock { $0.waitingFor = what }
    }

    /// Notes where a query of the call was last resolved (`in page (fast)`, `accessibility tree
    /// (closed shadow root)`).
    package func noteResolution(_ path: String) {
        log.entries.withLock { $0.resolution = path }
    }

    /// Where the call's last query was resolved, if it resolved one.
    package var resolution: String? { log.entries.withLock { $0.resolution } }

    /// The phases so far, in order.
    package var phases: [String] { log.entries.withLock { $0.phases } }
    /// What the call last waited for.
    package var lastWait: String? { log.entries.withLock { $0.waitingFor } }

    /// A timeout of this call: how long it ran, what it was waiting for and what stood in the way.
    package func timedOut(waitingFor what: String, lastProblem: String?) -> UIAutomationError.Reason {
        .timedOut(after: elapsed, waitingFor: what, lastProblem: lastProblem)
    }
}

extension Configuration {
    /// `seconds` (a per-call `timeout:` argument) as a duration, else `fallback`.
    static func limit(_ seconds: TimeInterval?, else fallback: Duration) -> Duration {
        seconds.map { Duration.seconds(clamping: $0) } ?? fallback
    }
}
