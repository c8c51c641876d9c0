import Foundation
import LabSupport
import MessagesService
import MessagesTestSupport
import Testing
import TestSupport

/// Durability: data survives a restart, and an acknowledged POST survives `kill -9`.
@Suite(.heavyWork) struct PersistenceTests {
    @Test func fileStoreUsesWALWithFullSync() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteMessageStore(path: directory.appendingPathComponent("m.sqlite").path)
        let settings = try await store.durabilitySettings()
        #expect(settings.journalMode == "wal")
        #expect(settings.synchronous == 2, "synchronous must be FULL (2)")
    }

    @Test func normalSynchronousIsAvailableOnRequest() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteMessageStore(path: directory.appendingPathComponent("m.sqlite").path, synchronous: .normal)
        let settings = try await store.durabilitySettings()
        #expect(settings.journalMode == "wal")
        #expect(settings.synchronous == 1)
    }

    /// A file store reads through its own read-only connections: a 201 is visible to the next GET.
    @Test func fileStoreReadsItsOwnWrites() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteMessageStore(path: directory.appendingPathComponent("m.sqlite").path)
        try await withMessagesServer(store: store) { client in
            for index in 0..<50 {
                #expect(try await client.post(messageBody(user: "ryw", subject: "s", message: "\(index)")).status == 201)
                let listed = try await client.get("/proto/messages/ryw").json()["body"]?["message"]?.array
                #expect(listed?.count == index + 1)
                #expect(listed?.last?["message"]?.string == "\(index)")
            }
        }
    }

    @Test func dataSurvivesARestartOnTheSameFile() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("messages.sqlite").path

        let first = try await withMessagesServer(store: SQLiteMessageStore(path: path)) { client in
            for post in SeedExamplesTests.seedPosts {
                #expect(try await client.post(messageBody(user: post.user, subject: post.subject, message: post.message)).status == 201)
            }
            return try await client.get("/proto/messages").json()
        }
        // A new store and server on the same file.
        let second = try await withMessagesServer(store: SQLiteMessageStore(path: path)) { client in
            #expect(try await client.post(messageBody(user: "dan", subject: "pets", message: "after restart")).status == 201)
            return try await client.get("/proto/messages/dan").json()
        }
        #expect(first["body"]?.object?.count == 2)
        #expect(second["body"]?["message"]?.array?.compactMap { $0["message"]?.string }
            == ["dogs are happy", "cats are grumpy", "after restart"])
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func labMessagesAPIStopsCleanlyOnSignal(_ signal: Int32) async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("messages.sqlite")
        let service = try await SpawnedService(database: database)
        #expect(try await service.client.post(messageBody(user: "dan", subject: "pets", message: "dogs are happy")).status == 201)
        let exit = try await service.stop(signal: signal)
        #expect(exit == .exited(0), "lab messages-api should exit 0 on signal \(signal), got \(exit)")
        // The acknowledged message is in the file.
        let reopened = try SQLiteMessageStore(path: database.path)
        #expect(try await reopened.messages(of: "dan") == [MessageEntry(subject: "pets", message: "dogs are happy")])
    }

    @Test func killMinus9RightAfterAcknowledgedPostsLosesNone() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("messages.sqlite")
        let service = try await SpawnedService(database: database)
        let client = service.client

        // 16 writers post as fast as they can; once 400 POSTs are acknowledged, kill -9 while
        // others are still in flight.
        let acknowledged = AcknowledgedMessages()
        let writers = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<16 {
                    group.addTask {
                        for index in 0..<1_000 {
                            let text = "w\(writer)-\(index)"
                            guard let response = try? await client.post(messageBody(user: "w\(writer)", subject: "k", message: text)) else { return }
                            guard response.status == 201 else { return }
                            await acknowledged.add(text)
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        try await withTimeout(.seconds(120), "400 acknowledged POSTs") {
            while await acknowledged.count < 400 { try await Task.sleep(for: .milliseconds(1)) }
        }
        let exit = try await service.stop(signal: SIGKILL)
        #expect(exit == .signalled(SIGKILL))
        let acked = await acknowledged.all
        _ = try? await writers.value

        // Start it again on the same file: every acknowledged message is there.
        let restarted = try await SpawnedService(database: database)
        let all = try await restarted.client.get("/proto/messages")
        expectConforms(all, "GET", "/proto/messages")
        let stored = Set(try #require(all.json()["body"]?.object).values.flatMap { $0.array ?? [] }.compactMap { $0["message"]?.string })
        let lost = acked.subtracting(stored)
        #expect(acked.count >= 400)
        #expect(lost.isEmpty, "\(lost.count) acknowledged messages lost, e.g. \(lost.prefix(5))")
        // Per writer, the stored messages are a prefix of what it sent, in order.
        let w0 = try await restarted.client.get("/proto/messages/w0").json()["body"]?["message"]?.array?.compactMap { $0["message"]?.string } ?? []
        #expect(w0 == (0..<w0.count).map { "w0-\($0)" })
        _ = try await restarted.stop(signal: SIGTERM)
    }
}

/// The messages whose POST got a 201.
actor AcknowledgedMessages {
    private(set) var all = Set<String>()
    var count: Int { all.count }
    func add(_ text: String) { all.insert(text) }
}
