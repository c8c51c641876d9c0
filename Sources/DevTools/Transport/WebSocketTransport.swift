public import Foundation
import LabSupport
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import Synchronization

/// CDP over a WebSocket: for a browser this process did not start (another host, a
/// container, Selenium Grid's `se:cdp` endpoint). One CDP message per text frame.
///
/// Built on SwiftNIO's WebSocket support: `NIOWebSocketClientUpgrader` does the upgrade,
/// NIO's codec the framing and masking, `NIOWebSocketFrameAggregator` joins fragments; this
/// type answers pings and closes, and hands whole messages to the connection. `wss://` needs
/// the package's `TLS` trait. No `Origin` header is sent, so the browser needs
/// no `--remote-allow-origins`.
public final class WebSocketTransport: CDPTransport {
    private let url: String
    private let state = Mutex(State())

    private struct State {
        var channel: (any Channel)?
        var onMessage: (@Sendable (InboundMessage) -> Void)?
        var onClose: (@Sendable ((any Error)?) -> Void)?
        /// Messages that arrived before `start`, and the close, if it came first too.
        var early: [InboundMessage] = []
        var earlyClose: (any Error)??
        var open = true
        var closedDeliberately = false
    }

    private init(url: String) {
        self.url = url
    }

    /// Opens the WebSocket and returns once the upgrade has succeeded. `headers` are added to
    /// the upgrade request (for example a Selenium Grid router's Basic `Authorization`).
    /// Fails with ``DevToolsError/webSocketFailed(url:reason:)`` when the URL is not a `ws://`
    /// (or, with TLS, `wss://`) URL, nothing answers within `timeout`, or the server refuses
    /// the upgrade (its HTTP status and the start of its answer are in the reason).
    public static func connect(
        url: String, timeout: Duration = .seconds(10), maxMessageSize: Int = 256 << 20, headers: [String: String] = [:]
    ) async throws -> WebSocketTransport {
        let target = try Target(url)
        let tls: ClientTLS.Context?
        do { tls = target.secure ? try ClientTLS.context() : nil } catch {
            throw DevToolsError.webSocketFailed(url: url, reason: error.description)
        }
        // Everything that can fail before the connection has failed: from here on the promise
        // is always completed (NIO traps on a promise dropped unfulfilled).
        let transport = WebSocketTransport(url: url)
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let upgraded = loop.makePromise(of: Void.self)
        let failed: @Sendable (String) -> Void = { upgraded.fail(DevToolsError.webSocketFailed(url: url, reason: $0)) }
        let frameLimit = min(maxMessageSize, Int(UInt32.max))
        // Protocol errors are FrameHandler's to answer, so that the reason reaches the connection.
        let upgrader = NIOWebSocketClientUpgrader(maxFrameSize: frameLimit, automaticErrorHandling: false) { channel, _ in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(
                    NIOWebSocketFrameAggregator(
                        minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: Int(UInt16.max), maxAccumulatedFrameSize: maxMessageSize))
                try channel.pipeline.syncOperations.addHandler(FrameHandler(transport: transport, maxMessageSize: maxMessageSize))
                upgraded.succeed(())
            }
        }
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(TimeAmount(timeout))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls { try ClientTLS.addHandler(tls, to: channel, host: target.host) }
                    // Frames the server sends right after its 101 may share the read with it:
                    // they go on to the WebSocket decoder, not into the bin.
                    try channel.pipeline.syncOperations.addHTTPClientHandlers(
                        leftOverBytesStrategy: .forwardBytes,
                        withClientUpgrade: (upgraders: [upgrader], completionHandler: { context in
                            // The HTTP stage is over: its failure watch must not see frames.
                            context.pipeline.removeHandler(name: UpgradeFailureHandler.name, promise: nil)
                        }))
                    try channel.pipeline.syncOperations.addHandler(UpgradeFailureHandler(failed: failed), name: UpgradeFailureHandler.name)
                }
            }
        let connecting = bootstrap.connect(host: target.host, port: target.port)
        connecting.whenComplete { result in
            switch result {
            case .failure(let error):
                failed(String(describing: error))
            case .success(let channel):
                transport.state.withLock { $0.channel = channel }
                channel.closeFuture.whenComplete { _ in failed("the connection closed during the upgrade") }
                var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target.requestTarget)
                head.headers.add(name: "Host", value: target.hostHeader)
                for (name, value) in headers { head.headers.add(name: name, value: value) }
                channel.write(HTTPClientRequestPart.head(head), promise: nil)
                channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
            }
        }
        do {
            try await withTimeout(timeout, timedOut: DevToolsError.webSocketFailed(url: url, reason: "no connection within \(timeout)")) {
                try await withTaskCancellationHandler {
                    try await upgraded.futureResult.get()
                } onCancel: {
                    failed("cancelled")
                }
            }
            return transport
        } catch {
            failed("gave up")
            connecting.whenSuccess { $0.close(promise: nil) }
            throw error
        }
    }

    public func start(onMessage: @escaping @Sendable (InboundMessage) -> Void,
                      onClose: @escaping @Sendable ((any Error)?) -> Void) {
        let (early, earlyClose) = state.withLock { state in
            state.onMessage = onMessage
            state.onClose = onClose
            defer {
                state.early = []
                state.earlyClose = nil
            }
            return (state.early, state.earlyClose)
        }
        early.forEach(onMessage)
        if let earlyClose { onClose(earlyClose) }
    }

    public func send(_ message: Data) throws {
        guard let channel = state.withLock({ $0.open ? $0.channel : nil }) else {
            throw DevToolsError.connectionClosed(reason: "the WebSocket to \(url) is closed")
        }
        var buffer = channel.allocator.buffer(capacity: message.count)
        buffer.writeBytes(message)
        channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: buffer), promise: nil)
    }

    /// Sends a close frame and closes the connection once the peer answers it (or after a
    /// second without an answer); `onClose(nil)` follows.
    public func close() {
        let channel: (any Channel)? = state.withLock { state in
            state.closedDeliberately = true
            return state.open ? state.channel : nil
        }
        guard let channel else { return }
        channel.writeAndFlush(Self.closeFrame(.normalClosure, allocator: channel.allocator), promise: nil)
        channel.eventLoop.scheduleTask(in: .seconds(1)) { channel.close(promise: nil) }
    }

    /// A client's close frame (masked, as every frame a client sends) carrying `code`.
    fileprivate static func closeFrame(_ code: WebSocketErrorCode, allocator: ByteBufferAllocator) -> WebSocketFrame {
        var data = allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: code)
        return WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: data)
    }

    fileprivate func deliver(_ message: InboundMessage) {
        let handler: (@Sendable (InboundMessage) -> Void)? = state.withLock { state in
            if state.onMessage == nil { state.early.append(message) }
            return state.onMessage
        }
        handler?(message)
    }

    /// Whether ``close()`` was called (a close frame from the peer then only confirms it).
    fileprivate var closing: Bool { state.withLock { $0.closedDeliberately } }

    fileprivate func finish(_ problem: String?) {
        let (handler, reason): ((@Sendable ((any Error)?) -> Void)?, (any Error)?) = state.withLock { state in
            guard state.open else { return (nil, nil) }
            state.open = false
            let reason: (any Error)? = state.closedDeliberately
                ? nil
                : DevToolsError.connectionClosed(reason: problem.map { "the WebSocket to \(url) failed: \($0)" } ?? "the WebSocket peer closed the connection")
            if state.onClose == nil { state.earlyClose = .some(reason) }
            return (state.onClose, reason)
        }
        handler?(reason)
    }
}

/// A `ws://` or `wss://` URL, split for the connection and the upgrade request.
private struct Target {
    let secure: Bool
    let host: String
    let port: Int
    /// The path and query the upgrade request asks for.
    let requestTarget: String
    /// The `Host` header: the host (bracketed when IPv6) and the port.
    let hostHeader: String

    init(_ url: String) throws {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              scheme == "ws" || scheme == "wss", let host = components.host, !host.isEmpty else {
            throw DevToolsError.webSocketFailed(url: url, reason: "not a ws:// or wss:// URL with a host")
        }
        secure = scheme == "wss"
        self.host = host
        port = components.port ?? (secure ? 443 : 80)
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        requestTarget = components.percentEncodedQuery.map { path + "?" + $0 } ?? path
        hostHeader = (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }
}

/// Watches the HTTP stage: a server that answers the upgrade with anything but `101` fails
/// the connection with its status and the start of its body (Chromium explains a refused
/// origin there). Removed once the upgrade succeeds.
private final class UpgradeFailureHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    static let name = "DevTools.WebSocket.upgradeFailure"
    /// How much of a refusal's body goes into the error.
    static let keptBytes = 300

    private let failed: @Sendable (String) -> Void
    private var status: HTTPResponseStatus?
    private var body = ByteBuffer()

    init(failed: @escaping @Sendable (String) -> Void) {
        self.failed = failed
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): status = head.status
        case .body(var part):
            // Only the start is kept for the message, however much a refusing server sends.
            let room = Self.keptBytes - body.readableBytes
            if room > 0, let start = part.readSlice(length: min(room, part.readableBytes)) { body.writeImmutableBuffer(start) }
        case .end:
            let text = String(decoding: body.readableBytesView, as: UTF8.self)
            failed("the server refused the upgrade: HTTP \(status.map { "\($0.code) \($0.reasonPhrase)" } ?? "?")"
                + (text.isEmpty ? "" : ": \(text)"))
            context.close(promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A refused upgrade reaches here first (then its answer, above); anything else ends it.
        if error is NIOHTTPClientUpgradeError { return }
        failed(String(describing: error))
        context.close(promise: nil)
    }
}

/// After the upgrade: whole messages to the transport, pongs for pings, the close handshake.
private final class FrameHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let transport: WebSocketTransport
    private let maxMessageSize: Int
    private var problem: String?

    init(transport: WebSocketTransport, maxMessageSize: Int) {
        self.transport = transport
        self.maxMessageSize = maxMessageSize
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text, .binary:
            let payload = frame.unmaskedData
            transport.deliver(.data(payload.withUnsafeReadableBytes { Data($0) }))
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            if !transport.closing {
                // The peer's close: answer it with its own code, as RFC 6455 asks, then hang up.
                var data = frame.unmaskedData
                closeWith(data.readWebSocketErrorCode() ?? .normalClosure, context: context)
                return
            }
            context.close(promise: nil)
        default:
            break
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard problem == nil else { return }  // already closing, for the first error
        let code: WebSocketErrorCode
        switch error {
        case NIOWebSocketError.invalidFrameLength, NIOWebSocketFrameAggregator.Error.accumulatedFrameSizeIsTooLarge:
            problem = "a message over the limit of \(maxMessageSize) bytes"
            code = .messageTooLarge
        default:
            problem = String(describing: error)
            code = .protocolError
        }
        // Tell the peer why (RFC 6455's close codes), then hang up.
        closeWith(code, context: context)
    }

    /// Sends a close frame with `code`, then closes the connection.
    private func closeWith(_ code: WebSocketErrorCode, context: ChannelHandlerContext) {
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(WebSocketTransport.closeFrame(code, allocator: channel.allocator)))
            .whenComplete { _ in channel.close(promise: nil) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        transport.finish(problem)
        context.fireChannelInactive()
    }
}
