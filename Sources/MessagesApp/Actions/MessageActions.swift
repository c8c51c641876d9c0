public import MessagesModel

/// The action layer's interface (the seed's "Interface and Service"): what the screens' view
/// models can ask of the messages service. ``APIMessageActions`` does it over the Messages
/// API; ``MockMessageActions`` answers from hard-coded messages with no network at all.
/// A launch gets one of them, chosen in ``MessagesComposition``.
public protocol MessageActions: Sendable {
    /// Saves `message`; returns it as saved.
    func add(_ message: Message) async throws(MessageActionError) -> Message
    /// The messages of `user`, oldest first (empty if none).
    func messages(of user: String) async throws(MessageActionError) -> [MessageEntry]
    /// Page `number` (from 1) of every user's messages in save order, grouped by user on the
    /// page (``AllMessagesPage``: one bounded page of the service's listing), or `nil` if there
    /// are fewer pages.
    func allMessagesPage(_ number: Int) async throws(MessageActionError) -> AllMessagesPage?
    /// An element now and again each time what All Messages shows may have changed (a message
    /// added by anyone, the service failing or coming back), until the consumer stops
    /// iterating or its task is cancelled. It carries no messages: whoever shows a page reads
    /// it again (``allMessagesPage(_:)``).
    func allMessagesChanges() -> AsyncStream<Void>
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
