import Foundation
import MessagesClient
import MessagesModel
import MessagesTestSupport
import Testing
import TestSupport

/// The app's network layer against the real Messages API, run as a separate process
/// (`lab messages-api`): the seed's three calls decode the server's own JSON with the shared
/// wire types, and every way a call can fail becomes its typed error.
@Suite("Messages API client", .serialized, .heavyWork)
struct MessagesAPIClientTests {
    /// Runs `body` with a client of a fresh `lab messages-api` process.
    func withAPI(_ body: (MessagesAPIClient) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("messages-client-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let service = try await SpawnedService(database: folder.appendingPathComponent("messages.sqlite"))
        do {
            try await body(MessagesAPIClient(baseURL: service.baseURL, timeout: .seconds(10)))
        } catch {
            try await service.stop()
            throw error
        }
        try await service.stop()
    }

    @Test func theSeedsThreeCalls() async throws {
        try await withAPI { (client) async throws in
            #expect(try await client.allMessages() == [])
            let sent = [
                Message(user: "dan", subject: "pets", message: "dogs are happy"),
                Message(user: "bob", subject: "bob stuff", message: "bob bob bob"),
                Message(user: "dan", subject: "pets", message: "cats are grumpy"),
            ]
            for message in sent { #expect(try await client.add(message) == message) }
            #expect(try await client.messages(of: "dan") == [sent[0].entry, sent[2].entry])
            #expect(try await client.messages(of: "nobody") == [])
            // Users in the order of their first message, whatever their names sort as.
            #expect(try await client.allMessages() == [
                UserMessages(user: "dan", messages: [sent[0].entry, sent[2].entry]),
                UserMessages(user: "bob", messages: [sent[1].entry]),
            ])
        }
    }

    /// `allMessages(ifChangedSince:)`: the listing with its `ETag`, then `nil` (a `304`) until a
    /// message is saved, then the new listing and a new tag; over several pages too.
    @Test func theListingIsReadAgainOnlyAfterAChange() async throws {
        try await withAPI { (client) async throws in
            let paged = MessagesAPIClient(baseURL: client.baseURL, timeout: .seconds(10), pageSize: 2)
            for index in 1...3 { _ = try await client.add(Message(user: "dan", subject: "", message: "\(index)")) }
            let first = try #require(try await paged.allMessages(ifChangedSince: nil))
            #expect(first.users == (try await client.allMessages()))
            let tag = try #require(first.entityTag)
            #expect(try await paged.allMessages(ifChangedSince: tag) == nil)
            _ = try await client.add(Message(user: "bob", subject: "", message: "new"))
            let changed = try #require(try await paged.allMessages(ifChangedSince: tag))
            #expect(changed.users.last == UserMessages(user: "bob", messages: [MessageEntry(subject: "", message: "new")]))
            #expect(changed.entityTag != tag)
            #expect(try await client.allMessages(ifChangedSince: changed.entityTag) == nil)
        }
    }

    @Test func listingsFollowThePagesOfTheAPI() async throws {
        try await withAPI { (client) async throws in
            let paged = MessagesAPIClient(baseURL: client.baseURL, timeout: .seconds(10), pageSize: 2)
            var sent: [Message] = []
            for index in 1...7 {
                let message = Message(user: index % 3 == 0 ? "bob" : "dan", subject: "s", message: "\(index)")
                sent.append(try await client.add(message))
            }
            // Seven messages at two a page: four requests each, joined as one listing.
            #expect(try await paged.allMessages() == client.allMessages())
            #expect(try await paged.allMessages() == [
                UserMessages(user: "dan", messages: sent.filter { $0.user == "dan" }.map(\.entry)),
                UserMessages(user: "bob", messages: sent.filter { $0.user == "bob" }.map(\.entry)),
            ])
            #expect(try await paged.messages(of: "dan") == sent.filter { $0.user == "dan" }.map(\.entry))
        }
    }

    /// Pages over 32 KiB of JSON are streamed (`Transfer-Encoding: chunked`): the client reads
    /// them as any other, whole and in order.
    @Test func aStreamedPageIsReadWhole() async throws {
        try await withAPI { (client) async throws in
            var sent: [Message] = []
            for index in 0..<30 {
                sent.append(try await client.add(Message(user: "u\(index % 2)", subject: "\(index)", message: String(repeating: "\u{1}x", count: 1_000))))
            }
            #expect(try await client.allMessages() == [
                UserMessages(user: "u0", messages: sent.filter { $0.user == "u0" }.map(\.entry)),
                UserMessages(user: "u1", messages: sent.filter { $0.user == "u1" }.map(\.entry)),
            ])
            #expect(try await client.messages(of: "u1") == sent.filter { $0.user == "u1" }.map(\.entry))
        }
    }

    @Test func anyTextTravelsVerbatim() async throws {
        try await withAPI { (client) async throws in
            let users = ["z last", "a first", "ü \"quoted\" \\ {braces}", "👨‍👩‍👧 family", "what?#fragment", "...", ".x", "100%", "a+b c"]
            for user in users {
                _ = try await client.add(Message(user: user, subject: "<b>\"x\"</b>\n", message: "line one\nline two\t\u{1}"))
            }
            // "." and ".." are refused by the API (dot segments: libcurl removes them even
            // percent-encoded, so no GET could reach such a user); "..." and ".x" are names.
            for user in users {
                #expect(try await client.messages(of: user) == [MessageEntry(subject: "<b>\"x\"</b>\n", message: "line one\nline two\t\u{1}")], "\(user)")
            }
            #expect(try await client.allMessages().map(\.user) == users)
        }
    }

    @Test func dotSegmentUsersAreRefusedWithATypedError() async throws {
        try await withAPI { (client) async throws in
            for user in [".", ".."] {
                await #expect(throws: MessagesClientError.self) {
                    _ = try await client.add(Message(user: user, subject: "s", message: "m"))
                }
            }
            #expect(try await client.allMessages().isEmpty)
        }
    }

    @Test func aRefusalIsTheAPIsRuleAsATypedError() async throws {
        try await withAPI { (client) async throws in
            await #expect(throws: MessagesClientError.rejected(status: 400, code: "invalid_field", message: "user must not be empty")) {
                try await client.add(Message(user: "", subject: "pets", message: "cats are grumpy"))
            }
            await #expect(throws: MessagesClientError.rejected(
                status: 400, code: "field_too_long", message: "message is too long: 4001 characters (Unicode code points); the limit is 4000"
            )) {
                try await client.add(Message(user: "dan", subject: "", message: String(repeating: "m", count: 4001)))
            }
            do throws(MessagesClientError) {
                _ = try await client.messages(of: " dan")
                Issue.record("a name with a leading space was accepted")
            } catch {
                guard case .rejected(400, "invalid_user", let message) = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(message.contains("must not begin or end with white space"))
            }
            #expect(try await client.allMessages() == [])  // nothing was saved
        }
    }

    @Test func aClosedPortIsUnreachable() async throws {
        let port = try StubHTTPServer.closedPort()
        let client = MessagesAPIClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, timeout: .seconds(5))
        let started = ContinuousClock.now
        do throws(MessagesClientError) {
            _ = try await client.allMessages()
            Issue.record("a closed port answered")
        } catch {
            guard case .unreachable(let url, _) = error else {
                Issue.record("expected unreachable, got \(error)")
                return
            }
            #expect(url == "http://127.0.0.1:\(port)/proto/messages")
        }
        #expect(ContinuousClock.now - started < .seconds(4))
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let server = try StubHTTPServer(.silent)
        defer { server.stop() }
        let client = MessagesAPIClient(baseURL: server.baseURL, timeout: .milliseconds(700))
        let started = ContinuousClock.now
        await #expect(throws: MessagesClientError.timedOut(url: server.baseURL.absoluteString + "/proto/messages", after: .milliseconds(700))) {
            try await client.add(Message(user: "dan", subject: "pets", message: "cats are grumpy"))
        }
        let took = ContinuousClock.now - started
        #expect(took >= .milliseconds(700) && took < .seconds(5), "took \(took)")
        #expect(server.acceptedConnections >= 1)
    }

    @Test func aFailingServiceIsAServiceFailureWithItsEnvelope() async throws {
        let body = #"{"statusCode":503,"error":{"code":"storage_unavailable","message":"the store failed; try again later"}}"#
        let server = try StubHTTPServer(.reply(
            "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        ))
        defer { server.stop() }
        let client = MessagesAPIClient(baseURL: server.baseURL, timeout: .seconds(5))
        await #expect(throws: MessagesClientError.serviceFailed(status: 503, code: "storage_unavailable", message: "the store failed; try again later")) {
            try await client.messages(of: "dan")
        }
    }

    @Test func anAnswerThatIsNotTheWireFormatIsInvalid() async throws {
        let body = #"{"statusCode":200,"body":["not","an","object"]}"#
        let server = try StubHTTPServer(.reply(
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        ))
        defer { server.stop() }
        let client = MessagesAPIClient(baseURL: server.baseURL, timeout: .seconds(5))
        do throws(MessagesClientError) {
            _ = try await client.allMessages()
            Issue.record("a list was read as every user's messages")
        } catch {
            guard case .invalidResponse = error else {
                Issue.record("expected invalidResponse, got \(error)")
                return
            }
        }
    }
}
