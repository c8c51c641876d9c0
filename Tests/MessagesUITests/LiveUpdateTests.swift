import Foundation
import MessagesApp
import MessagesClient
import MessagesModel
import Testing
import UIAutomation

extension MessagesJourneys {
    /// All Messages follows the API: a message another client adds while the screen is open
    /// appears on it, with no reload and no sleep — the page holds a server-sent event stream
    /// open, and UIAutomation's idle rule does not count it as a request in flight.
    @Suite("Messages: live updates")
    struct LiveUpdateTests {
        @Test func aMessageAddedThroughTheAPIAppearsOnTheOpenAllMessagesScreen() async throws {
            try await withMessagesAPI { api in
                _ = try await api.client.add(Message(user: "dan", subject: "pets", message: "dogs are happy"))
                try await withMessagesApp(api: api) { (app) async throws in
                    #expect(try await app.allMessages() == [UserPairs(user: "dan", messages: [Pair("pets", "dogs are happy")])])
                    let region = app.otherElements[MessagesIdentifiers.allContent]
                    #expect(try await region.attribute("data-updates-applied") == nil)

                    // Another client of the API adds messages while the screen is open.
                    _ = try await api.client.add(Message(user: "bob", subject: "bob stuff", message: "bob bob bob"))
                    #expect(try await app.staticTexts[MessagesIdentifiers.allMessage(user: 1, message: 0)].waitForExistence(timeout: 10))
                    _ = try await api.client.add(Message(user: "dan", subject: "pets", message: "cats are grumpy <b>"))
                    #expect(try await app.staticTexts[MessagesIdentifiers.allMessage(user: 0, message: 1)].waitForExistence(timeout: 10))

                    #expect(try await app.staticTexts[MessagesIdentifiers.userHeader(1)].label == "bob")
                    #expect(try await app.staticTexts[MessagesIdentifiers.allMessage(user: 1, message: 0)].label == "bob bob bob")
                    #expect(try await app.staticTexts[MessagesIdentifiers.allMessage(user: 0, message: 1)].label == "cats are grumpy <b>")
                    // The same document all along, changed by the stream's events: a reload would
                    // have shown the messages with no event applied.
                    #expect(try await Int(region.attribute("data-updates-applied") ?? "0") ?? 0 >= 2)
                    // With the stream open, actions still find the app idle.
                    try await app.goHome()
                    #expect(try await app.homeBar.exists)
                }
            }
        }
    }
}
