public import Hummingbird
public import Logging
import NIOHTTP1

/// Answers a request whose HTTP framing is broken — a bad chunk size, a body cut short, stray
/// bytes — with 400 instead of letting the parser's error become a 500. Such errors surface
/// only when a handler reads the body, so this sits in front of the routes. The client caused
/// it, so it is logged at debug level: a flood of broken or abandoned requests is no flood of
/// error lines.
public struct MalformedRequestMiddleware<Context: RequestContext>: RouterMiddleware {
    private let logger: Logger

    /// Creates the middleware; what it answers is logged to `logger` at debug level.
    public init(logger: Logger) {
        self.logger = logger
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPParserError {
            logger.debug("malformed request", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
            throw HTTPError(.badRequest, message: "malformed HTTP request: \(error.debugDescription)")
        }
    }
}
