import LabSupport

/// Why a call to the Messages API failed, as the app's network layer reports it.
public enum MessagesClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The API refused the request (4xx) with its error envelope: the request's own fault,
    /// e.g. `invalid_field` / "user must not be empty".
    case rejected(status: Int, code: String, message: String)
    /// The API answered 5xx (e.g. `storage_unavailable`); `code` and `message` come from its
    /// envelope when it sent one.
    case serviceFailed(status: Int, code: String?, message: String)
    /// No connection could be made (nothing listening, name not resolved, connection reset).
    case unreachable(url: String, reason: String)
    /// No complete answer within the client's timeout.
    case timedOut(url: String, after: Duration)
    /// An answer that is not what the API's wire format says (wrong JSON, not HTTP, …).
    case invalidResponse(url: String, reason: String)

    public var description: String {
        switch self {
        case .rejected(let status, let code, let message): "the Messages API refused the request (\(status) \(code)): \(message)"
        case .serviceFailed(let status, let code, let message):
            "the Messages API failed (\(status)\(code.map { " " + $0 } ?? "")): \(message)"
        case .unreachable(let url, let reason): "the Messages API at \(url) cannot be reached: \(reason)"
        case .timedOut(let url, let after): "the Messages API at \(url) did not answer within \(after.formattedSeconds)"
        case .invalidResponse(let url, let reason): "the Messages API at \(url) sent an answer that cannot be read: \(reason)"
        }
    }
}

extension Duration {
    /// "1.5 s", "5 s".
    var formattedSeconds: String {
        let milliseconds = Int(inMilliseconds.rounded(.towardZero))
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }
}
