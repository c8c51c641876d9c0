public import Hummingbird
public import Logging
import NIOCore
import NIOHTTP1

/// Turns every error thrown below it into the Messages API's JSON error envelope, so no
/// client ever sees a plain-text error or an unexplained 500 from these routes.
///
/// - ``MessagesAPIError``: answered as is.
/// - Hummingbird's `HTTPError` and other `HTTPResponseError`s (404 for unknown paths, 413 from the
///   HTTP layer, …): same status, a code derived from it, their message.
/// - NIO's `HTTPParserError` (broken framing met while reading the body): 400 `bad_request`.
/// - `CancellationError` (the client left, or a shutdown cancelled the work): 500, logged at
///   debug level only.
/// - Anything else: 500 `internal_error`, logged; the client gets no internal detail.
public struct MessagesErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    private let logger: Logger

    /// Creates the middleware; unexpected errors are logged to `logger`.
    public init(logger: Logger = Logger(label: "messages-api")) {
        self.logger = logger
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as MessagesAPIError {
            return error.makeResponse()
        } catch let error as HTTPParserError {
            // Broken framing (a bad chunk size, a body cut short): the client's doing, so a 400,
            // logged at debug level — a flood of broken requests is no flood of error lines.
            logger.debug("malformed request", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
            return MessagesAPIError(.badRequest, .badRequest, "malformed HTTP request: \(error.debugDescription)").makeResponse()
        } catch is NIOTooManyBytesError {
            return MessagesAPIError(.contentTooLarge, .bodyTooLarge, "the body is too large").makeResponse()
        } catch let error as HTTPError {
            return Self.envelope(status: error.status, message: error.body, headers: error.headers).makeResponse()
        } catch let error as any HTTPResponseError {
            return Self.envelope(status: error.status, message: nil, headers: [:]).makeResponse()
        } catch is CancellationError {
            // The request's task was cancelled: its client left, or a shutdown's grace ran out.
            // Nobody will read this answer; not worth an error line per request.
            logger.debug("request cancelled", metadata: ["path": "\(request.uri.path)"])
            return MessagesAPIError(.internalServerError, .internalError, "the request was cancelled").makeResponse()
        } catch {
            logger.error("unexpected error", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
            return MessagesAPIError(.internalServerError, .internalError, "internal error").makeResponse()
        }
    }

    private static func envelope(status: HTTPResponse.Status, message: String?, headers: HTTPFields) -> MessagesAPIError {
        let code: MessagesErrorCode = switch status.code {
        case 404: .notFound
        case 405: .methodNotAllowed
        case 413: .bodyTooLarge
        case 415: .unsupportedMediaType
        case 400..<500: .badRequest
        case 503: .storageUnavailable
        default: .internalError
        }
        let text = message ?? (status.code == 404 ? "no such path" : status.reasonPhrase)
        var extra = HTTPFields()
        if let allow = headers[.allow] { extra[.allow] = allow }
        return MessagesAPIError(status, code, text, headers: extra)
    }
}
