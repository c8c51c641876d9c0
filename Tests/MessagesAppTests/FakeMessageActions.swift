import MessagesApp
import MessagesModel
import Synchronization

/// An action layer for the view model tests: answers what the test set up and records what it
/// was asked. No network, no server.
final class FakeMessageActions: MessageActions {
    struct Setup: Sendable {
        var add: @Sendable (Message) -> Result<Message, MessageActionError> = { .success($0) }
        var messages: [String: [MessageEntry]] = [:]
        var failure: MessageActionError?
    }

    private let setup: Mutex<Setup>
    private let calls = Mutex<[String]>([])
    let changes: AsyncStream<Void>
    let continuation: AsyncStream<Void>.Continuation

    init(_ setup: Setup = Setup()) {
        self.setup = Mutex(setup)
        (changes, continuation) = AsyncStream.makeStream()
    }

    /// What was asked, in order: "add dan", "messages dan", "all 1".
    var recorded: [String] { calls.withLock { $0 } }

    func add(_ message: Message) async throws(MessageActionError) -> Message {
        calls.withLock { $0.append("add \(message.user)") }
        let setup = self.setup.withLock { $0 }
        if let failure = setup.failure { throw failure }
        return try setup.add(message).get()
    }

    func messages(of user: String) async throws(MessageActionError) -> [MessageEntry] {
        calls.withLock { $0.append("messages \(user)") }
        let setup = self.setup.withLock { $0 }
        if let failure = setup.failure { throw failure }
        return setup.messages[user] ?? []
    }

    /// Every user's messages as one page (users by name); no page after it.
    func allMessagesPage(_ number: Int) async throws(MessageActionError) -> AllMessagesPage? {
        calls.withLock { $0.append("all \(number)") }
        let setup = self.setup.withLock { $0 }
        if let failure = setup.failure { throw failure }
        guard number == 1 else { return nil }
        return AllMessagesPage(number: 1, users: setup.messages.keys.sorted().map { UserMessages(user: $0, messages: setup.messages[$0] ?? []) }, hasNext: false)
    }

    func allMessagesChanges() -> AsyncStream<Void> { changes }
}
