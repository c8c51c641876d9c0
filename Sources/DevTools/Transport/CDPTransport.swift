public import Foundation

/// Carries whole CDP messages (UTF-8 JSON, one message per call) to and from a browser.
///
/// A transport knows nothing of ids or sessions; ``CDPConnection`` does. Implementations:
/// ``PipeTransport`` (a local browser's `--remote-debugging-pipe`), ``WebSocketTransport``
/// (a `ws://` DevTools URL), and ``MockTransport`` (tests).
public protocol CDPTransport: AnyObject, Sendable {
    /// Starts delivering messages. Called once, by the connection, before any `send`.
    /// `onMessage` is called for each inbound message in order, `onClose` once at the end
    /// (with the reason; `nil` means a deliberate `close()`).
    func start(onMessage: @escaping @Sendable (InboundMessage) -> Void,
               onClose: @escaping @Sendable ((any Error)?) -> Void)
    /// Sends one message. Throws ``DevToolsError/connectionClosed(reason:)`` once closed.
    func send(_ message: Data) throws
    /// Closes the transport; `onClose` follows.
    func close()
}

/// One inbound message: its bytes, or the fact that it was too large to keep.
public enum InboundMessage: Sendable {
    /// A complete message.
    case data(Data)
    /// A message over the size limit; `prefix` is its start (enough to find its `id`).
    case oversized(prefix: Data, size: Int)
}
