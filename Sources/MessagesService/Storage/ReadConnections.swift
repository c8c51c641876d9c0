import GRDB
import NIOConcurrencyHelpers

/// A few read-only connections to a WAL database, checked out with a lock instead of GRDB's
/// pool machinery (dispatch barrier, semaphore, group, per-read `PRAGMA schema_version`),
/// which cost about as much CPU as the rest of a GET. Used for the single-SELECT reads on the
/// hot path, where no explicit transaction is needed: one statement runs on one snapshot.
final class ReadConnections: Sendable {
    private let path: String
    private let configuration: Configuration
    private let maxIdle: Int
    private let idle = NIOLockedValueBox<[DatabaseQueue]>([])

    init(path: String, maxIdle: Int = 8) {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in try db.execute(sql: SQLiteMessageStore.memoryMapping) }
        self.path = path
        self.configuration = configuration
        self.maxIdle = maxIdle
    }

    /// Runs `body` on an idle connection (opening one if none is idle).
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        let connection = try idle.withLockedValue { $0.popLast() } ?? DatabaseQueue(path: path, configuration: configuration)
        defer {
            idle.withLockedValue { connections in
                if connections.count < maxIdle { connections.append(connection) }
            }
        }
        return try connection.inDatabase(body)
    }
}
