import Hummingbird
import Logging
import NIOCore

/// The Messages REST API: the seed's three endpoints, as Hummingbird routes.
///
/// ```
/// POST /proto/messages          {"user","operation":"add_message","subject","message"} → 201
/// GET  /proto/messages          → {"statusCode":200,"body":{"<user>":[{"subject","message"},…],…}}
/// GET  /proto/messages/{user}   → {"statusCode":200,"body":{"user":"<user>","message":[…]}}
/// ```
///
/// Use ``addRoutes(to:)`` to mount it on any Hummingbird router (so `lab serve` can serve it
/// beside other apps under one origin), or ``MessagesServer`` to run it on its own.
/// Every error on these paths is answered with the JSON error envelope of ``MessagesAPIError``.
public struct MessagesAPI: Sendable {
    /// The path of the collection.
    public static let basePath = MessagesWire.basePath

    /// Where messages are kept.
    public let store: any MessageStore
    /// Size and content rules.
    public let limits: MessageLimits
    private let decoder: PostMessageDecoder
    private let logger: Logger

    /// Creates the API over `store`.
    public init(store: any MessageStore, limits: MessageLimits = .default, logger: Logger = Logger(label: "messages-api")) {
        self.store = store
        self.limits = limits
        self.decoder = PostMessageDecoder(limits: limits)
        self.logger = logger
    }

    /// Adds `/proto/messages` and `/proto/messages/{user}` (all methods) to `router`.
    ///
    /// - Parameter errorEnvelope: wrap these routes in ``MessagesErrorMiddleware`` so every
    ///   error on them is a JSON envelope. Pass false only if the router already has it.
    public func addRoutes<Context: RequestContext>(to router: Router<Context>, errorEnvelope: Bool = true) {
        let group = router.group(RouterPath(Self.basePath))
        if errorEnvelope {
            group.add(middleware: MessagesErrorMiddleware<Context>(logger: logger))
        }
        group.post { request, context in try await self.post(request, context: context) }
        group.get { _, _ in try await self.getAll() }
        group.head { _, _ in try await self.getAll().createHeadResponse() }
        group.get(":user") { _, context in try await self.getUser(context: context) }
        group.head(":user") { _, context in try await self.getUser(context: context).createHeadResponse() }

        let collectionAllows: [HTTPRequest.Method] = [.get, .head, .post]
        for method: HTTPRequest.Method in [.put, .patch, .delete, .options, .trace] {
            group.on("", method: method) { request, _ -> Response in
                throw MessagesAPIError.methodNotAllowed(request.method, allowed: collectionAllows)
            }
        }
        let userAllows: [HTTPRequest.Method] = [.get, .head]
        for method: HTTPRequest.Method in [.post, .put, .patch, .delete, .options, .trace] {
            group.on(":user", method: method) { request, _ -> Response in
                throw MessagesAPIError.methodNotAllowed(request.method, allowed: userAllows)
            }
        }
    }

    // MARK: - Handlers

    private func post<Context: RequestContext>(_ request: Request, context: Context) async throws -> Response {
        try Self.requireJSONContentType(request)
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limits.maxBodyBytes {
            throw bodyTooLarge()
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: limits.maxBodyBytes)
        } catch is NIOTooManyBytesError {
            throw bodyTooLarge()
        }
        let message = try decoder.decode(body)
        do {
            try await store.save(message)
        } catch {
            throw storageError(error, "nothing was saved")
        }
        var writer = JSONWriter(capacity: 96 + body.readableBytes)
        writer.raw("{\"statusCode\":201,\"body\":{\"user\":")
        writer.string(message.user)
        writer.raw(",\"subject\":")
        writer.string(message.subject)
        writer.raw(",\"message\":")
        writer.string(message.message)
        writer.raw("}}")
        return Self.json(writer, status: .created)
    }

    private func getAll() async throws -> Response {
        let all: [UserMessages]
        do {
            all = try await store.allMessages()
        } catch {
            throw storageError(error, "try again later")
        }
        var writer = JSONWriter(capacity: 1024)
        writer.raw("{\"statusCode\":200,\"body\":{")
        for (index, userMessages) in all.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.string(userMessages.user)
            writer.raw(":")
            Self.write(userMessages.messages, to: &writer)
        }
        writer.raw("}}")
        return Self.json(writer, status: .ok)
    }

    private func getUser<Context: RequestContext>(context: Context) async throws -> Response {
        let user = try pathUser(context)
        let entries: [MessageEntry]
        do {
            entries = try await store.messages(of: user)
        } catch {
            throw storageError(error, "try again later")
        }
        var writer = JSONWriter(capacity: 256)
        writer.raw("{\"statusCode\":200,\"body\":{\"user\":")
        writer.string(user)
        writer.raw(",\"message\":")
        Self.write(entries, to: &writer)
        writer.raw("}}")
        return Self.json(writer, status: .ok)
    }

    // MARK: - Helpers

    /// The percent-decoded `{user}` segment, checked against the user rules.
    private func pathUser<Context: RequestContext>(_ context: Context) throws -> String {
        guard let raw = context.parameters.get("user"), let user = PercentDecoding.decode(Substring(raw)) else {
            throw MessagesAPIError(.badRequest, .invalidUser, "the {user} path segment is not valid percent-encoded UTF-8")
        }
        do {
            try limits.validateUser(user)
        } catch {
            throw MessagesAPIError(.badRequest, .invalidUser, "the {user} path segment is not a valid user name: \(error.message)")
        }
        return user
    }

    private static func requireJSONContentType(_ request: Request) throws {
        guard let value = request.headers[.contentType] else {
            throw MessagesAPIError(.unsupportedMediaType, .unsupportedMediaType, "the Content-Type header is missing; send application/json")
        }
        switch JSONContentType.check(value) {
        case .accepted:
            return
        case .wrongMediaType:
            throw MessagesAPIError(.unsupportedMediaType, .unsupportedMediaType,
                                   "Content-Type must be application/json, not \(PostMessageDecoder.abbreviate(value))")
        case .wrongCharset(let charset):
            throw MessagesAPIError(.unsupportedMediaType, .unsupportedMediaType,
                                   "the body must be UTF-8, not charset \(PostMessageDecoder.abbreviate(charset))")
        }
    }

    private func bodyTooLarge() -> MessagesAPIError {
        MessagesAPIError(.contentTooLarge, .bodyTooLarge, "the body is larger than \(limits.maxBodyBytes) bytes")
    }

    private func storageError(_ error: any Error, _ consequence: String) -> MessagesAPIError {
        logger.error("storage failure", metadata: ["error": "\(error)"])
        return MessagesAPIError(.serviceUnavailable, .storageUnavailable, "the message store is unavailable; \(consequence)")
    }

    private static func write(_ entries: [MessageEntry], to writer: inout JSONWriter) {
        writer.raw("[")
        for (index, entry) in entries.enumerated() {
            writer.raw(index == 0 ? "{\"subject\":" : ",{\"subject\":")
            writer.string(entry.subject)
            writer.raw(",\"message\":")
            writer.string(entry.message)
            writer.raw("}")
        }
        writer.raw("]")
    }

    private static func json(_ writer: JSONWriter, status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: writer.buffer))
    }
}
