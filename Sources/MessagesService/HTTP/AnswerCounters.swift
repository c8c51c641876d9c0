import NIOConcurrencyHelpers

/// What happened to the API's streamed answers (pages too big for one slice), counted for
/// tests and diagnostics: how many started, finished or were cut short, and how much JSON was
/// encoded for them. A client that leaves in the middle of a page shows here as an abandoned
/// answer whose encoding stopped where the connection ended.
public final class AnswerCounters: Sendable {
    /// A snapshot of the counters.
    public struct Snapshot: Sendable, Equatable {
        /// Answers whose head went out with a body to stream.
        public var started = 0
        /// Streamed answers whose last byte was handed to the connection.
        public var completed = 0
        /// Streamed answers stopped before their end: the connection ended (the client left,
        /// or a clock or the shutdown closed it) or the task was cancelled.
        public var abandoned = 0
        /// Bytes of JSON encoded for streamed answers, in all.
        public var encodedBytes = 0
    }

    private let state = NIOLockedValueBox(Snapshot())

    /// Counters at zero.
    public init() {}

    /// The counters now.
    public var snapshot: Snapshot { state.withLockedValue { $0 } }

    func update(_ change: (inout Snapshot) -> Void) {
        state.withLockedValue { change(&$0) }
    }
}
