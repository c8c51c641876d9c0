import Foundation
import GRDB

/// The embedded default ``MessageStore``: SQLite through GRDB.
///
/// - A file database uses a `DatabasePool` in WAL mode with `synchronous = FULL`: a commit
///   returns only after the WAL has been `fsync`ed, so an acknowledged POST survives a killed
///   process and a power cut. Saves are group-committed (see `GroupCommitter`) so the `fsync`
///   is shared by all saves that arrive together.
/// - ``inMemory()`` gives a private in-memory database for tests.
/// - Reads run concurrently with writes (WAL readers); writes are serialised by GRDB.
/// - Messages are listed by their `INTEGER PRIMARY KEY AUTOINCREMENT` id, which is save order.
public final class SQLiteMessageStore: MessageStore {
    private let database: any DatabaseWriter
    private let committer: GroupCommitter
    /// Fast read-only connections for `messages(of:)` (file databases only).
    private let readers: ReadConnections?
    /// Background WAL checkpoints (file databases only).
    private let checkpointer: Checkpointer?

    /// How far a commit goes before it returns (SQLite's `PRAGMA synchronous`, in WAL mode).
    public enum Synchronous: String, Sendable, CaseIterable {
        /// `fsync` the WAL on every commit: an acknowledged save survives a killed process and a
        /// power cut or OS crash. The default.
        case full
        /// No `fsync` on commit (only at checkpoints): an acknowledged save survives a killed
        /// process, but the last ones may be lost on a power cut or OS crash.
        case normal
    }

    /// Opens (creating if needed) the database file at `path` and migrates its schema.
    /// The file's folder must exist.
    public convenience init(path: String, synchronous: Synchronous = .full) throws {
        var configuration = Configuration()
        // Other processes (a second server, the sqlite3 shell) may briefly hold the write lock.
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in try db.execute(sql: Self.memoryMapping) }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            // GRDB sets NORMAL when it turns WAL on; FULL makes every commit durable on disk.
            let pragma = synchronous == .full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL"
            try pool.writeWithoutTransaction { db in
                try db.execute(sql: pragma)
                // Checkpoints run in the background (Checkpointer); this is only the fallback.
                try db.execute(sql: "PRAGMA wal_autocheckpoint = 20000")
            }
        } catch {
            throw MessageStoreError("cannot open the SQLite database at \(path): \(error)")
        }
        let checkpointer: Checkpointer
        do {
            checkpointer = try Checkpointer(path: path)
        } catch {
            throw MessageStoreError("cannot open the SQLite database at \(path) for checkpoints: \(error)")
        }
        try self.init(database: pool, readers: ReadConnections(path: path), checkpointer: checkpointer)
    }

    /// Reads through a memory map instead of `read` calls: a page of one user's messages is
    /// scattered over as many table pages as it has rows (4 MB for 1,000 rows in a store of a
    /// million), which each connection would otherwise copy into its own page cache. Measured
    /// with bench/messages-paging.sh; see docs/benchmarks.md.
    static let memoryMapping = "PRAGMA mmap_size = 1073741824"

    /// A private in-memory database (for tests): nothing is kept after the store is released.
    public static func inMemory() throws -> SQLiteMessageStore {
        do {
            return try SQLiteMessageStore(database: DatabaseQueue(), readers: nil, checkpointer: nil)
        } catch {
            throw MessageStoreError("cannot create an in-memory SQLite database: \(error)")
        }
    }

    private init(database: any DatabaseWriter, readers: ReadConnections?, checkpointer: Checkpointer?) throws {
        self.database = database
        self.readers = readers
        self.checkpointer = checkpointer
        self.committer = GroupCommitter(writer: database)
        do {
            try Self.migrator.migrate(database)
        } catch {
            throw MessageStoreError("cannot set up the messages schema: \(error)")
        }
        checkpointer?.start()
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: message") { db in
            try db.execute(sql: """
                CREATE TABLE message (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    user TEXT NOT NULL,
                    subject TEXT NOT NULL,
                    message TEXT NOT NULL
                );
                CREATE INDEX message_by_user ON message (user, id);
                """)
        }
        return migrator
    }

    public func save(_ message: Message) async throws {
        do {
            try await committer.insert(message)
        } catch {
            throw MessageStoreError("cannot save the message: \(error)")
        }
    }

    public func messages(of user: String, page: PageRequest) async throws -> MessagePage<MessageEntry> {
        do {
            return try readMessages(of: user, page: page)
        } catch {
            throw MessageStoreError("cannot read the messages of a user: \(error)")
        }
    }

    /// Synchronous on purpose: an indexed read of one user's rows takes microseconds, less than
    /// the thread hops of GRDB's async read (see docs/messages-api.md). `unsafeRead` skips GRDB's
    /// explicit transaction: the read is one SELECT, which SQLite already runs on one snapshot.
    private func readMessages(of user: String, page: PageRequest) throws -> MessagePage<MessageEntry> {
        if let readers {
            return try readers.read { db in try Self.fetchMessages(of: user, page: page, db) }
        }
        return try database.unsafeRead { db in try Self.fetchMessages(of: user, page: page, db) }
    }

    /// One more row than the page holds is read: whether it exists says whether a next page does.
    private static func fetchMessages(of user: String, page: PageRequest, _ db: Database) throws -> MessagePage<MessageEntry> {
        let statement = try db.cachedStatement(
            sql: "SELECT id, subject, message FROM message WHERE user = ? AND id > ? ORDER BY id LIMIT ?")
        var entries: [MessageEntry] = []
        var lastID: Int64 = 0
        var bytes = 0
        let rows = try Row.fetchCursor(statement, arguments: [user, page.cursor?.position ?? 0, page.limit + 1])
        while let row = try rows.next() {
            let entry = MessageEntry(subject: row[1], message: row[2])
            let size = user.utf8.count + entry.subject.utf8.count + entry.message.utf8.count
            if entries.count == page.limit || (!entries.isEmpty && bytes + size > page.maxBytes) {
                return MessagePage(items: entries, next: MessageCursor(position: lastID))
            }
            lastID = row[0]
            bytes += size
            entries.append(entry)
        }
        return MessagePage(items: entries, next: nil)
    }

    /// The id of the last message saved (`m0` when none): messages are only ever appended, with
    /// `AUTOINCREMENT` ids that are never reused, so it changes exactly when a message is saved.
    /// One lookup at the end of the primary key, on a read connection of the store's own.
    public func changeMarker() async throws -> String? {
        let read = { (db: Database) throws -> Int64 in try Int64.fetchOne(db, sql: "SELECT max(id) FROM message") ?? 0 }
        do {
            let last = try readers.map { try $0.read(read) } ?? database.unsafeRead(read)
            return "m\(last)"
        } catch {
            throw MessageStoreError("cannot read the last message id: \(error)")
        }
    }

    public func allMessages(page: PageRequest) async throws -> MessagePage<UserMessages> {
        do {
            return try await database.read { db in
                let statement = try db.cachedStatement(
                    sql: "SELECT id, user, subject, message FROM message WHERE id > ? ORDER BY id LIMIT ?")
                var order: [String] = []
                var byUser: [String: [MessageEntry]] = [:]
                var count = 0
                var lastID: Int64 = 0
                var bytes = 0
                var next: MessageCursor?
                let rows = try Row.fetchCursor(statement, arguments: [page.cursor?.position ?? 0, page.limit + 1])
                while let row = try rows.next() {
                    let user: String = row[1]
                    let entry = MessageEntry(subject: row[2], message: row[3])
                    let size = user.utf8.count + entry.subject.utf8.count + entry.message.utf8.count
                    if count == page.limit || (count > 0 && bytes + size > page.maxBytes) {
                        next = MessageCursor(position: lastID)
                        break
                    }
                    count += 1
                    bytes += size
                    lastID = row[0]
                    if byUser[user] == nil {
                        order.append(user)
                        byUser[user] = [entry]
                    } else {
                        byUser[user]!.append(entry)
                    }
                }
                return MessagePage(items: order.map { UserMessages(user: $0, messages: byUser[$0]!) }, next: next)
            }
        } catch {
            throw MessageStoreError("cannot read all messages: \(error)")
        }
    }

    /// The connection's `journal_mode` and `synchronous` (0 off, 1 normal, 2 full), for tests and diagnostics.
    public func durabilitySettings() async throws -> (journalMode: String, synchronous: Int) {
        try await database.writeWithoutTransaction { db in
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? ""
            let sync = try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1
            return (mode, sync)
        }
    }
}
