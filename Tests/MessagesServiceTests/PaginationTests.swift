import LabSupport
import MessagesService
import Testing
import TestSupport

/// The GETs page through the save order: `limit` and `cursor`, `next` and `Link` only when
/// another page follows, the seed's exact shape when everything fits in one page.
@Suite(.heavyWork) struct PaginationTests {
    /// Posts `count` messages, alternating between dan and bob; message texts are "1", "2", ….
    static func fill(_ client: HTTPTestClient, count: Int) async throws {
        for index in 1...count {
            let response = try await client.post(messageBody(user: index % 2 == 1 ? "dan" : "bob", subject: "s", message: "\(index)"))
            #expect(response.status == 201, "\(response)")
        }
    }

    /// The message texts of a page of `GET /proto/messages`, by user.
    static func texts(_ response: HTTPResult) throws -> [String: [String]] {
        let body = try #require(try response.json()["body"]?.object)
        return body.mapValues { ($0.array ?? []).compactMap { $0["message"]?.string } }
    }

    @Test func aStoreThatFitsOnOnePageIsAnsweredInTheSeedsShapeWithoutNextOrLink() async throws {
        try await withMessagesServer(store: memoryStore()) { client in
            try await Self.fill(client, count: 3)
            let all = try await client.get("/proto/messages")
            #expect(all.text == #"{"statusCode":200,"body":{"dan":[{"subject":"s","message":"1"},{"subject":"s","message":"3"}],"bob":[{"subject":"s","message":"2"}]}}"#)
            #expect(all.header("link") == nil)
            let dan = try await client.get("/proto/messages/dan")
            #expect(dan.text == #"{"statusCode":200,"body":{"user":"dan","message":[{"subject":"s","message":"1"},{"subject":"s","message":"3"}]}}"#)
            #expect(dan.header("link") == nil)
            // A limit equal to the count: still one page, no `next` (the store looks one row ahead).
            let exact = try await client.get("/proto/messages?limit=3")
            #expect(try exact.json()["next"] == nil)
        }
    }

    @Test func pagesOfAllMessagesFollowTheSaveOrderAndEndWithoutNext() async throws {
        try await withMessagesServer(store: memoryStore()) { client in
            try await Self.fill(client, count: 5)
            var path = "/proto/messages?limit=2"
            var pages: [[String: [String]]] = []
            while pages.count < 10 {
                let response = try await client.get(path)
                #expect(response.status == 200, "\(response)")
                expectConforms(response, "GET", "/proto/messages")
                pages.append(try Self.texts(response))
                guard let next = try response.json()["next"]?.string else {
                    #expect(response.header("link") == nil)
                    break
                }
                #expect(response.header("link") == "</proto/messages?limit=2&cursor=\(next)>; rel=\"next\"")
                path = "/proto/messages?limit=2&cursor=\(next)"
            }
            #expect(pages == [["dan": ["1"], "bob": ["2"]], ["dan": ["3"], "bob": ["4"]], ["dan": ["5"]]])
        }
    }

    @Test func pagesOfOneUserAndMessagesSavedWhilePaging() async throws {
        try await withMessagesServer(store: memoryStore()) { client in
            try await Self.fill(client, count: 6)  // dan has 1, 3, 5
            let first = try await client.get("/proto/messages/dan?limit=2")
            #expect(try first.json()["body"]?["message"]?.array?.compactMap { $0["message"]?.string } == ["1", "3"])
            let next = try #require(try first.json()["next"]?.string)
            #expect(first.header("link") == "</proto/messages/dan?limit=2&cursor=\(next)>; rel=\"next\"")
            expectConforms(first, "GET", "/proto/messages/{user}")
            // Saved after the first page was read: it comes on a later page, and nothing twice.
            _ = try await client.post(messageBody(user: "dan", subject: "s", message: "7"))
            let second = try await client.get("/proto/messages/dan?limit=2&cursor=\(next)")
            #expect(try second.json()["body"]?["message"]?.array?.compactMap { $0["message"]?.string } == ["5", "7"])
            #expect(try second.json()["next"] == nil)
        }
    }

    @Test(arguments: [
        ("limit=0", "invalid_limit"), ("limit=10001", "invalid_limit"), ("limit=abc", "invalid_limit"),
        ("limit=", "invalid_limit"), ("limit=-1", "invalid_limit"), ("limit=1.5", "invalid_limit"),
        ("limit=99999999999999999999", "invalid_limit"), ("limit=1&limit=2", "invalid_limit"),
        ("cursor=nope", "invalid_cursor"), ("cursor=m01", "invalid_cursor"), ("cursor=m-1", "invalid_cursor"),
        ("cursor=", "invalid_cursor"), ("cursor=m99999999999999999999", "invalid_cursor"), ("cursor=m1&cursor=m2", "invalid_cursor"),
    ])
    func invalidPagingParametersAreA400NamingTheParameter(query: String, code: String) async throws {
        try await withMessagesServer(store: memoryStore()) { client in
            let all = try await client.get("/proto/messages?\(query)")
            expectError(all, status: 400, code: code, "GET", "/proto/messages")
            let user = try await client.get("/proto/messages/dan?\(query)")
            expectError(user, status: 400, code: code, "GET", "/proto/messages/{user}")
        }
    }

    @Test func theStoreReadsEveryPageForCallersInProcess() async throws {
        let store = try memoryStore()
        for index in 1...25 {
            try await store.save(Message(user: "user\(index % 3)", subject: "", message: "\(index)"))
        }
        let page = try await store.allMessages(page: PageRequest(limit: 10))
        #expect(page.items.flatMap(\.messages).count == 10)
        #expect(page.next != nil)
        let all = try await store.allMessages()
        #expect(all.map(\.user) == ["user1", "user2", "user0"])
        #expect(all.flatMap(\.messages).count == 25)
        #expect(all[0].messages.map(\.message) == stride(from: 1, through: 25, by: 3).map { "\($0)" })
    }

    /// The `Link` header is built from the decoded, validated user name, percent-encoded as one
    /// segment: a name holding `>`, `;`, `,`, quotes and a scheme cannot end the link or add
    /// another, and a path spelt another way (`%64an` for `dan`) gets the normal spelling.
    @Test func theLinkHeaderIsBuiltFromTheNormalizedPercentEncodedPath() async throws {
        let crafted = "x>; rel=\"next\", <https:evil.example"
        try await withMessagesServer(store: memoryStore()) { client in
            for index in 1...2 {
                #expect(try await client.post(messageBody(user: crafted, subject: "s", message: "\(index)")).status == 201)
                #expect(try await client.post(messageBody(user: "dan", subject: "s", message: "\(index)")).status == 201)
            }
            let encoded = "x%3E%3B%20rel%3D%22next%22%2C%20%3Chttps%3Aevil.example"
            let page = try await client.get("/proto/messages/" + encoded + "?limit=1")
            #expect(page.status == 200, "\(page)")
            #expect(page.header("link") == "</proto/messages/\(encoded)?limit=1&cursor=m1>; rel=\"next\"")
            let respelt = try await client.get("/proto/messages/%64an?limit=1")
            #expect(respelt.header("link") == "</proto/messages/dan?limit=1&cursor=m2>; rel=\"next\"")
            // Following the link reads the crafted user's second message.
            let next = try await client.get("/proto/messages/\(encoded)?limit=1&cursor=m1")
            #expect(next.text.contains("\"message\":\"2\""), "\(next)")
        }
    }
}
