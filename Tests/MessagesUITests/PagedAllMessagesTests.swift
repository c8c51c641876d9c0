import Foundation
import LabTesting
import MessagesApp
import MessagesClient
import MessagesModel
import Testing
import UIAutomation

extension MessagesJourneys {
    /// All Messages a page at a time, in the real browser: Previous and Next lead through the
    /// pages and every message is on exactly one of them; the last page follows the API live,
    /// its Next link appearing once a new page exists. Pages of two messages
    /// (`-messagesPageSize 2`), so a handful of messages make several pages.
    @Suite("Messages: All Messages in pages")
    struct PagedAllMessagesTests {
        @Test func previousAndNextLeadThroughThePagesAndTheLastPageFollowsTheAPI() async throws {
            try await withMessagesAPI { api in
                for index in 0..<5 {
                    _ = try await api.client.add(Message(user: index.isMultiple(of: 2) ? "dan" : "bob", subject: "s\(index)", message: "m\(index)"))
                }
                try await withMessagesApp(api: api, arguments: [MessagesComposition.pageSizeArgument, "2"]) { (app) async throws in
                    // Every message once, across three pages (allMessages() taps Next to the end).
                    #expect(try await app.allMessages() == [
                        UserPairs(user: "dan", messages: [Pair("s0", "m0"), Pair("s2", "m2"), Pair("s4", "m4")]),
                        UserPairs(user: "bob", messages: [Pair("s1", "m1"), Pair("s3", "m3")]),
                    ])
                    let pageNumber = app.staticTexts[MessagesIdentifiers.allPageNumber]
                    #expect(try await pageNumber.label == "Page 3")
                    #expect(try await !app.links[MessagesIdentifiers.allNextPage].exists)

                    // The last page follows the API: a message added elsewhere appears on it...
                    _ = try await api.client.add(Message(user: "eve", subject: "s5", message: "m5"))
                    #expect(try await app.staticTexts[MessagesIdentifiers.allMessage(user: 1, message: 0)].waitForExistence(timeout: 10))
                    #expect(try await app.allMessagesOnThisPage() == [
                        UserPairs(user: "dan", messages: [Pair("s4", "m4")]), UserPairs(user: "eve", messages: [Pair("s5", "m5")]),
                    ])
                    // ...and once it is full, the next one makes a Next link appear.
                    _ = try await api.client.add(Message(user: "eve", subject: "s6", message: "m6"))
                    #expect(try await app.links[MessagesIdentifiers.allNextPage].waitForExistence(timeout: 10))
                    try await app.links[MessagesIdentifiers.allNextPage].tap()
                    #expect(try await pageNumber.label == "Page 4")
                    #expect(try await app.allMessagesOnThisPage() == [UserPairs(user: "eve", messages: [Pair("s6", "m6")])])

                    // Previous leads back, page by page, to the first (which has none).
                    for expected in [3, 2, 1] {
                        try await app.links[MessagesIdentifiers.allPreviousPage].tap()
                        #expect(try await pageNumber.label == "Page \(expected)")
                    }
                    #expect(try await !app.links[MessagesIdentifiers.allPreviousPage].exists)
                    #expect(try await app.allMessagesOnThisPage() == [
                        UserPairs(user: "dan", messages: [Pair("s0", "m0")]), UserPairs(user: "bob", messages: [Pair("s1", "m1")]),
                    ])
                }
            }
        }
    }
}
