import Foundation
import LabSupport
import MessagesService
import Testing
import TestSupport

/// Concurrent writers are safe: 1,000 POSTs at once, each on its own connection, all kept.
@Suite(.heavyWork) struct ConcurrencyTests {
    @Test func thousandConcurrentPostsAreAllRetrievable() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A file database: WAL, synchronous=FULL, group commit — the real configuration.
        let store = try SQLiteMessageStore(path: directory.appendingPathComponent("messages.sqlite").path)
        let users = (0..<10).map { "user\($0)" }
        try await withMessagesServer(store: store) { server in
            // Correctness, not speed: under a loaded machine 1,000 group-committed fsyncs can
            // take longer than the client's usual 30 s (seen at load 25).
            let client = HTTPTestClient(port: server.port, timeout: .seconds(180))
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<1_000 {
                    group.addTask {
                        let body = messageBody(user: users[index % users.count], subject: "concurrent", message: "message #\(index)")
                        return try await client.post(body).status
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.count == 1_000)
            #expect(statuses.allSatisfy { $0 == 201 })

            let all = try await client.get("/proto/messages")
            expectConforms(all, "GET", "/proto/messages")
            let body = try #require(try all.json()["body"]?.object)
            #expect(Set(body.keys) == Set(users))
            let texts = body.values.flatMap { $0.array ?? [] }.compactMap { $0["message"]?.string }
            #expect(texts.count == 1_000)
            #expect(Set(texts) == Set((0..<1_000).map { "message #\($0)" }))
            for (index, user) in users.enumerated() {
                let mine = try await client.get("/proto/messages/\(user)").json()["body"]?["message"]?.array ?? []
                #expect(Set(mine.compactMap { $0["message"]?.string }) == Set(stride(from: index, to: 1_000, by: users.count).map { "message #\($0)" }))
            }
        }
    }

    @Test func concurrentReadsAndWritesInterleaveSafely() async throws {
        try await withMessagesServer(store: memoryStore()) { client in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<200 {
                    group.addTask {
                        if index % 2 == 0 {
                            let posted = try await client.post(messageBody(user: "rw", subject: "s", message: "\(index)"))
                            #expect(posted.status == 201)
                        } else {
                            let read = try await client.get("/proto/messages/rw")
                            #expect(read.status == 200)
                            expectConforms(read, "GET", "/proto/messages/{user}")
                        }
                    }
                }
                try await group.waitForAll()
            }
            let final = try await client.get("/proto/messages/rw").json()
            #expect(final["body"]?["message"]?.array?.count == 100)
        }
    }
}
