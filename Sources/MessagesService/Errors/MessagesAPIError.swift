public import Hummingbird

/// An error the Messages API reports to its client, as the JSON error envelope
/// `{"statusCode": <status>, "error": {"code": "<code>", "message": "<what is wrong>"}}`.
///
/// Conforms to `HTTPResponseError`, so a route that throws one answers with exactly this body.
public struct MessagesAPIError: Error, HTTPResponseError, Sendable, Equatable, CustomStringConvertible {
    /// The HTTP status (always 4xx for problems with the request).
    public var status: HTTPResponse.Status
    /// The machine-readable code.
    public var code: MessagesErrorCode
    /// A human-readable explanation of what is wrong.
    public var message: String
    /// Extra response headers (e.g. `Allow` for 405).
    public var headers: HTTPFields

    /// Creates an error.
    public init(_ status: HTTPResponse.Status, _ code: MessagesErrorCode, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    /// `"<code>: <message>"`.
    public var description: String { "\(code.rawValue): \(message)" }

    /// The JSON error envelope.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        makeResponse()
    }

    /// The JSON error envelope, without needing a request.
    public func makeResponse() -> Response {
        var writer = JSONWriter(capacity: 96 + message.utf8.count)
        writer.raw("{\"statusCode\":")
        writer.integer(Int(status.code))
        writer.raw(",\"error\":{\"code\":")
        writer.string(code.rawValue)
        writer.raw(",\"message\":")
        writer.string(message)
        writer.raw("}}")
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: fields, body: .init(byteBuffer: writer.buffer))
    }
}

extension MessagesAPIError {
    static func methodNotAllowed(_ method: HTTPRequest.Method, allowed: [HTTPRequest.Method]) -> MessagesAPIError {
        let list = allowed.map(\.rawValue).joined(separator: ", ")
        return MessagesAPIError(
            .methodNotAllowed, .methodNotAllowed,
            "method \(method.rawValue) is not supported on this path; allowed: \(list)",
            headers: [.allow: list]
        )
    }
}
