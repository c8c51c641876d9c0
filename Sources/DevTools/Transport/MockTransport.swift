public import Foundation
public import LabSupport
import Synchronization

/// A scripted peer for unit tests of code built on ``CDPConnection``: it records what was
/// sent and answers with replies you register, so no browser is needed.
///
/// ```swift
/// let mock = MockTransport()
/// mock.reply(to: "Browser.getVersion", with: #"{"protocolVersion":"1.3", …}"#)
/// let connection = CDPConnection(transport: mock)
/// ```
public final class MockTransport: CDPTransport {
    /// A request as the connection sent it.
    public struct Request: Sendable {
        public let id: Int
        public let method: String
        public let sessionId: String?
        /// The request's `params`, as JSON.
        public let params: JSONValue
    }

    private let state = Mutex(State())

    private struct State {
        var onMessage: (@Sendable (InboundMessage) -> Void)?
        var onClose: (@Sendable ((any Error)?) -> Void)?
        var sent: [Request] = []
        var handlers: [String: @Sendable (Request) -> String?] = [:]
        var open = true
    }

    public init() {}

    /// Every request sent so far, in order.
    public var sent: [Request] { state.withLock { $0.sent } }

    /// Answers each `method` request with `result` (a JSON object) as its `result`.
    public func reply(to method: String, with result: String) {
        respond(to: method) { request in #"{"id":\#(request.id),"result":\#(result)}"# }
    }

    /// Answers each `method` request with a CDP error.
    public func fail(_ method: String, code: Int, message: String) {
        respond(to: method) { request in
            #"{"id":\#(request.id),"error":{"code":\#(code),"message":"\#(message)"}}"#
        }
    }

    /// Answers each `method` request with whatever `make` returns (raw text, sent as is);
    /// `nil` leaves the request unanswered.
    public func respond(to method: String, with make: @escaping @Sendable (Request) -> String?) {
        state.withLock { $0.handlers[method] = make }
    }

    /// Delivers raw bytes as one inbound message (an event, garbage, anything).
    public func inject(_ text: String) {
        inject(.data(Data(text.utf8)))
    }

    /// Delivers one inbound message as the transport would.
    public func inject(_ message: InboundMessage) {
        let handler = state.withLock { $0.onMessage }
        handler?(message)
    }

    /// Simulates the peer going away with `error`.
    public func disconnect(_ error: any Error) {
        let handler: (@Sendable ((any Error)?) -> Void)? = state.withLock { state in
            guard state.open else { return nil }
            state.open = false
            return state.onClose
        }
        handler?(error)
    }

    public func start(onMessage: @escaping @Sendable (InboundMessage) -> Void,
                      onClose: @escaping @Sendable ((any Error)?) -> Void) {
        state.withLock { state in
            state.onMessage = onMessage
            state.onClose = onClose
        }
    }

    public func send(_ message: Data) throws {
        struct Wire: Decodable {
            let id: Int
            let method: String
            let sessionId: String?
            let params: JSONValue?
        }
        let wire = try JSONDecoder().decode(Wire.self, from: message)
        let request = Request(id: wire.id, method: wire.method, sessionId: wire.sessionId, params: wire.params ?? .null)
        let handler: (@Sendable (Request) -> String?)? = try state.withLock { state in
            guard state.open else { throw DevToolsError.connectionClosed(reason: "mock closed") }
            state.sent.append(request)
            return state.handlers[request.method]
        }
        if let reply = handler?(request) { inject(reply) }
    }

    public func close() {
        let handler: (@Sendable ((any Error)?) -> Void)? = state.withLock { state in
            guard state.open else { return nil }
            state.open = false
            return state.onClose
        }
        handler?(nil)
    }
}
