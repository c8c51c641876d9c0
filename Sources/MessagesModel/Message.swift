/// A message as a user posted it: who wrote it, its subject and its text.
///
/// All three strings are kept verbatim — no trimming, normalisation or escaping. Escaping is the
/// renderer's job. Its JSON form (`{"user", "subject", "message"}`) is the `body` of a
/// `201` answer to `POST /proto/messages`. The API's `PostMessageDecoder` builds only messages
/// that pass its `MessageLimits`.
public struct Message: Sendable, Hashable, Codable {
    /// The submitter's user name; also the `{user}` of `GET /proto/messages/{user}`.
    public var user: String
    /// The message subject.
    public var subject: String
    /// The message text.
    public var message: String

    /// Creates a message. No validation happens here; see MessagesService's `MessageLimits.validate(_:)`.
    public init(user: String, subject: String, message: String) {
        self.user = user
        self.subject = subject
        self.message = message
    }

    /// The subject and text, without the user: the shape of one entry of the GET responses.
    public var entry: MessageEntry { MessageEntry(subject: subject, message: message) }
}
