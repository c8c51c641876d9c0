import Dispatch
import GRDB

/// Runs WAL checkpoints in the background, on its own connection and dispatch queue, so that
/// commits never pay for them.
///
/// By default SQLite checkpoints inside the commit that pushes the WAL past 1,000 pages: that
/// commit then copies the WAL into the database and `fsync`s it, and every POST waiting on it
/// waits too (hundreds of milliseconds at p99 under load). A PASSIVE checkpoint from another
/// connection runs beside the writer without blocking it. The writer keeps a high
/// `wal_autocheckpoint` as a fallback should this stop.
final class Checkpointer: Sendable {
    private let connection: DatabaseQueue
    private let queue = DispatchQueue(label: "messages.sqlite.checkpointer")
    private let interval: DispatchTimeInterval

    init(path: String, interval: DispatchTimeInterval = .milliseconds(200)) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        connection = try DatabaseQueue(path: path, configuration: configuration)
        self.interval = interval
    }

    /// Starts checkpointing every `interval` until this object is released.
    func start() {
        schedule()
    }

    private func schedule() {
        queue.asyncAfter(deadline: .now() + interval) { [weak self] in
            guard let self else { return }
            _ = try? self.connection.inDatabase { db in try db.checkpoint(.passive) }
            self.schedule()
        }
    }
}
