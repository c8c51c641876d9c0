import Foundation
import LabTesting
import MessagesApp
import MessagesModel
import MessagesTestSupport
import Testing
import UIAutomation

extension MessagesJourneys {
    /// The seed's mock target (LovEveryMockTest): `-mock YES` swaps in hard-coded messages and no
    /// network. The journeys run as usual; what is sent is accepted on screen but not kept, and
    /// nothing reaches any API — the launch is also given an API address, a server that counts
    /// connections, and it is never contacted.
    @Suite("Messages: mock mode")
    struct MockModeTests {
        static let hardCoded = [
            UserPairs(user: "dan", messages: [Pair("pets", "dogs are happy"), Pair("pets", "cats are grumpy")]),
            UserPairs(user: "bob", messages: [Pair("bob stuff", "bob bob bob"), Pair("bob stuff", "there once was a guy named bob")]),
        ]

        @Test func addFindAndAllWorkOnHardCodedDataAndNothingIsWrittenAnywhere() async throws {
            let watched = try StubHTTPServer(.silent)
            defer { watched.stop() }
            let arguments = [MessagesComposition.mockArgument, "YES", MessagesComposition.apiArgument, watched.baseURL.absoluteString]
            try await withLabApp(MessagesApp(), arguments: arguments) { (app) async throws in
                #expect(try await app.allMessages() == Self.hardCoded)
                try await app.goHome()

                try await app.addMessage(user: "zed", subject: "new", message: "not kept")
                #expect(try await app.staticTexts[MessagesIdentifiers.sentUser].label == "zed")
                #expect(try await app.staticTexts[MessagesIdentifiers.sentMessage].label == "not kept")
                try await app.goHome()

                try await app.find("zed")
                #expect(try await app.findEmpty.label == "No messages from zed")
                try await app.goHome()
                try await app.find("dan")
                #expect(try await app.foundMessages() == [Pair("pets", "dogs are happy"), Pair("pets", "cats are grumpy")])
                try await app.goHome()

                #expect(try await app.allMessages() == Self.hardCoded)
            }
            #expect(watched.acceptedConnections == 0)
        }

        @Test func theEnvironmentTurnsMockModeOnToo() async throws {
            let watched = try StubHTTPServer(.silent)
            defer { watched.stop() }
            let environment = [MessagesComposition.mockEnvironmentVariable: "1", MessagesComposition.apiEnvironmentVariable: watched.baseURL.absoluteString]
            try await withLabApp(MessagesApp(), environment: environment) { (app) async throws in
                #expect(try await app.allMessages() == Self.hardCoded)
            }
            #expect(watched.acceptedConnections == 0)
        }
    }
}
