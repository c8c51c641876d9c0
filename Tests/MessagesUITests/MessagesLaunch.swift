import Foundation
import LabTesting
import MessagesApp
import MessagesClient
import MessagesTestSupport
import Testing
import UIAutomation

/// Every Messages UI suite is nested here and runs one test at a time (each test is a whole
/// app launch; see `AnimalsJourneys` for why a 2-core machine wants them serial).
@Suite("Messages", .serialized)
enum MessagesJourneys {}

/// A Messages API for one test: the built `lab messages-api`, run as a second process on a
/// fresh SQLite file, and a typed client of it (another client of the same API, for tests that
/// add messages "elsewhere").
struct MessagesAPIUnderTest {
    let service: SpawnedService
    let client: MessagesAPIClient
    var url: String { service.baseURL.absoluteString }
}

/// Starts a fresh `lab messages-api` process, runs `body` with it, and always stops it.
func withMessagesAPI(_ body: (MessagesAPIUnderTest) async throws -> Void) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("messages-ui-api-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let service = try await SpawnedService(database: folder.appendingPathComponent("messages.sqlite"))
    let api = MessagesAPIUnderTest(service: service, client: MessagesAPIClient(baseURL: service.baseURL, timeout: .seconds(10)))
    do {
        try await body(api)
    } catch {
        try await service.stop()
        throw error
    }
    try await service.stop()
}

/// Launches the Messages app (a new server, a new browser context) against `api`
/// (`-messagesAPI URL`), runs `body`, and always terminates it. It starts on the home screen.
func withMessagesApp(
    api: MessagesAPIUnderTest, arguments: [String] = [], environment: [String: String] = [:],
    _ body: (Application) async throws -> Void
) async throws {
    try await withLabApp(MessagesApp(), arguments: [MessagesComposition.apiArgument, api.url] + arguments, environment: environment, body)
}

/// Launches the Messages app against a fresh API process of its own (see ``withMessagesAPI(_:)``).
///
/// Write the closure as `{ (app) async throws in … }` (Swift 6.3 infers a closure whose
/// only `try`s are inside `#expect` as non-throwing).
func withMessagesApp(
    arguments: [String] = [], environment: [String: String] = [:],
    _ body: (Application) async throws -> Void
) async throws {
    try await withMessagesAPI { api in
        try await withMessagesApp(api: api, arguments: arguments, environment: environment, body)
    }
}

/// The screens as queries, XCUITest page-object style.
extension Application {
    var homeBar: Element { navigationBars[MessagesIdentifiers.homeNavigationBar] }
    var backButton: Element { buttons[MessagesIdentifiers.backButton] }

    var userField: Element { textFields[MessagesIdentifiers.userField] }
    var subjectField: Element { textFields[MessagesIdentifiers.subjectField] }
    var messageField: Element { textFields[MessagesIdentifiers.messageField] }
    var addError: Element { staticTexts[MessagesIdentifiers.addError] }

    var findUserField: Element { textFields[MessagesIdentifiers.findUserField] }
    var findEmpty: Element { staticTexts[MessagesIdentifiers.findEmpty] }

    /// Home → Add Message.
    func openAdd() async throws {
        try await links[MessagesIdentifiers.addMessageRow].tap()
        #expect(try await navigationBars[MessagesIdentifiers.addNavigationBar].exists)
    }

    /// Home → Add Message, types the three fields and taps Send; it ends on the confirmation
    /// screen (or on the form again, with an error).
    func addMessage(user: String, subject: String, message: String) async throws {
        try await openAdd()
        if !user.isEmpty { try await userField.typeText(user) }
        if !subject.isEmpty { try await subjectField.typeText(subject) }
        if !message.isEmpty { try await messageField.typeText(message) }
        try await buttons[MessagesIdentifiers.sendButton].tap()
    }

    /// From a pushed screen, back home.
    func goHome() async throws {
        try await backButton.tap()
        #expect(try await homeBar.exists)
    }

    /// Home → Find Messages, searches for `user`.
    func find(_ user: String) async throws {
        try await links[MessagesIdentifiers.findMessagesRow].tap()
        try await findUserField.typeText(user)
        try await buttons[MessagesIdentifiers.searchButton].tap()
    }

    /// The find results as (subject, message), in screen order.
    func foundMessages() async throws -> [Pair] {
        try await texts(subject: MessagesIdentifiers.resultSubject, message: MessagesIdentifiers.resultMessage,
                        count: collectionViews[MessagesIdentifiers.results].cells.count)
    }

    /// Home → All Messages: each user with their (subject, message)s, in screen order, read
    /// page by page (tapping Next while there is one; a user whose messages span pages is
    /// joined into one group). It ends on the last page.
    func allMessages() async throws -> [UserPairs] {
        try await links[MessagesIdentifiers.allMessagesRow].tap()
        var groups: [UserPairs] = []
        while true {
            for group in try await allMessagesOnThisPage() {
                if let known = groups.firstIndex(where: { $0.user == group.user }) {
                    groups[known].messages += group.messages
                } else {
                    groups.append(group)
                }
            }
            let next = links[MessagesIdentifiers.allNextPage]
            guard try await next.exists else { return groups }
            try await next.tap()
        }
    }

    /// The page of All Messages on screen: each user with their (subject, message)s on it.
    func allMessagesOnThisPage() async throws -> [UserPairs] {
        var groups: [UserPairs] = []
        var index = 0
        while try await staticTexts[MessagesIdentifiers.userHeader(index)].exists {
            let user = try await staticTexts[MessagesIdentifiers.userHeader(index)].label
            let count = try await collectionViews[MessagesIdentifiers.userMessages(index)].cells.count
            let pairs = try await texts(subject: { MessagesIdentifiers.allSubject(user: index, message: $0) },
                                        message: { MessagesIdentifiers.allMessage(user: index, message: $0) }, count: count)
            groups.append(UserPairs(user: user, messages: pairs))
            index += 1
        }
        return groups
    }

    /// An empty subject has no element: it reads as "".
    private func texts(subject: (Int) -> String, message: (Int) -> String, count: Int) async throws -> [Pair] {
        var pairs: [Pair] = []
        for index in 0..<count {
            let subjectText = staticTexts[subject(index)]
            pairs.append(Pair(try await subjectText.exists ? subjectText.label : "", try await staticTexts[message(index)].label))
        }
        return pairs
    }
}

/// A message as a list shows it.
struct Pair: Equatable, CustomStringConvertible {
    var subject: String
    var message: String
    init(_ subject: String, _ message: String) {
        self.subject = subject
        self.message = message
    }
    var description: String { "(\(subject), \(message))" }
}

/// One user's group of the All Messages screen.
struct UserPairs: Equatable {
    var user: String
    var messages: [Pair]
}
