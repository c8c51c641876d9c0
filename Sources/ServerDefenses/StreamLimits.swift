import HTTPTypes
public import Hummingbird
import NIOCore
import NIOHTTPTypes
import Synchronization

/// How many long-lived answers (event streams) a server holds open at once: in all, and per
/// client address. Kept well below ``ServerLimits/maxConnections``, so streams can never take
/// the last connections from ordinary requests.
public struct StreamLimits: Sendable, Equatable {
    /// Streams open at once, from all clients. Default: a quarter of the connection cap.
    public var total: Int
    /// Streams open at once from one client address. Default: a quarter of ``total``.
    public var perClient: Int
    /// What a refused client is told to wait (`Retry-After`, whole seconds). Default 5.
    public var retryAfterSeconds: Int

    /// Limits of `total` streams, `perClient` from one address; both at least 1.
    public init(total: Int, perClient: Int, retryAfterSeconds: Int = 5) {
        self.total = max(1, total)
        self.perClient = max(1, min(perClient, total))
        self.retryAfterSeconds = max(1, retryAfterSeconds)
    }

    /// The defaults for a server that holds at most `maxConnections` connections: a quarter
    /// of them for streams (at least 1), a quarter of that per client address.
    public init(maxConnections: Int) {
        let total = max(1, maxConnections / 4)
        self.init(total: total, perClient: max(1, total / 4))
    }

    /// The defaults for ``ServerLimits/defaultMaxConnections``.
    public init() { self.init(maxConnections: ServerLimits.defaultMaxConnections) }
}

/// Counts the open streams of one server against its ``StreamLimits``. A route that streams
/// asks ``admit(_:)`` first and answers the refusal if there is one; the slot it gets back is
/// released when the stream ends (or, at the latest, when the slot is freed).
public final class StreamLimiter: Sendable {
    /// The limits it enforces.
    public let limits: StreamLimits
    private let counts = Mutex<(total: Int, byClient: [String: Int])>((0, [:]))

    /// A limiter with no stream open.
    public init(limits: StreamLimits) { self.limits = limits }

    /// Why a stream was refused.
    public enum Refusal: Error, Sendable, Equatable {
        /// The server holds ``StreamLimits/total`` streams: `503`.
        case serverFull(limit: Int)
        /// This client address holds ``StreamLimits/perClient`` streams: `429`.
        case clientFull(client: String, limit: Int)
    }

    /// Streams open now, in all and from `client`.
    public func open(client: String? = nil) -> (total: Int, client: Int) {
        counts.withLock { counts in (counts.total, client.flatMap { counts.byClient[$0] } ?? 0) }
    }

    /// A slot for one more stream from the client `request` came from, or why not.
    public func admit(_ request: Request) -> Result<StreamSlot, Refusal> {
        admit(client: ClientAddressHandler.clientAddress(of: request))
    }

    /// A slot for one more stream from `client`, or why not.
    public func admit(client: String) -> Result<StreamSlot, Refusal> {
        let limits = self.limits
        let refusal: Refusal? = counts.withLock { counts in
            if counts.total >= limits.total { return .serverFull(limit: limits.total) }
            if counts.byClient[client, default: 0] >= limits.perClient { return .clientFull(client: client, limit: limits.perClient) }
            counts.total += 1
            counts.byClient[client, default: 0] += 1
            return nil
        }
        if let refusal { return .failure(refusal) }
        return .success(StreamSlot(limiter: self, client: client))
    }

    fileprivate func release(client: String) {
        counts.withLock { counts in
            counts.total -= 1
            let left = counts.byClient[client, default: 1] - 1
            counts.byClient[client] = left > 0 ? left : nil
        }
    }

    /// The answer to a refused stream: `503` (server full) or `429` (this client's share),
    /// both with `Retry-After` and a sentence saying which limit, `Cache-Control: no-store`.
    public func response(for refusal: Refusal) -> Response {
        let status: HTTPResponse.Status
        let text: String
        switch refusal {
        case .serverFull(let limit):
            status = .serviceUnavailable
            text = "too many open event streams: this server holds at most \(limit); try again later\n"
        case .clientFull(let client, let limit):
            status = .tooManyRequests
            text = "too many open event streams from \(client): at most \(limit) per client address; close one or try again later\n"
        }
        return Response(
            status: status,
            headers: [.contentType: "text/plain; charset=utf-8", .retryAfter: String(limits.retryAfterSeconds), .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}

/// One admitted stream. ``release()`` gives the slot back (once; later calls do nothing); a
/// slot never released gives it back when it is freed, so a stream whose body never ran
/// cannot leak one.
public final class StreamSlot: Sendable {
    private let limiter: StreamLimiter
    private let client: String
    private let held = Atomic<Bool>(true)

    fileprivate init(limiter: StreamLimiter, client: String) {
        self.limiter = limiter
        self.client = client
    }

    /// Gives the slot back.
    public func release() {
        if held.exchange(false, ordering: .acquiringAndReleasing) { limiter.release(client: client) }
    }

    deinit { release() }
}

/// Writes the connection's peer address into every request head as ``headerName``, replacing
/// whatever the client sent under that name, so routes (``StreamLimiter``) can tell clients apart
/// with Hummingbird's `BasicRequestContext`, which does not carry the address.
final class ClientAddressHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    /// The header the peer address is written to.
    static let headerName = HTTPField.Name("Lab-Client-Address")!

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        head.headerFields[Self.headerName] = nil
        head.headerFields[Self.headerName] = context.channel.remoteAddress?.ipAddress ?? "unknown"
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    /// The client address of `request` (`unknown` for a request that did not come through a
    /// server with ``ServerLimits/http1``).
    static func clientAddress(of request: Request) -> String {
        request.headers[headerName] ?? "unknown"
    }
}
