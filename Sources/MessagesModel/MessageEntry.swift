/// One saved message as the GET endpoints list it: `{"subject": …, "message": …}`.
public struct MessageEntry: Sendable, Hashable, Codable {
    /// The message subject.
    public var subject: String
    /// The message text.
    public var message: String

    /// Creates an entry.
    public init(subject: String, message: String) {
        self.subject = subject
        self.message = message
    }
}
