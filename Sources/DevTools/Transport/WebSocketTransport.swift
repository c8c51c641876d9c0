import Foundation
import HTTPTypes
import LabSupport
import Logging
import NIOCore
import Synchronization
import WSClient

/// CDP over a WebSocket: for a browser this process did not start (another host, a
/// container, Selenium Grid's `se:cdp` endpoint). One CDP message per text frame.
///
/// Built on `WSClient` from swift-websocket; framing, masking and the upgrade are its job.
public final class WebSocketTransport: CDPTransport {
    private let url: String
    private let outbound: AsyncStream<Data>.Continuation
    private let state = Mutex(State())

    private struct State {
        var onMessage: (@Sendable (InboundMessage) -> Void)?
        var onClose: (@Sendable ((any Error)?) -> Void)?
        /// Messages that arrived before `start`, and the close, if it came first too.
        var early: [InboundMessage] = []
        var earlyClose: (any Error)??
        var open = true
        var closedDeliberately = false
    }

    private init(url: String, outbound: AsyncStream<Data>.Continuation) {
        self.url = url
        self.outbound = outbound
    }

    /// Opens the WebSocket and returns once the upgrade has succeeded. `headers` are added to
    /// the upgrade request (for example a Selenium Grid router's Basic `Authorization`).
    public static func connect(
        url: String, timeout: Duration = .seconds(10), maxMessageSize: Int = 256 << 20, headers: [String: String] = [:]
    ) async throws -> WebSocketTransport {
        let (outgoing, outbound) = AsyncStream.makeStream(of: Data.self)
        let transport = WebSocketTransport(url: url, outbound: outbound)
        let (ready, readyContinuation) = AsyncStream.makeStream(of: Result<Void, any Error>.self)
        var logger = Logger(label: "DevTools.WebSocket")
        logger.logLevel = .critical
        var fields = HTTPFields()
        for (name, value) in headers {
            if let field = HTTPField.Name(name) { fields[field] = value }
        }
        let configuration = WebSocketClientConfiguration(maxFrameSize: min(maxMessageSize, Int(UInt32.max)), additionalHeaders: fields)
        let client = WebSocketClient(url: url, configuration: configuration, logger: logger) { inbound, writer, _ in
            readyContinuation.yield(.success(()))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await message in outgoing {
                        try await writer.write(.text(String(decoding: message, as: UTF8.self)))
                    }
                    try? await writer.close(.normalClosure, reason: nil)
                }
                for try await message in inbound.messages(maxSize: maxMessageSize) {
                    switch message {
                    case .text(let text): transport.deliver(.data(Data(text.utf8)))
                    case .binary(let buffer): transport.deliver(.data(Data(buffer.readableBytesView)))
                    }
                }
                group.cancelAll()
            }
        }
        let runner = Task {
            do {
                try await client.run()
                readyContinuation.yield(.failure(DevToolsError.webSocketFailed(url: url, reason: "the connection closed during the upgrade")))
                transport.finish(nil)
            } catch {
                readyContinuation.yield(.failure(DevToolsError.webSocketFailed(url: url, reason: String(describing: error))))
                transport.finish(error)
            }
        }
        let first: Result<Void, any Error>
        do {
            first = try await withTimeout(timeout, timedOut: DevToolsError.webSocketFailed(url: url, reason: "no connection within \(timeout)")) {
                var iterator = ready.makeAsyncIterator()
                return await iterator.next() ?? .failure(DevToolsError.webSocketFailed(url: url, reason: "cancelled"))
            }
        } catch {
            first = .failure(error)
        }
        switch first {
        case .success:
            return transport
        case .failure(let error):
            runner.cancel()
            outbound.finish()
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
        guard state.withLock({ $0.open }) else {
            throw DevToolsError.connectionClosed(reason: "the WebSocket to \(url) is closed")
        }
        outbound.yield(message)
    }

    public func close() {
        state.withLock { state in
            state.closedDeliberately = true
        }
        outbound.finish()
    }

    private func deliver(_ message: InboundMessage) {
        let handler: (@Sendable (InboundMessage) -> Void)? = state.withLock { state in
            if state.onMessage == nil { state.early.append(message) }
            return state.onMessage
        }
        handler?(message)
    }

    private func finish(_ error: (any Error)?) {
        let (handler, reason): ((@Sendable ((any Error)?) -> Void)?, (any Error)?) = state.withLock { state in
            guard state.open else { return (nil, nil) }
            state.open = false
            let reason: (any Error)? = state.closedDeliberately
                ? nil
                : DevToolsError.connectionClosed(reason: error.map { "the WebSocket to \(url) failed: \($0)" } ?? "the WebSocket peer closed the connection")
            if state.onClose == nil { state.earlyClose = .some(reason) }
            return (state.onClose, reason)
        }
        handler?(reason)
    }
}
