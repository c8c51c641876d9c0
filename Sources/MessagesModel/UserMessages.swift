/// All messages of one user, in the order they were saved. Its JSON form is the `body` of
/// `GET /proto/messages/{user}`: `{"user": "dan", "message": [{"subject", "message"}, …]}`
/// (the seed names the list `message`).
public struct UserMessages: Sendable, Hashable, Codable {
    /// The user name.
    public var user: String
    /// The user's messages, oldest first.
    public var messages: [MessageEntry]

    /// Creates a list of one user's messages.
    public init(user: String, messages: [MessageEntry]) {
        self.user = user
        self.messages = messages
    }

    private enum CodingKeys: String, CodingKey {
        case user
        case messages = "message"
    }
}
