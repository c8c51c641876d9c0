import Foundation
import HTTPTypes
public import NIOCore

/// Turns the body of `POST /proto/messages` into a valid ``Message``, or throws the
/// ``MessagesAPIError`` that says exactly what is wrong with it.
///
/// The body must be a JSON object with exactly the fields `user`, `operation`, `subject` and
/// `message`, all strings, `operation` equal to `"add_message"`, and the rest within
/// ``MessageLimits``. Checks run in this order: JSON syntax, object, `operation`, unknown
/// fields, missing fields, field types, field rules.
public struct PostMessageDecoder: Sendable {
    /// The only accepted `operation`.
    public static let operation = MessagesWire.addOperation
    /// The fields a POST body must have.
    public static let fieldNames: Set<String> = ["user", "operation", "subject", "message"]

    /// The limits the decoded message must respect.
    public var limits: MessageLimits

    /// Creates a decoder enforcing `limits`.
    public init(limits: MessageLimits = .default) {
        self.limits = limits
    }

    /// Decodes and validates a body.
    public func decode(_ body: ByteBuffer) throws(MessagesAPIError) -> Message {
        try Self.requireUTF8(body.readableBytesView)
        let object: JSONObjectFields
        do {
            object = try JSONDecoder().decode(JSONObjectFields.self, from: Data(body.readableBytesView))
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            throw MessagesAPIError(.badRequest, .invalidBody, "the body must be a JSON object")
        } catch DecodingError.valueNotFound(_, let context) where context.codingPath.isEmpty {
            throw MessagesAPIError(.badRequest, .invalidBody, "the body must be a JSON object, not null")
        } catch {
            throw MessagesAPIError(.badRequest, .malformedJSON, "the body is not well-formed UTF-8 JSON")
        }
        let fields = object.fields
        if let name = DuplicateKeys.first(in: Array(body.readableBytesView)) {
            throw MessagesAPIError(.badRequest, .malformedJSON,
                                   "the field \"\(Self.abbreviate(name))\" appears more than once; each field may appear once")
        }

        switch fields["operation"] {
        case .string(Self.operation):
            break
        case nil:
            throw MessagesAPIError(.badRequest, .invalidOperation, "operation is missing; it must be \"\(Self.operation)\"")
        case .string(let other):
            throw MessagesAPIError(.badRequest, .invalidOperation,
                                   "operation must be \"\(Self.operation)\", not \"\(Self.abbreviate(other))\"")
        case let other?:
            throw MessagesAPIError(.badRequest, .invalidOperation,
                                   "operation must be the string \"\(Self.operation)\", not \(other.kindDescription)")
        }

        let unknown = fields.keys.filter { !Self.fieldNames.contains($0) }.sorted()
        if !unknown.isEmpty {
            let names = unknown.prefix(5).map { "\"\(Self.abbreviate($0))\"" }.joined(separator: ", ")
            throw MessagesAPIError(.badRequest, .unknownField,
                                   "unknown field\(unknown.count == 1 ? "" : "s") \(names)\(unknown.count > 5 ? ", …" : ""); "
                                       + "the fields are user, operation, subject, message")
        }

        let user = try string(fields, "user")
        let subject = try string(fields, "subject")
        let text = try string(fields, "message")
        let message = Message(user: user, subject: subject, message: text)
        try limits.validate(message)
        return message
    }

    private func string(_ fields: [String: JSONFieldValue], _ name: String) throws(MessagesAPIError) -> String {
        switch fields[name] {
        case .string(let value):
            return value
        case nil:
            throw MessagesAPIError(.badRequest, .missingField, "field \"\(name)\" is missing")
        case let other?:
            throw MessagesAPIError(.badRequest, .invalidFieldType, "field \"\(name)\" must be a string, not \(other.kindDescription)")
        }
    }

    /// The body must be UTF-8 JSON text (RFC 8259 §8.1) before any JSON parser sees it:
    /// Foundation's decoder also reads UTF-16 and UTF-32, with or without a byte-order mark,
    /// and the duplicate-key scan (``DuplicateKeys``) reads UTF-8 only. So: no byte-order mark
    /// (UTF-8's, UTF-16's or UTF-32's), valid UTF-8, and no NUL byte (JSON text has none
    /// outside strings, and an unescaped one inside a string is invalid; UTF-16 and UTF-32
    /// text without a BOM always has some).
    static func requireUTF8(_ bytes: ByteBufferView) throws(MessagesAPIError) {
        let head = Array(bytes.prefix(4))
        let marks: [[UInt8]] = [[0xEF, 0xBB, 0xBF], [0xFE, 0xFF], [0xFF, 0xFE], [0x00, 0x00, 0xFE, 0xFF]]
        if marks.contains(where: { head.starts(with: $0) }) {
            throw MessagesAPIError(.badRequest, .malformedJSON, "the body starts with a byte-order mark; send UTF-8 JSON without one")
        }
        if bytes.contains(0) {
            throw MessagesAPIError(.badRequest, .malformedJSON,
                                   "the body contains a NUL byte (UTF-16 or UTF-32 text?); send UTF-8 JSON")
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw MessagesAPIError(.badRequest, .malformedJSON, "the body is not valid UTF-8; send UTF-8 JSON")
        }
    }

    /// Echoes at most 40 characters of client input in an error message.
    static func abbreviate(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(40)) + "…"
    }
}
