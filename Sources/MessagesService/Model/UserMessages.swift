/// All messages of one user, in the order they were saved.
public struct UserMessages: Sendable, Hashable {
    /// The user name.
    public var user: String
    /// The user's messages, oldest first.
    public var messages: [MessageEntry]

    /// Creates a list of one user's messages.
    public init(user: String, messages: [MessageEntry]) {
        self.user = user
        self.messages = messages
    }
}
