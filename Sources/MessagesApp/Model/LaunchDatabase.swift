import Foundation
import LabKit
import MessagesService

/// One launch's message store: the file `-db PATH` / `LAB_MESSAGES_DB=PATH` names, else a
/// fresh SQLite file in a new temporary folder, removed when the launch's routes are released
/// (after its server stops).
final class LaunchDatabase: Sendable {
    /// The store the launch's screens read and write.
    let store: any MessageStore
    /// The temporary folder this launch made, if it made one.
    private let temporaryFolder: URL?

    /// The launch argument naming the database file.
    static let argument = "-db"
    /// The environment variable naming the database file.
    static let environmentVariable = "LAB_MESSAGES_DB"

    /// Every launch shares `store` (`lab serve`: the Messages API's store).
    init(sharing store: any MessageStore) {
        self.store = store
        temporaryFolder = nil
    }

    /// Opens the store `launch` asks for; a missing folder of a given file is created.
    init(launch: LaunchOptions) throws(MessageStoreError) {
        if let path = launch.value(argument: Self.argument, environment: Self.environmentVariable) {
            guard !path.isEmpty else { throw MessageStoreError("\(Self.argument) / \(Self.environmentVariable) must not be empty") }
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw MessageStoreError("cannot create the folder of the database \(path): \(error.localizedDescription)")
            }
            store = try Self.open(path)
            temporaryFolder = nil
        } else {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("messages-app-\(UUID().uuidString)")
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw MessageStoreError("cannot create a temporary folder for the database: \(error.localizedDescription)")
            }
            do {
                store = try Self.open(folder.appendingPathComponent("messages.sqlite").path)
            } catch {
                try? FileManager.default.removeItem(at: folder)
                throw error
            }
            temporaryFolder = folder
        }
    }

    private static func open(_ path: String) throws(MessageStoreError) -> SQLiteMessageStore {
        do {
            return try SQLiteMessageStore(path: path)
        } catch let error as MessageStoreError {
            throw error
        } catch {
            throw MessageStoreError("cannot open the database \(path): \(error)")
        }
    }

    deinit {
        // SQLite's files may still be open here; on Linux and macOS removing them is fine.
        if let temporaryFolder { try? FileManager.default.removeItem(at: temporaryFolder) }
    }
}
