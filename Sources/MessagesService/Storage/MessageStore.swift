/// Where messages are kept. The HTTP layer talks only to this protocol, so another backend
/// (PostgreSQL, say) can be added beside ``SQLiteMessageStore`` without touching the routes.
///
/// Contract for implementations:
/// - ``save(_:)`` returns only once the message is durable (survives the process being killed).
/// - Concurrent calls are safe.
/// - Reads list messages in the order their saves completed (one global order), and page
///   through it: a page holds at most ``PageRequest/limit`` messages after the request's
///   cursor, and its `next` cursor is set exactly when more messages follow.
/// - Strings are stored and returned verbatim.
public protocol MessageStore: Sendable {
    /// Saves a validated message; returns once it is durable.
    func save(_ message: Message) async throws
    /// One page of the messages of `user`, oldest first; empty if the user has none.
    func messages(of user: String, page: PageRequest) async throws -> MessagePage<MessageEntry>
    /// One page of every user's messages, grouped by user: users in the order of their first
    /// message on the page, messages oldest first. A user whose messages span pages appears
    /// on each of them.
    func allMessages(page: PageRequest) async throws -> MessagePage<UserMessages>
    /// A value that changes whenever a message is saved (and only then), read cheaply, without
    /// reading any message; `nil` if the store cannot tell. The API sends it as the `ETag` of
    /// its listings and answers a matching `If-None-Match` with `304`, so a client watching for
    /// changes reads the messages only when there are new ones.
    func changeMarker() async throws -> String?
}

extension MessageStore {
    /// A store that cannot tell when it changed: listings carry no `ETag`.
    public func changeMarker() async throws -> String? { nil }

    /// Every message of `user`, oldest first, read page by page.
    public func messages(of user: String) async throws -> [MessageEntry] {
        var entries: [MessageEntry] = []
        var request = PageRequest(limit: PageRequest.maxLimit)
        while true {
            let page = try await messages(of: user, page: request)
            entries += page.items
            guard let next = page.next else { return entries }
            request.cursor = next
        }
    }

    /// Every user's messages (users in the order of their first message, messages oldest
    /// first), read page by page and joined.
    public func allMessages() async throws -> [UserMessages] {
        var joined = UserMessagesJoiner()
        var request = PageRequest(limit: PageRequest.maxLimit)
        while true {
            let page = try await allMessages(page: request)
            joined.append(page.items)
            guard let next = page.next else { return joined.users }
            request.cursor = next
        }
    }
}
