public import MessagesModel

/// The mock action layer (the seed's "LovEveryMockTest" target): hard-coded messages, no
/// network at all. Adding a message is accepted and answered as saved, but nothing is kept:
/// every read shows only ``messages``.
public struct MockMessageActions: MessageActions {
    /// The hard-coded messages: the seed's examples.
    public static let messages: [UserMessages] = [
        UserMessages(user: "dan", messages: [
            MessageEntry(subject: "pets", message: "dogs are happy"),
            MessageEntry(subject: "pets", message: "cats are grumpy"),
        ]),
        UserMessages(user: "bob", messages: [
            MessageEntry(subject: "bob stuff", message: "bob bob bob"),
            MessageEntry(subject: "bob stuff", message: "there once was a guy named bob"),
        ]),
    ]

    /// The mock.
    public init() {}

    public func add(_ message: Message) async throws(MessageActionError) -> Message { message }

    public func messages(of user: String) async throws(MessageActionError) -> [MessageEntry] {
        Self.messages.first { $0.user == user }?.messages ?? []
    }

    /// The hard-coded messages: one page.
    public func allMessagesPage(_ number: Int) async throws(MessageActionError) -> AllMessagesPage? {
        number == 1 ? AllMessagesPage(number: 1, users: Self.messages, hasNext: false) : nil
    }

    /// One element; the hard-coded messages never change, so nothing follows.
    public func allMessagesChanges() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        continuation.yield()
        return stream
    }
}
