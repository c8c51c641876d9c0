import LabSupport
import Foundation

/// A flat CDP session (one attached target, or the browser when `id` is `nil`) on a
/// ``CDPConnection``. Cheap to copy; it holds no state of its own.
public struct CDPSession: Sendable {
    /// The connection it talks over.
    public let connection: CDPConnection
    /// The `sessionId` from `Target.attachToTarget`; `nil` addresses the browser.
    public let id: String?

    /// Sends `command` on this session and waits for its reply.
    public func send<Command: CDPCommand>(_ command: Command, timeout: Duration? = nil) async throws -> Command.Response {
        try await connection.send(command, sessionId: id, timeout: timeout)
    }

    /// Sends `first`, then `second` right behind it on this session, and returns both replies
    /// (see `CDPConnection.send(_:then:sessionId:timeout:)`).
    public func send<First: CDPCommand, Second: CDPCommand>(
        _ first: First, then second: Second, timeout: Duration? = nil
    ) async throws -> (First.Response, Result<Second.Response, any Error>) {
        try await connection.send(first, then: second, sessionId: id, timeout: timeout)
    }

    /// Sends `first`, then `second` and `third` right behind it, and returns the three replies
    /// (see `CDPConnection.send(_:then:_:sessionId:timeout:)`).
    public func send<First: CDPCommand, Second: CDPCommand, Third: CDPCommand>(
        _ first: First, then second: Second, _ third: Third, timeout: Duration? = nil
    ) async throws -> (First.Response, Result<Second.Response, any Error>, Result<Third.Response, any Error>) {
        try await connection.send(first, then: second, third, sessionId: id, timeout: timeout)
    }

    /// Sends `commands` on this session in order without waiting in between, then waits for
    /// every reply (see ``CDPConnection/sendPipelined(_:sessionId:timeout:)``).
    public func sendPipelined(_ commands: [any CDPCommand], timeout: Duration? = nil) async throws {
        try await connection.sendPipelined(commands, sessionId: id, timeout: timeout)
    }

    /// All events of this session (optionally only the named methods).
    public func events(methods: Set<String>? = nil) -> AsyncThrowingStream<CDPEventMessage, any Error> {
        connection.events(.session(id, methods: methods))
    }

    /// Calls `handler` with this session's events (optionally only the named methods) as they
    /// arrive, on the connection's reading thread (see ``CDPConnection/observeEvents(_:_:)``).
    public func observeEvents(methods: Set<String>? = nil, _ handler: @escaping @Sendable (CDPEventMessage) -> Void) -> EventObservation {
        connection.observeEvents(.session(id, methods: methods), handler)
    }

    /// Typed events of one kind on this session, decoded as they arrive.
    public func events<E: CDPEvent>(_ type: E.Type) -> AsyncThrowingMapSequence<AsyncThrowingStream<CDPEventMessage, any Error>, E> {
        events(methods: [E.method]).map { try $0.decode(E.self) }
    }

    /// Runs `action`, then waits for the first event `E` that satisfies `condition`.
    ///
    /// The subscription starts before `action` runs, so an event caused by the action is
    /// never missed. Fails with ``DevToolsError/timeout(method:after:)`` after `timeout`.
    public func waitForEvent<E: CDPEvent, T: Sendable>(
        _ type: E.Type,
        timeout: Duration? = nil,
        where condition: @escaping @Sendable (E) -> Bool = { _ in true },
        after action: () async throws -> T
    ) async throws -> (result: T, event: E) {
        let stream = events(methods: [E.method])
        let result = try await action()
        let limit = timeout ?? connection.defaultTimeout
        let found = try await withTimeout(limit, timedOut: DevToolsError.timeout(method: E.method, after: limit)) { () async throws -> E? in
            for try await message in stream {
                let event = try message.decode(E.self)
                if condition(event) { return event }
            }
            return nil
        }
        guard let event = found else {
            throw DevToolsError.connectionClosed(reason: "event stream ended before \(E.method)")
        }
        return (result, event)
    }
}
