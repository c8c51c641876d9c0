public import Hummingbird
public import NIOCore

/// A request context that knows the event loop of its request's connection.
///
/// A streamed answer needs it to stay at most a slice ahead of its client: a body writer's
/// `write` returns as soon as the slice is queued for that loop, and only the loop, once it has
/// run the write, marks the connection unwritable. An encoder that does not wait for the loop
/// gets as far ahead as the loop is late — on a starved machine, the whole answer
/// (docs/decisions.md, "A streamed page waits for its connection's event loop").
public protocol EventLoopRequestContext: RequestContext {
    /// The event loop of the request's connection.
    var eventLoop: any EventLoop { get }
}

extension EventLoopRequestContext {
    /// Returns once the connection's event loop has run everything queued on it before this
    /// call — the writes of a body writer included — so that the connection's writability, and
    /// with it the next write's back-pressure, is current.
    public func connectionCaughtUp() async throws {
        try await eventLoop.submit {}.get()
    }
}

/// The context of every lab server: Hummingbird's basic context and the connection's event loop.
public struct LabRequestContext: EventLoopRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let eventLoop: any EventLoop

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        eventLoop = source.channel.eventLoop
    }
}
