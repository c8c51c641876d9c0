import Foundation
public import Hummingbird
public import Logging
import NIOCore
public import ServerDefenses

/// The Messages REST API: the seed's three endpoints, as Hummingbird routes.
///
/// ```
/// POST /proto/messages          {"user","operation":"add_message","subject","message"} → 201
/// GET  /proto/messages          → {"statusCode":200,"body":{"<user>":[{"subject","message"},…],…}}
/// GET  /proto/messages/{user}   → {"statusCode":200,"body":{"user":"<user>","message":[…]}}
/// ```
///
/// Both GETs are paged (`?limit=N&cursor=C`, see ``PageRequest``): a page holds at most
/// `limit` messages (default ``PageRequest/defaultLimit``); when more follow, the answer
/// adds `"next": "<cursor>"` beside `body` and a `Link: <…>; rel="next"` header. A store that
/// fits in one page is answered in the seed's exact shape.
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
    /// What happened to the streamed answers (started, completed, cut short; bytes encoded).
    public let counters: AnswerCounters
    private let decoder: PostMessageDecoder
    private let logger: Logger

    /// Creates the API over `store`; `counters` receives what happens to its streamed answers.
    public init(
        store: any MessageStore, limits: MessageLimits = .default, logger: Logger = Logger(label: "messages-api"),
        counters: AnswerCounters = AnswerCounters()
    ) {
        self.store = store
        self.limits = limits
        self.counters = counters
        self.decoder = PostMessageDecoder(limits: limits)
        self.logger = logger
    }

    /// Adds `/proto/messages` and `/proto/messages/{user}` (all methods) to `router`.
    ///
    /// - Parameter errorEnvelope: wrap these routes in ``MessagesErrorMiddleware`` so every
    ///   error on them is a JSON envelope. Pass false only if the router already has it.
    ///
    /// The context knows its connection's event loop: a page streamed in slices waits for it
    /// after each one (`EventLoopRequestContext`, ServerDefenses). Lab servers use `LabRequestContext`.
    public func addRoutes<Context: EventLoopRequestContext>(to router: Router<Context>, errorEnvelope: Bool = true) {
        let group = router.group(RouterPath(Self.basePath))
        if errorEnvelope {
            group.add(middleware: MessagesErrorMiddleware<Context>(logger: logger))
        }
        group.post { request, context in try await self.post(request, context: context) }
        group.get { request, context in try await self.getAll(request, context: context) }
        group.head { request, context in try await self.getAll(request, context: context).createHeadResponse() }
        group.get(":user") { request, context in try await self.getUser(request, context: context) }
        group.head(":user") { request, context in try await self.getUser(request, context: context).createHeadResponse() }

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

    /// `GET /proto/messages`. The store's change marker, read *before* the page (so it never
    /// claims a state newer than the page shows), is the answer's `ETag`; an `If-None-Match`
    /// naming it is answered `304 Not Modified` without reading a single message.
    private func getAll(_ request: Request, context: some EventLoopRequestContext) async throws -> Response {
        let pageRequest = try Self.pageRequest(request)
        let marker: String?
        let page: MessagePage<UserMessages>
        do {
            marker = try await store.changeMarker()
            if let marker, Self.matches(request.headers[.ifNoneMatch], marker) {
                return Response(status: .notModified, headers: [.eTag: Self.entityTag(marker)])
            }
            page = try await store.allMessages(page: pageRequest)
        } catch {
            throw storageError(error, "try again later")
        }
        var headers = Self.pageHeaders(next: page.next, path: Self.basePath, limit: pageRequest.limit)
        if let marker { headers[.eTag] = Self.entityTag(marker) }
        return answer(PageEncoder(allUsers: page), headers: headers, context: context)
    }

    /// `marker` as a strong entity tag: `"m42"`.
    static func entityTag(_ marker: String) -> String { "\"" + marker + "\"" }

    /// Whether an `If-None-Match` value names `marker` (RFC 9110 §13.1.2: a list of entity tags,
    /// compared weakly, or `*`).
    static func matches(_ ifNoneMatch: String?, _ marker: String) -> Bool {
        guard let ifNoneMatch else { return false }
        let tag = entityTag(marker)
        return ifNoneMatch.split(separator: ",").contains { part in
            var item = part.trimmingCharacters(in: .whitespaces)[...]
            if item == "*" { return true }
            if item.hasPrefix("W/") { item = item.dropFirst(2) }
            return item == tag
        }
    }

    private func getUser<Context: EventLoopRequestContext>(_ request: Request, context: Context) async throws -> Response {
        let user = try pathUser(context)
        let pageRequest = try Self.pageRequest(request)
        let page: MessagePage<MessageEntry>
        do {
            page = try await store.messages(of: user, page: pageRequest)
        } catch {
            throw storageError(error, "try again later")
        }
        let headers = Self.pageHeaders(next: page.next, path: Self.userPath(user), limit: pageRequest.limit)
        return answer(PageEncoder(user: user, page: page), headers: headers, context: context)
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

    private static func json(_ writer: JSONWriter, status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: writer.buffer))
    }
}
