import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// A WebSocket server on 127.0.0.1 that plays one script per path, for what a real browser
/// never does on cue: fragmented messages with a ping between the fragments, a close from its
/// side, a message over the client's limit, a refused upgrade. It records what the client
/// sent back (pongs, close codes, text) in ``seen``.
final class WebSocketPeer: Sendable {
    /// The bound port.
    let port: Int
    private let channel: any Channel
    private let log = NIOLockedValueBox<[String]>([])

    /// What the client sent, in order: `pong:<payload>`, `close:<code>`, `text:<message>`.
    var seen: [String] { log.withLockedValue { $0 } }

    init() async throws {
        let log = self.log
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: 1 << 20,
            shouldUpgrade: { channel, head in
                channel.eventLoop.makeSucceededFuture(head.uri == "/refuse" ? nil : HTTPHeaders())
            },
            upgradePipelineHandler: { channel, head in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ScriptedPeer(script: head.uri, log: log))
                }
            })
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let refusal = Refusal()
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withServerUpgrade: (upgraders: [upgrader], completionHandler: { context in
                            context.pipeline.removeHandler(name: Refusal.name, promise: nil)
                        }))
                    try channel.pipeline.syncOperations.addHandler(refusal, name: Refusal.name)
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        port = channel.localAddress?.port ?? 0
    }

    func url(_ script: String) -> String { "ws://127.0.0.1:\(port)\(script)" }

    func close() async { try? await channel.close() }
}

/// Answers a request that was not upgraded, as Chromium answers a refused origin.
private final class Refusal: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart
    static let name = "refusal"

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .end = unwrapInboundIn(data) else { return }
        let text = "Rejected an incoming WebSocket connection from this origin"
        var head = HTTPResponseHead(version: .http1_1, status: .forbidden)
        head.headers.add(name: "Content-Length", value: String(text.utf8.count))
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: text)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}

/// One connection's script, chosen by the upgrade request's path.
private final class ScriptedPeer: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let script: String
    private let log: NIOLockedValueBox<[String]>

    init(script: String, log: NIOLockedValueBox<[String]>) {
        self.script = script
        self.log = log
    }

    func handlerAdded(context: ChannelHandlerContext) {
        switch script {
        case "/fragments":
            // One message in three fragments, a ping between the first two.
            send(context, .text, "{\"id\":1,", fin: false)
            send(context, .ping, "are you there", fin: true)
            send(context, .continuation, "\"result\":", fin: false)
            send(context, .continuation, "{}}", fin: true)
        case "/close":
            var code = context.channel.allocator.buffer(capacity: 2)
            code.write(webSocketErrorCode: .goingAway)
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: code)), promise: nil)
        case "/big":
            send(context, .text, String(repeating: "x", count: 4096), fin: true)
        default:
            break
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        var payload = frame.unmaskedData
        switch frame.opcode {
        case .pong:
            record("pong:" + String(decoding: payload.readableBytesView, as: UTF8.self))
        case .connectionClose:
            record("close:\(payload.readWebSocketErrorCode().map { "\(UInt16(webSocketErrorCode: $0))" } ?? "none")")
            if script != "/close" {
                // The client began the close: answer it, as RFC 6455 asks.
                let channel = context.channel
                context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: frame.unmaskedData)))
                    .whenComplete { _ in channel.close(promise: nil) }
            } else {
                context.close(promise: nil)
            }
        case .text:
            let text = String(decoding: payload.readableBytesView, as: UTF8.self)
            record("text:" + text)
            send(context, .text, "echo " + text, fin: true)
        default:
            break
        }
    }

    private func send(_ context: ChannelHandlerContext, _ opcode: WebSocketOpcode, _ text: String, fin: Bool) {
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: fin, opcode: opcode, data: ByteBuffer(string: text))), promise: nil)
    }

    private func record(_ entry: String) {
        log.withLockedValue { $0.append(entry) }
    }
}
