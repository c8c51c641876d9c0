import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// A tiny HTTP server on 127.0.0.1 with an ephemeral port, serving fixed pages by path,
/// so DevTools tests have a real origin (cookies, localStorage) without a web framework.
public final class FixtureServer: Sendable {
    let channel: any Channel
    /// The open client connections, so ``kill()`` can drop them.
    private let connections: NIOLockedValueBox<[ObjectIdentifier: any Channel]>
    /// The port it listens on.
    public let port: Int

    /// Starts serving `pages` (path → HTML). Unknown paths get 404.
    public static func start(pages: [String: String]) async throws -> FixtureServer {
        let connections = NIOLockedValueBox<[ObjectIdentifier: any Channel]>([:])
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                connections.withLockedValue { $0[ObjectIdentifier(channel)] = channel }
                channel.closeFuture.whenComplete { _ in _ = connections.withLockedValue { $0.removeValue(forKey: ObjectIdentifier(channel)) } }
                return channel.pipeline.configureHTTPServerPipeline().flatMap {
                    channel.pipeline.addHandler(PageHandler(pages: pages))
                }
            }
        let channel = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
        return FixtureServer(channel: channel, port: channel.localAddress?.port ?? 0, connections: connections)
    }

    private init(channel: any Channel, port: Int, connections: NIOLockedValueBox<[ObjectIdentifier: any Channel]>) {
        self.channel = channel
        self.port = port
        self.connections = connections
    }

    /// The URL of `path` on this server.
    public func url(_ path: String = "/") -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Stops listening (connections already open stay, as with a graceful shutdown).
    public func stop() async {
        try? await channel.close()
    }

    /// Stops listening and drops every open connection, as a server process that dies does.
    public func kill() async {
        try? await channel.close()
        for connection in connections.withLockedValue({ Array($0.values) }) {
            try? await connection.close()
        }
    }
}

private final class PageHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart
    let pages: [String: String]

    init(pages: [String: String]) { self.pages = pages }

    /// The path of the endless event stream every fixture server also serves.
    static let eventStreamPath = "/__events"

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let request) = unwrapInboundIn(data) else { return }
        let path = String(request.uri.split(separator: "?", maxSplits: 1).first ?? "/")
        if path == Self.eventStreamPath {
            // A server-sent event stream that never ends: one event, then silence until the
            // client goes away.
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "text/event-stream")
            headers.add(name: "Cache-Control", value: "no-store")
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: .ok, headers: headers))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: "data: hello\n\n")))), promise: nil)
            return
        }
        let body = pages[path]
        let bytes = body ?? "not found"
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: body == nil ? "text/plain" : "text/html; charset=utf-8")
        headers.add(name: "Content-Length", value: String(bytes.utf8.count))
        headers.add(name: "Cache-Control", value: "no-store")
        let head = HTTPResponseHead(version: request.version, status: body == nil ? .notFound : .ok, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: bytes)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}
