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
    let updates: AsyncStream<Result<[UserMessages], MessageActionError>>
    let continuation: AsyncStream<Result<[UserMessages], MessageActionError>>.Continuation

    init(_ setup: Setup = Setup()) {
        self.setup = Mutex(setup)
        (updates, continuation) = AsyncStream.makeStream()
    }

    /// What was asked, in order: "add dan", "messages dan", "all".
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

    func allMessages() async throws(MessageActionError) -> [UserMessages] {
        calls.withLock { $0.append("all") }
        let setup = self.setup.withLock { $0 }
        if let failure = setup.failure { throw failure }
        return setup.messages.keys.sorted().map { UserMessages(user: $0, messages: setup.messages[$0] ?? []) }
    }

    func allMessagesUpdates() -> AsyncStream<Result<[UserMessages], MessageActionError>> { updates }
}
