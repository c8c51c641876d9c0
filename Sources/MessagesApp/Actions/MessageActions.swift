import MessagesModel

/// The action layer's interface (the seed's "Interface and Service"): what the screens' view
/// models can ask of the messages service. ``APIMessageActions`` does it over the Messages
/// API; ``MockMessageActions`` answers from hard-coded messages with no network at all.
/// A launch gets one of them, chosen in ``MessagesComposition``.
public protocol MessageActions: Sendable {
    /// Saves `message`; returns it as saved.
    func add(_ message: Message) async throws(MessageActionError) -> Message
    /// The messages of `user`, oldest first (empty if none).
    func messages(of user: String) async throws(MessageActionError) -> [MessageEntry]
    /// Every user's messages, users in the order of their first message.
    func allMessages() async throws(MessageActionError) -> [UserMessages]
    /// Every user's messages now, and again each time they change (a message added by anyone),
    /// until the consumer stops iterating or its task is cancelled. A failure to read them is
    /// an element too; the stream goes on.
    func allMessagesUpdates() -> AsyncStream<Result<[UserMessages], MessageActionError>>
}

/// Why an action did not happen, in words for the screen.
public enum MessageActionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The service refused the input; the message says which rule it broke
    /// ("user must not be empty"). The user can fix it and try again.
    case rejected(String)
    /// The service cannot be reached, did not answer in time, or failed; the message says which.
    case unavailable(String)

    public var description: String {
        switch self {
        case .rejected(let message), .unavailable(let message): message
        }
    }
}
