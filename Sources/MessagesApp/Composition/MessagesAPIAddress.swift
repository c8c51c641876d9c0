public import Foundation
import Synchronization

/// Where the Messages API is: a fixed URL, or one learnt later — `lab serve` points the app at
/// its own API, whose port is known only once the socket is bound (`--port 0`).
public final class MessagesAPIAddress: Sendable {
    private let value: Mutex<URL?>

    /// The API at `url` (scheme, host, port; without `/proto/messages`).
    public init(_ url: URL) { value = Mutex(url) }

    /// An address not known yet; ``set(_:)`` it before the app's first request.
    public init() { value = Mutex(nil) }

    /// The URL, once known.
    public var url: URL? { value.withLock { $0 } }

    /// Sets the URL (`lab serve`, once bound).
    public func set(_ url: URL) { value.withLock { $0 = url } }
}
