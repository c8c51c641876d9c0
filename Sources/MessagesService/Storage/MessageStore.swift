/// Where messages are kept. The HTTP layer talks only to this protocol, so another backend
/// (PostgreSQL, say) can be added beside ``SQLiteMessageStore`` without touching the routes.
///
/// Contract for implementations:
/// - ``save(_:)`` returns only once the message is durable (survives the process being killed).
/// - Concurrent calls are safe.
/// - Reads list messages in the order their saves completed (one global order).
/// - Strings are stored and returned verbatim.
public protocol MessageStore: Sendable {
    /// Saves a validated message; returns once it is durable.
    func save(_ message: Message) async throws
    /// The messages of `user`, oldest first; empty if the user has none.
    func messages(of user: String) async throws -> [MessageEntry]
    /// Every user's messages: users in the order of their first message, messages oldest first.
    func allMessages() async throws -> [UserMessages]
}
