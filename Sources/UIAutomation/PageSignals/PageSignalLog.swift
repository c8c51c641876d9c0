import Synchronization

/// One launch's page signals, in arrival order: the engine appends, the application reads them
/// (all of them, and each step those that arrived since the step before).
package final class PageSignalLog: Sendable {
    /// At most this many are kept; later ones are counted, not kept (a page that logs in a loop
    /// must not fill the test's memory).
    static let limit = 5_000

    private struct State {
        var signals: [PageSignal] = []
        var dropped = 0
        /// How many of ``signals`` a step has taken already.
        var reported = 0
        /// Signals that failed a call already (``Application/failOnPageErrors(_:)``), by sequence.
        var failed: Set<Int> = []
    }

    private let state = Mutex(State())

    package init() {}

    /// Adds a signal (dropped, and counted, past ``limit``).
    package func append(_ signal: PageSignal) {
        state.withLock { state in
            if state.signals.count < Self.limit { state.signals.append(signal) } else { state.dropped += 1 }
        }
    }

    /// Every signal kept so far, oldest first.
    var all: [PageSignal] { state.withLock { $0.signals } }

    /// How many signals arrived past ``limit`` and were not kept.
    var dropped: Int { state.withLock { $0.dropped } }

    /// The signals no step has taken yet (they stay untaken).
    var unreported: [PageSignal] { state.withLock { Array($0.signals[$0.reported...]) } }

    /// Notes that `signals` failed a call, so the step that takes them does not fail again.
    func markFailed(_ signals: [PageSignal]) { state.withLock { $0.failed.formUnion(signals.map(\.sequence)) } }

    /// Whether `signal` failed a call already.
    func hasFailed(_ signal: PageSignal) -> Bool { state.withLock { $0.failed.contains(signal.sequence) } }

    /// The signals no step has taken yet, which now count as taken.
    func takeUnreported() -> [PageSignal] {
        state.withLock { state in
            defer { state.reported = state.signals.count }
            return Array(state.signals[state.reported...])
        }
    }
}
