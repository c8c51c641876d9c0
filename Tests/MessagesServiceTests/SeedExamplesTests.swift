import Foundation
import LabSupport
import MessagesService
import Testing
import TestSupport

/// The seed's API Description examples, verbatim, over real HTTP.
@Suite(.heavyWork) struct SeedExamplesTests {
    static let seedPosts: [(user: String, subject: String, message: String)] = [
        ("dan", "pets", "dogs are happy"),
        ("dan", "pets", "cats are grumpy"),
        ("bob", "bob stuff", "bob bob bob"),
        ("bob", "bob stuff", "there once was a guy named bob"),
    ]

    @Test func seedPostBodyIsAcceptedAndReturnsTheSavedMessage() async throws {
        try await withMessagesServer(store: memoryStore()) { client in
            // The seed's POST body, byte for byte as the seed writes it.
            let body = """
                {
                  "user": "dan",
                  "operation": "add_message",
                  "subject": "pets",
                  "message" : "cats are grumpy"
                }
                """
            let response = try await client.post(Array(body.utf8))
            #expect(response.status == 201, "\(response)")
            #expect(try response.json() == JSONValue.parse(#"{"statusCode":201,"body":{"user":"dan","subject":"pets","message":"cats are grumpy"}}"#))
            expectConforms(response, "POST", "/proto/messages")
        }
    }

    @Test func getAllReturnsTheSeedsShapeWithMessagesInSaveOrder() async throws {
        try await withMessagesServer(store: memoryStore()) { client in
            for post in Self.seedPosts {
                let response = try await client.post(messageBody(user: post.user, subject: post.subject, message: post.message))
                #expect(response.status == 201, "\(response)")
            }
            let response = try await client.get("/proto/messages")
            #expect(response.status == 200)
            // The seed's GET /proto/messages response, verbatim.
            let seed = """
                {
                  "statusCode": 200,
                  "body": {
                  "dan": [ {
                        "subject": "pets",
                        "message": "dogs are happy"
                      },
                      {
                        "subject": "pets",
                        "message": "cats are grumpy"
                      } ],
                  "bob": [ {
                        "subject": "bob stuff",
                        "message": "bob bob bob"
                      },
                      {
                        "subject": "bob stuff",
                        "message": "there once was a guy named bob"
                      } ]
                  }
                }
                """
            #expect(try response.json() == JSONValue.parse(seed))
            // Users appear in the order of their first message.
            let text = response.text
            let dan = try #require(text.range(of: "\"dan\""))
            let bob = try #require(text.range(of: "\"bob\""))
            #expect(dan.lowerBound < bob.lowerBound)
            expectConforms(response, "GET", "/proto/messages")
        }
    }

    @Test func getByUserReturnsTheSeedsShape() async throws {
        try await withMessagesServer(store: memoryStore()) { client in
            for post in Self.seedPosts {
                _ = try await client.post(messageBody(user: post.user, subject: post.subject, message: post.message))
            }
            let response = try await client.get("/proto/messages/dan")
            #expect(response.status == 200)
            // The seed's example, with the subject its second entry lost to a typo restored.
            let seed = """
                {
                  "statusCode": 200,
                  "body": {
                    "user": "dan",
                    "message": [
                      {
                        "subject": "pets",
                        "message": "dogs are happy"
                      }, {
                        "subject": "pets",
                        "message": "cats are grumpy"
                      }
                   ]
                  }
                }
                """
            #expect(try response.json() == JSONValue.parse(seed))
            expectConforms(response, "GET", "/proto/messages/{user}")

            let bob = try await client.get("/proto/messages/bob")
            #expect(try bob.json()["body"]?["message"]?.array?.compactMap { $0["message"]?.string }
                == ["bob bob bob", "there once was a guy named bob"])
        }
    }

    @Test func unknownUserGetsAnEmptyList() async throws {
        try await withMessagesServer(store: memoryStore()) { client in
            _ = try await client.post(messageBody(user: "dan", subject: "pets", message: "dogs are happy"))
            let response = try await client.get("/proto/messages/nobody")
            #expect(response.status == 200)
            #expect(try response.json() == JSONValue.parse(#"{"statusCode":200,"body":{"user":"nobody","message":[]}}"#))
            expectConforms(response, "GET", "/proto/messages/{user}")
        }
    }

    @Test func emptyStoreListsNoUsers() async throws {
        try await withMessagesServer(store: memoryStore()) { client in
            let response = try await client.get("/proto/messages")
            #expect(try response.json() == JSONValue.parse(#"{"statusCode":200,"body":{}}"#))
            expectConforms(response, "GET", "/proto/messages")
        }
    }

    @Test func messagesComeBackInSaveOrder() async throws {
        try await withMessagesServer(store: memoryStore()) { client in
            let texts = (0..<60).map { "message \($0) \(["z", "a", "m"][$0 % 3])" }
            for (index, text) in texts.enumerated() {
                _ = try await client.post(messageBody(user: index % 2 == 0 ? "even" : "odd", subject: "s", message: text))
            }
            let even = try await client.get("/proto/messages/even").json()
            #expect(even["body"]?["message"]?.array?.compactMap { $0["message"]?.string } == texts.enumerated().filter { $0.offset % 2 == 0 }.map(\.element))
            let all = try await client.get("/proto/messages").json()
            #expect(all["body"]?["odd"]?.array?.compactMap { $0["message"]?.string } == texts.enumerated().filter { $0.offset % 2 == 1 }.map(\.element))
        }
    }

    @Test func headMirrorsGetWithoutABody() async throws {
        try await withMessagesServer(store: memoryStore()) { client in
            _ = try await client.post(messageBody(user: "dan", subject: "pets", message: "dogs are happy"))
            let all = try await client.send("HEAD", "/proto/messages")
            #expect(all.status == 200 && all.body.isEmpty)
            expectConforms(all, "HEAD", "/proto/messages")
            let user = try await client.send("HEAD", "/proto/messages/dan")
            #expect(user.status == 200 && user.body.isEmpty)
            expectConforms(user, "HEAD", "/proto/messages/{user}")
        }
    }
}
