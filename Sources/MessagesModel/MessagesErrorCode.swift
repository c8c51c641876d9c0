/// The machine-readable `error.code` of an error response. Stable: clients may switch on it.
public enum MessagesErrorCode: String, Sendable, CaseIterable {
    /// The body is not well-formed JSON (or not UTF-8).
    case malformedJSON = "malformed_json"
    /// The body is well-formed JSON but not an object.
    case invalidBody = "invalid_body"
    /// `operation` is missing or is not `"add_message"`.
    case invalidOperation = "invalid_operation"
    /// A required field is missing.
    case missingField = "missing_field"
    /// A field is present but is not a string.
    case invalidFieldType = "invalid_field_type"
    /// The body has a field the API does not know.
    case unknownField = "unknown_field"
    /// A field is a string but breaks a rule (empty, forbidden characters, …).
    case invalidField = "invalid_field"
    /// A field is longer than its limit.
    case fieldTooLong = "field_too_long"
    /// The `{user}` path segment is not a valid user name.
    case invalidUser = "invalid_user"
    /// The `limit` query parameter is not a whole number in range, or is given twice.
    case invalidLimit = "invalid_limit"
    /// The `cursor` query parameter is not a cursor the API gave out, or is given twice.
    case invalidCursor = "invalid_cursor"
    /// The body is larger than the limit.
    case bodyTooLarge = "body_too_large"
    /// The request's `Content-Type` is not `application/json`.
    case unsupportedMediaType = "unsupported_media_type"
    /// The path exists but not with this method.
    case methodNotAllowed = "method_not_allowed"
    /// No such path.
    case notFound = "not_found"
    /// Any other client error reported by the HTTP layer.
    case badRequest = "bad_request"
    /// The store could not complete the operation; nothing was acknowledged.
    case storageUnavailable = "storage_unavailable"
    /// An unexpected server fault (never caused by the request's content).
    case internalError = "internal_error"
}
