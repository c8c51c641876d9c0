import Foundation
import LabTesting
import MessagesApp
import MessagesTestSupport
import Testing
import UIAutomation

extension MessagesJourneys {
    /// What a user sees when the Messages API cannot help: down (a closed port), silent (a
    /// server that accepts and never answers: the client's timeout ends the wait), or not
    /// configured. Always the app's own screen with the reason, never a hang or an error page;
    /// what was typed stays.
    @Suite("Messages: the API down or silent")
    struct FailurePathTests {
        @Test func anAPIThatIsDownIsNamedOnEveryScreen() async throws {
            let port = try StubHTTPServer.closedPort()
            try await withLabApp(MessagesApp(), arguments: [MessagesComposition.apiArgument, "http://127.0.0.1:\(port)"]) { (app) async throws in
                try await app.addMessage(user: "dan", subject: "pets", message: "cats are grumpy")
                let error = app.staticTexts[MessagesIdentifiers.serviceError]
                #expect(try await error.label.hasPrefix("The Messages service is unavailable: the Messages API at http://127.0.0.1:\(port)/proto/messages cannot be reached"))
                #expect(try await app.navigationBars[MessagesIdentifiers.addNavigationBar].exists)
                #expect(try await app.userField.value == "dan")
                #expect(try await app.messageField.value == "cats are grumpy")
                try await app.goHome()

                try await app.find("dan")
                #expect(try await error.label.contains("cannot be reached"))
                #expect(try await app.findUserField.value == "dan")
                try await app.goHome()

                try await app.links[MessagesIdentifiers.allMessagesRow].tap()
                #expect(try await error.label.contains("cannot be reached"))
                #expect(try await app.navigationBars[MessagesIdentifiers.allNavigationBar].exists)
            }
        }

        @Test func anAPIThatNeverAnswersTimesOutWithAClearMessage() async throws {
            let silent = try StubHTTPServer(.silent)
            defer { silent.stop() }
            let arguments = [MessagesComposition.apiArgument, silent.baseURL.absoluteString, MessagesComposition.timeoutArgument, "1"]
            try await withLabApp(MessagesApp(), arguments: arguments) { (app) async throws in
                let started = ContinuousClock.now
                try await app.addMessage(user: "dan", subject: "pets", message: "cats are grumpy")
                #expect(try await app.staticTexts[MessagesIdentifiers.serviceError].label
                    == "The Messages service is unavailable: the Messages API at \(silent.baseURL.absoluteString)/proto/messages did not answer within 1 s")
                #expect(try await app.messageField.value == "cats are grumpy")
                #expect(ContinuousClock.now - started < .seconds(15))
                try await app.goHome()
                try await app.links[MessagesIdentifiers.allMessagesRow].tap()
                #expect(try await app.staticTexts[MessagesIdentifiers.serviceError].label.hasSuffix("did not answer within 1 s"))
            }
            #expect(silent.acceptedConnections >= 2)
        }

        @Test func anAppWithNoAPIConfiguredSaysHowToGiveIt() async throws {
            try await withLabApp(MessagesApp()) { (app) async throws in
                #expect(try await app.staticTexts[MessagesIdentifiers.serviceError].label
                    == "The Messages service is not configured: give the app -messagesAPI URL (or LAB_MESSAGES_API=URL), or -mock YES")
            }
        }
    }
}
