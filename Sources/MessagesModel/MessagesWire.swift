public import Foundation

/// The Messages API's wire format: its path, the `POST` body, and the envelopes every answer
/// comes in. The server writes these shapes and the app's client reads them; both take them
/// from here, so the two cannot drift apart.
///
/// ```
/// POST /proto/messages          AddMessageRequest           → 201 ResponseEnvelope<Message>
/// GET  /proto/messages          ?limit&cursor               → 200 {"statusCode":200,"body":{"<user>":[MessageEntry…],…}[,"next":…]}
/// GET  /proto/messages/{user}   ?limit&cursor               → 200 ResponseEnvelope<UserMessages>
/// any error                                                 → 4xx/5xx ErrorEnvelope
/// ```
///
/// A GET answer with `next` is one page of several: ask again with `cursor=<next>`.
public enum MessagesWire {
    /// The path of the collection.
    public static let basePath = "/proto/messages"
    /// The only `operation` a `POST` accepts.
    public static let addOperation = "add_message"

    /// Decodes the answer to `GET /proto/messages`: every user's messages, users in the order
    /// the body lists them (the order of their first message). `JSONDecoder` forgets the
    /// order of an object's keys, so the order is read from the bytes by `JSONKeyOrder`.
    /// Returns the page's users and the cursor of the next page (`nil` on the last page).
    public static func decodeAllMessages(_ data: Data) throws -> (users: [UserMessages], next: String?) {
        let envelope = try JSONDecoder().decode(ResponseEnvelope<[String: [MessageEntry]]>.self, from: data)
        guard let order = JSONKeyOrder.keys(of: ["body"], in: data), Set(order) == Set(envelope.body.keys) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the body's user names cannot be read in order"))
        }
        return (order.map { UserMessages(user: $0, messages: envelope.body[$0] ?? []) }, envelope.next)
    }
}

/// The body of `POST /proto/messages`: `{"user", "operation": "add_message", "subject", "message"}`.
public struct AddMessageRequest: Sendable, Hashable, Codable {
    /// The submitter's user name.
    public var user: String
    /// Always ``MessagesWire/addOperation``.
    public var operation: String
    /// The subject.
    public var subject: String
    /// The text.
    public var message: String

    /// The request that adds `message`.
    public init(_ message: Message) {
        user = message.user
        operation = MessagesWire.addOperation
        subject = message.subject
        self.message = message.message
    }
}

/// A successful answer: `{"statusCode": 200, "body": …}` (the seed's shape; `201` for a save).
public struct ResponseEnvelope<Body: Sendable & Decodable>: Sendable, Decodable {
    /// The HTTP status, repeated in the body.
    public var statusCode: Int
    /// The answer.
    public var body: Body
    /// On a paged GET answer, the cursor of the next page; absent on the last (or only) page.
    public var next: String?
}

/// An error answer: `{"statusCode": 400, "error": {"code": "invalid_field", "message": "user must not be empty"}}`.
public struct ErrorEnvelope: Sendable, Hashable, Codable {
    /// What went wrong.
    public struct Detail: Sendable, Hashable, Codable {
        /// The machine-readable code, a ``MessagesErrorCode`` raw value.
        public var code: String
        /// A human-readable explanation.
        public var message: String
    }

    /// The HTTP status, repeated in the body.
    public var statusCode: Int
    /// What went wrong.
    public var error: Detail

    /// The code as a ``MessagesErrorCode``; `nil` for a code this version does not know.
    public var code: MessagesErrorCode? { MessagesErrorCode(rawValue: error.code) }
}
