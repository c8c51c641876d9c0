import GRDB
import NIOConcurrencyHelpers

/// Group commit: saves that arrive while a transaction is being committed wait, then go
/// together into the next transaction, so one `fsync` makes many messages durable.
///
/// Each caller of ``insert(_:)`` resumes only after the transaction holding its message has
/// committed (with `synchronous = FULL`, after the WAL is on disk). If a batch fails as a
/// whole, its messages are retried one transaction each, so one bad row cannot fail others.
final class GroupCommitter: Sendable {
    private typealias Waiter = (message: Message, continuation: CheckedContinuation<Void, any Error>)

    private struct State {
        var pending: [Waiter] = []
        var flushing = false
    }

    private let writer: any DatabaseWriter
    private let maxBatch: Int
    private let state = NIOLockedValueBox(State())

    init(writer: any DatabaseWriter, maxBatch: Int = 512) {
        self.writer = writer
        self.maxBatch = maxBatch
    }

    /// Inserts `message`; returns when it is committed.
    func insert(_ message: Message) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let startFlushing = state.withLockedValue { state in
                state.pending.append((message, continuation))
                if state.flushing { return false }
                state.flushing = true
                return true
            }
            if startFlushing {
                // Not a child of the request's task: a client hanging up must not cancel
                // a transaction that other requests are waiting on.
                Task.detached { await self.flush() }
            }
        }
    }

    private func flush() async {
        while true {
            let batch: [Waiter] = state.withLockedValue { state in
                if state.pending.isEmpty {
                    state.flushing = false
                    return []
                }
                let count = min(state.pending.count, maxBatch)
                let batch = Array(state.pending.prefix(count))
                state.pending.removeFirst(count)
                return batch
            }
            if batch.isEmpty { return }
            await commit(batch)
        }
    }

    private func commit(_ batch: [Waiter]) async {
        let messages = batch.map(\.message)
        do {
            try await writer.write { db in
                for message in messages {
                    try Self.insert(message, into: db)
                }
            }
            for waiter in batch { waiter.continuation.resume() }
        } catch {
            guard batch.count > 1 else {
                batch[0].continuation.resume(throwing: error)
                return
            }
            for waiter in batch {
                do {
                    let message = waiter.message
                    try await writer.write { db in try Self.insert(message, into: db) }
                    waiter.continuation.resume()
                } catch {
                    waiter.continuation.resume(throwing: error)
                }
            }
        }
    }

    private static func insert(_ message: Message, into db: Database) throws {
        let statement = try db.cachedStatement(sql: "INSERT INTO message (user, subject, message) VALUES (?, ?, ?)")
        try statement.execute(arguments: [message.user, message.subject, message.message])
    }
}
