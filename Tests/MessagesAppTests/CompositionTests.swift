import Foundation
import LabKit
import MessagesApp
import Testing

/// Which action layer a launch gets, from its launch arguments and environment.
@Suite("Messages composition")
struct CompositionTests {
    func actions(_ arguments: [String] = [], environment: [String: String] = [:], defaultAPI: MessagesAPIAddress? = nil)
        -> Result<any MessageActions, MessageActionError>
    {
        MessagesComposition.actions(for: LaunchOptions(arguments: arguments, environment: environment), defaultAPI: defaultAPI)
    }

    @Test func anAPIAddressGivesTheRealActionsOverThatAPI() throws {
        let made = try actions(["-messagesAPI", "http://127.0.0.1:9090"]).get()
        let api = try #require(made as? APIMessageActions)
        #expect(api.address.url?.absoluteString == "http://127.0.0.1:9090")
        #expect(api.timeout == MessagesComposition.defaultTimeout)
        let fromEnvironment = try #require(try actions(environment: ["LAB_MESSAGES_API": "http://127.0.0.1:9091"]).get() as? APIMessageActions)
        #expect(fromEnvironment.address.url?.absoluteString == "http://127.0.0.1:9091")
    }

    @Test func theLaunchsAddressWinsOverTheAppsDefault() throws {
        let own = MessagesAPIAddress(URL(string: "http://127.0.0.1:8080")!)
        let chosen = try #require(try actions(["-messagesAPI", "http://127.0.0.1:9090"], defaultAPI: own).get() as? APIMessageActions)
        #expect(chosen.address.url?.absoluteString == "http://127.0.0.1:9090")
        let fallback = try #require(try actions(defaultAPI: own).get() as? APIMessageActions)
        #expect(fallback.address === own)
    }

    @Test func mockModeWinsAndNeedsNoAPI() throws {
        #expect(try actions(["-mock", "YES", "-messagesAPI", "http://127.0.0.1:9090"]).get() is MockMessageActions)
        #expect(try actions(environment: ["LAB_MESSAGES_MOCK": "1"]).get() is MockMessageActions)
        #expect(try actions(["-mock", "NO", "-messagesAPI", "http://127.0.0.1:9090"]).get() is APIMessageActions)
    }

    @Test func aTimeoutInSeconds() throws {
        let api = try #require(try actions(["-messagesAPI", "http://127.0.0.1:9090", "-messagesAPITimeout", "1.5"]).get() as? APIMessageActions)
        #expect(api.timeout == .milliseconds(1500))
    }

    @Test func aPageSizeForAllMessages() throws {
        let api = try #require(try actions(["-messagesAPI", "http://127.0.0.1:9090", "-messagesPageSize", "3"]).get() as? APIMessageActions)
        #expect(api.pageSize == 3)
        let fromEnvironment = try #require(
            try actions(["-messagesAPI", "http://127.0.0.1:9090"], environment: ["LAB_MESSAGES_PAGE_SIZE": "7"]).get() as? APIMessageActions)
        #expect(fromEnvironment.pageSize == 7)
        #expect(try #require(try actions(["-messagesAPI", "http://127.0.0.1:9090"]).get() as? APIMessageActions).pageSize == nil)
    }

    @Test func badOrMissingOptionsSayWhatIsWrong() {
        #expect(actions().failureMessage
            == "The Messages service is not configured: give the app -messagesAPI URL (or LAB_MESSAGES_API=URL), or -mock YES")
        #expect(actions(["-messagesAPI", "ftp://example.com"]).failureMessage
            == "-messagesAPI / LAB_MESSAGES_API must be an http:// or https:// URL, not \"ftp://example.com\"")
        #expect(actions(["-messagesAPI", "localhost:8080"]).failureMessage?.hasPrefix("-messagesAPI / LAB_MESSAGES_API must be") == true)
        #expect(actions(["-messagesAPI", "http://127.0.0.1:1", "-messagesAPITimeout", "soon"]).failureMessage
            == "-messagesAPITimeout / LAB_MESSAGES_API_TIMEOUT must be a number of seconds between 0 and 600, not \"soon\"")
        #expect(actions(["-messagesAPI", "http://127.0.0.1:1", "-messagesAPITimeout", "0"]).failureMessage != nil)
        #expect(actions(["-messagesAPI", "http://127.0.0.1:1", "-messagesPageSize", "0"]).failureMessage
            == "-messagesPageSize / LAB_MESSAGES_PAGE_SIZE must be a whole number from 1 to 10000, not \"0\"")
    }
}

extension Result where Failure == MessageActionError {
    /// The error's words, or `nil` on success.
    var failureMessage: String? {
        if case .failure(let error) = self { error.description } else { nil }
    }
}
