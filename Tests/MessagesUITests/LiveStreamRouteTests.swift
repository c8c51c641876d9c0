import Foundation
import MessagesApp
import MessagesClient
import MessagesModel
import Testing
import UIAutomation

extension MessagesJourneys {
    /// What the browser itself requests, under routes (issue 43): the All Messages screen's
    /// live-update stream (an `EventSource`) failed, slowed and fed malformed events, and a
    /// document answered 500 or with the network offline. The app renders on the server, whose
    /// own calls to the Messages API no browser route can see; these are the requests the page
    /// makes. The suite runs with page errors failing the step (`Configuration.lab`), so a page
    /// that threw on a bad event would fail here.
    @Suite("Messages: the live-update stream under routes")
    struct LiveStreamRouteTests {
        static let updates: URLPattern = "**/all/updates*"

        @Test func malformedEventsChangeNothingAndTheNextGoodOneApplies() async throws {
            try await withMessagesApp { (app) async throws in
                let stream = "retry: 600000\n\n"
                    + "event: messages\ndata: {not json\n\n"
                    + "event: messages\ndata: {\"text\": 1}\n\n"
                    + "event: messages\ndata: {\"html\": \"<p data-testid=\\\"routed\\\">Routed &lt;b&gt;</p>\"}\n\n"
                try await app.route(Self.updates) { request in
                    #expect(request.resourceType == .eventSource)
                    return .fulfill(headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-store"], body: stream)
                }
                _ = try await app.allMessages()
                let routed = app.staticTexts["routed"]
                #expect(try await routed.waitForExistence(timeout: 10))
                #expect(try await routed.label == "Routed <b>")
                let region = app.otherElements[MessagesIdentifiers.allContent]
                #expect(try await region.attribute("data-updates-rejected") == "2")
                #expect(try await region.attribute("data-updates-applied") == "1")
                let found1 = app.pageSignals.filter { $0.kind == .uncaughtException }.isEmpty
                #expect(found1, "\(app.pageSignals)")
            }
        }

        @Test func aFailedStreamLeavesTheRenderedScreenUsable() async throws {
            try await withMessagesAPI { api in
                _ = try await api.client.add(Message(user: "dan", subject: "pets", message: "dogs are happy"))
                try await withMessagesApp(api: api) { (app) async throws in
                    let route = try await app.route(Self.updates) { _ in .abort(.connectionRefused) }
                    #expect(try await app.allMessages() == [UserPairs(user: "dan", messages: [Pair("pets", "dogs are happy")])])
                    #expect(try await app.wait(timeout: 5) { route.handledCount >= 1 })
                    #expect(try await app.wait(timeout: 5) {
                        app.pageSignals.contains { $0.kind == .failedRequest && $0.url?.contains("/all/updates") == true }
                    }, "\(app.pageSignals)")
                    // Nothing waits on the dead stream: the app is idle and goes on.
                    try await app.goHome()
                }
            }
        }

        @Test func aSlowStreamStillDeliversLaterMessages() async throws {
            try await withMessagesAPI { api in
                _ = try await api.client.add(Message(user: "dan", subject: "pets", message: "dogs are happy"))
                try await withMessagesApp(api: api) { (app) async throws in
                    let route = try await app.route(Self.updates) { _ in
                        try await Task.sleep(for: .milliseconds(1_500))  // a slow proxy in front of the stream
                        return .continue
                    }
                    let started = ContinuousClock.now
                    #expect(try await app.allMessages().count == 1)
                    #expect(ContinuousClock.now - started < .seconds(1_500) * 2, "the screen did not wait for the stream")
                    _ = try await api.client.add(Message(user: "bob", subject: "bob stuff", message: "bob bob bob"))
                    #expect(try await app.staticTexts[MessagesIdentifiers.allMessage(user: 1, message: 0)].waitForExistence(timeout: 10))
                    #expect(route.handledCount >= 1)
                }
            }
        }

        @Test func aDocumentAnswered500ShowsItsBodyAndOfflineFailsTheNavigation() async throws {
            try await withMessagesApp { (app) async throws in
                try await app.route("**/all") { request in
                    request.resourceType == .document
                        ? .fulfill(status: 500, headers: ["Content-Type": "text/html"], body: "<h1>Service down</h1>")
                        : .fallback
                }
                try await app.links[MessagesIdentifiers.allMessagesRow].tap()
                #expect(try await app.staticTexts["Service down"].exists)
                let found2 = app.pageSignals.contains { $0.kind == .failedRequest && $0.message.contains("500") }
                #expect(found2, "\(app.pageSignals)")
                try await app.unrouteAll()
                try await app.goBack()
                #expect(try await app.homeBar.exists)

                try await app.setNetworkConditions(.offline)
                let offline = try #require(await #expect(throws: UIAutomationError.self) {
                    try await withExpectedFailures { try await app.links[MessagesIdentifiers.allMessagesRow].tap() }
                })
                #expect(offline.reason.browserFailure?.kind == .navigationFailed, "\(offline)")
                try await app.setNetworkConditions(.normal)
                try await app.reload()
                #expect(try await app.navigationBars[MessagesIdentifiers.allNavigationBar].exists)
            }
        }
    }
}
