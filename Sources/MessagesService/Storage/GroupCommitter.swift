import GRDB
import NIOConcurrencyHelpers

/// Group commit: saves that arrive while a transaction is being committed wait, then go
/// together into the next transaction, so one `fsync` makes many messages durable.
///
/// Each caller of ``insert(_:)`` resumes only after the transaction holding its message has
/// committed (with `synchronous = FULL`, after the WAL is on disk). The first save of an idle
/// period schedules one block on GRDB's writer queue; that block keeps committing batches
/// until nothing is pending, so a busy server pays one queue hop per busy period, not per
/// save. If a batch fails as a whole, its messages are retried one transaction each, so one
/// bad row cannot fail the others. The work runs on the writer queue, not in the request's
/// task: a client hanging up cannot cancel a transaction other requests wait on.
final class GroupCommitter: Sendable {
    private typealias Waiter = (message: Message, continuation: CheckedContinuation<Void, any Error>)

    private struct State {
        var pending: [Waiter] = []
        var draining = false
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
            let startDraining = state.withLockedValue { state in
                state.pending.append((message, continuation))
                if state.draining { return false }
                state.draining = true
                return true
            }
            if startDraining {
                writer.asyncWriteWithoutTransaction { db in self.drain(db) }
            }
        }
    }

    /// Runs on the writer queue: commits batches until none is pending.
    private func drain(_ db: Database) {
        while true {
            let batch: [Waiter] = state.withLockedValue { state in
                if state.pending.isEmpty {
                    state.draining = false
                    return []
                }
                let count = min(state.pending.count, maxBatch)
                let batch = Array(state.pending.prefix(count))
                state.pending.removeFirst(count)
                return batch
            }
            if batch.isEmpty { return }
            commit(batch, db)
        }
    }

    private func commit(_ batch: [Waiter], _ db: Database) {
        do {
            try db.inTransaction {
                for waiter in batch { try Self.insert(waiter.message, into: db) }
                return .commit
            }
            for waiter in batch { waiter.continuation.resume() }
        } catch {
            guard batch.count > 1 else {
                batch[0].continuation.resume(throwing: error)
                return
            }
            for waiter in batch {
                do {
                    try db.inTransaction {
                        try Self.insert(waiter.message, into: db)
                        return .commit
                    }
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
