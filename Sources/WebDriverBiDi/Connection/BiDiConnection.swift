public import DevTools
public import Foundation
import Synchronization

/// One WebDriver BiDi connection: numbers commands, matches replies to them, hands events to
/// subscribers, and fails everything at once when the browser goes away.
///
/// Every command has a time limit (``defaultTimeout`` unless given), honours task cancellation
/// and fails with a ``BiDiError``: nothing waits for ever. Events reach this process only for
/// what a `session.subscribe` asked for (``subscribe(_:contexts:timeout:)``).
///
/// The messages travel over DevTools' `WebSocketTransport` (or any `CDPTransport`: the
/// protocol carries whole messages and knows nothing of CDP but its name).
public final class BiDiConnection: Sendable {
    /// The time limit of commands that name none.
    public let defaultTimeout: Duration
    private let transport: any CDPTransport
    private let closeReason: @Sendable ((any Error)?) -> BiDiError
    private let state = Mutex(State())

    private struct State {
        var nextID = 1
        var pending: [Int: Pending] = [:]
        var nextObserverID = 0
        var subscribers: [Int: Subscriber] = [:]
        var observers: [Int: Observer] = [:]
        var closedError: BiDiError?
        /// The deadline the watchdog sleeps until, if one runs.
        var watchdogDeadline: ContinuousClock.Instant?
        var watchdog: Task<Void, Never>?
    }

    private struct Pending {
        let method: String
        let timeout: Duration
        let deadline: ContinuousClock.Instant
        let resume: @Sendable (Result<Data, any Error>) -> Void
    }

    private struct Subscriber {
        let methods: Set<String>?
        let continuation: AsyncThrowingStream<BiDiEventMessage, any Error>.Continuation
    }

    private struct Observer {
        let methods: Set<String>?
        let handler: @Sendable (BiDiEventMessage) -> Void
    }

    /// Starts reading from `transport`, which the connection owns from now on.
    /// - Parameters:
    ///   - transport: the connection to the browser (a ``BiDiConnection`` owns it from now on).
    ///   - defaultTimeout: the time limit of commands that name none.
    ///   - closeReason: turns the transport's close reason (`nil`: closed by this process) into
    ///     the error pending and later commands fail with (a launched browser reports its exit
    ///     status here). It runs on the transport's thread and must not block.
    public init(
        transport: any CDPTransport, defaultTimeout: Duration = .seconds(30),
        closeReason: @escaping @Sendable ((any Error)?) -> BiDiError = BiDiConnection.describeClose
    ) {
        self.transport = transport
        self.defaultTimeout = defaultTimeout
        self.closeReason = closeReason
        transport.start(
            onMessage: { [weak self] message in self?.receive(message) },
            onClose: { [weak self] error in
                guard let self else { return }
                self.fail(with: self.closeReason(error))
            })
    }

    /// Opens a WebSocket to `url` (a browser's BiDi endpoint, `ws://host:port/session` for a new
    /// session) and starts a connection on it. Fails with ``BiDiError/webSocketFailed(url:reason:)``.
    public static func connect(url: String, timeout: Duration = .seconds(10), defaultTimeout: Duration = .seconds(30)) async throws -> BiDiConnection {
        do {
            let transport = try await WebSocketTransport.connect(url: url, timeout: timeout)
            return BiDiConnection(transport: transport, defaultTimeout: defaultTimeout)
        } catch {
            throw BiDiError.from(transport: error)
        }
    }

    /// The default close reason: a deliberate close, or what the transport said.
    public static func describeClose(_ error: (any Error)?) -> BiDiError {
        guard let error else { return .connectionClosed(reason: "closed by this process") }
        return BiDiError.from(transport: error)
    }

    /// The error every command fails with once the connection is closed; `nil` while open.
    public var closedError: BiDiError? { state.withLock { $0.closedError } }

    // MARK: - Commands

    /// Sends `command` and waits (at most `timeout`, else ``defaultTimeout``) for its typed result.
    @discardableResult
    public func send<Command: BiDiCommand>(_ command: Command, timeout: Duration? = nil) async throws -> Command.Result {
        let reply = try await call(Command.method, params: command, timeout: timeout)
        if Command.Result.self == BiDi.Empty.self { return BiDi.Empty() as! Command.Result }
        do {
            return try JSONDecoder().decode(ResultEnvelope<Command.Result>.self, from: reply).result
        } catch {
            throw BiDiError.unexpectedResponse(method: Command.method, reason: String(describing: error))
        }
    }

    /// Sends any command with any encodable parameters and returns the whole reply message
    /// (`{"type":"success","id":…,"result":{…}}`): for commands with no typed form yet.
    public func call(_ method: String, params: some Encodable & Sendable, timeout: Duration? = nil) async throws -> Data {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        let message: Data
        do {
            message = try JSONEncoder().encode(CommandEnvelope(id: id, method: method, params: params))
        } catch {
            throw BiDiError.unexpectedResponse(method: method, reason: "parameters could not be encoded: \(error)")
        }
        let limit = timeout ?? defaultTimeout
        let deadline = ContinuousClock.now.advanced(by: limit)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let closed: BiDiError? = state.withLock { state in
                    if let closed = state.closedError { return closed }
                    state.pending[id] = Pending(method: method, timeout: limit, deadline: deadline, resume: { continuation.resume(with: $0) })
                    armWatchdog(for: deadline, in: &state)
                    return nil
                }
                if let closed {
                    continuation.resume(throwing: closed)
                    return
                }
                if Task.isCancelled {
                    complete(id, with: .failure(CancellationError()))
                    return
                }
                do {
                    try transport.send(message)
                } catch {
                    // The transport's close follows at once and names the reason; if it has
                    // already come, fail with it now.
                    complete(id, with: .failure(closedError ?? BiDiError.from(transport: error)))
                }
            }
        } onCancel: {
            complete(id, with: .failure(CancellationError()))
        }
    }

    /// Subscribes this session to `events` (names such as `"log.entryAdded"`, or whole modules
    /// such as `"network"`), in every context or only in `contexts`. The subscription's id, when
    /// the browser gives one (for `session.unsubscribe`).
    @discardableResult
    public func subscribe(_ events: [String], contexts: [String]? = nil, timeout: Duration? = nil) async throws -> String? {
        try await send(BiDi.Session.Subscribe(events: events, contexts: contexts), timeout: timeout).subscription
    }

    // MARK: - Events

    /// Events named in `methods` (every event when `nil`), in arrival order. The stream ends with
    /// the connection's error when it closes; stop iterating (or drop it) to unsubscribe.
    /// Buffering is unbounded: iterate it. The browser sends only subscribed events.
    public func events(_ methods: Set<String>? = nil) -> AsyncThrowingStream<BiDiEventMessage, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: BiDiEventMessage.self)
        let closed: BiDiError? = state.withLock { state in
            if let closed = state.closedError { return closed }
            let id = state.nextObserverID
            state.nextObserverID += 1
            state.subscribers[id] = Subscriber(methods: methods, continuation: continuation)
            continuation.onTermination = { [weak self] _ in
                _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
            }
            return nil
        }
        if let closed { continuation.finish(throwing: closed) }
        return stream
    }

    /// Calls `handler` with each event named in `methods` (every event when `nil`) on the thread
    /// that reads the connection, before any later message is handled: once a reply is in, the
    /// handler has seen every event sent before it. It must be quick and must not block. It is
    /// called until the observation is cancelled or released, or the connection closes.
    public func observeEvents(_ methods: Set<String>?, _ handler: @escaping @Sendable (BiDiEventMessage) -> Void) -> BiDiObservation {
        let id = state.withLock { state in
            defer { state.nextObserverID += 1 }
            if state.closedError == nil { state.observers[state.nextObserverID] = Observer(methods: methods, handler: handler) }
            return state.nextObserverID
        }
        return BiDiObservation { [weak self] in _ = self?.state.withLock { $0.observers.removeValue(forKey: id) } }
    }

    // MARK: - Closing

    /// Closes the WebSocket. Pending commands fail with ``BiDiError/connectionClosed(reason:)``.
    public func close() {
        fail(with: .connectionClosed(reason: "closed by this process"))
        transport.close()
    }

    /// Fails every pending command and event stream with `error`, and every later command too.
    func fail(with error: BiDiError) {
        let (pending, subscribers, closedError): ([Pending], [Subscriber], BiDiError) = state.withLock { state in
            if state.closedError == nil { state.closedError = error }
            defer {
                state.pending.removeAll()
                state.subscribers.removeAll()
                state.observers.removeAll()
                state.watchdog?.cancel()
                state.watchdog = nil
                state.watchdogDeadline = nil
            }
            return (Array(state.pending.values), Array(state.subscribers.values), state.closedError ?? error)
        }
        for call in pending { call.resume(.failure(closedError)) }
        for subscriber in subscribers { subscriber.continuation.finish(throwing: closedError) }
    }

    // MARK: - Inbound

    private func receive(_ message: InboundMessage) {
        switch message {
        case .oversized(_, let size):
            // Its id cannot be trusted from a prefix; the command it answers times out.
            report(.malformedMessage(reason: "a message of \(size) bytes, over the transport's limit"))
        case .data(let data):
            guard let header = try? JSONDecoder().decode(MessageHeader.self, from: data) else {
                report(.malformedMessage(reason: "not a JSON object: " + String(decoding: data.prefix(200), as: UTF8.self)))
                return
            }
            switch header.type {
            case "success":
                if let id = header.id { complete(id, with: .success(data)) }
            case "error":
                let code = BiDiErrorCode(rawValue: header.error ?? "unknown error")
                guard let id = header.id else {
                    report(.malformedMessage(reason: "an error for no command: \(code.rawValue) \(header.message ?? "")"))
                    return
                }
                let method = state.withLock { $0.pending[id]?.method } ?? "command \(id)"
                complete(id, with: .failure(BiDiError.commandFailed(
                    method: method, error: code, message: header.message ?? "", stacktrace: header.stacktrace)))
            case "event":
                if let method = header.method { dispatch(BiDiEventMessage(method: method, json: data)) }
            default:
                report(.malformedMessage(reason: "a message of type \(header.type ?? "none")"))
            }
        }
    }

    /// Something that answers no command: kept as the last problem seen, for diagnostics.
    private func report(_ problem: BiDiError) {
        lastProblem.withLock { $0 = problem }
    }

    private let lastProblem = Mutex<BiDiError?>(nil)

    /// The last message the connection could not use (a malformed message, an error for no
    /// command), for diagnostics; `nil` if there was none.
    public var lastIgnoredMessage: BiDiError? { lastProblem.withLock { $0 } }

    private func dispatch(_ event: BiDiEventMessage) {
        let (streams, handlers) = state.withLock { state in
            (state.subscribers.values.filter { $0.methods?.contains(event.method) ?? true }.map(\.continuation),
             state.observers.values.filter { $0.methods?.contains(event.method) ?? true }.map(\.handler))
        }
        for handler in handlers { handler(event) }
        for continuation in streams { continuation.yield(event) }
    }

    private func complete(_ id: Int, with result: Result<Data, any Error>) {
        guard let call = state.withLock({ $0.pending.removeValue(forKey: id) }) else { return }
        call.resume(result)
    }

    // MARK: - Time limits

    // One watchdog task sleeps until the earliest deadline of any pending command (commands
    // mostly share one limit, so a new command rarely re-arms it).

    private func armWatchdog(for deadline: ContinuousClock.Instant, in state: inout State) {
        if let armed = state.watchdogDeadline, armed <= deadline { return }
        state.watchdog?.cancel()
        state.watchdogDeadline = deadline
        state.watchdog = Task { [weak self] in
            do { try await Task.sleep(until: deadline, clock: .continuous) } catch { return }
            self?.expireOverdueCommands()
        }
    }

    private func expireOverdueCommands() {
        let now = ContinuousClock.now
        let overdue: [Pending] = state.withLock { state in
            state.watchdog = nil
            state.watchdogDeadline = nil
            let expired = state.pending.filter { $0.value.deadline <= now }
            for id in expired.keys { state.pending.removeValue(forKey: id) }
            if let next = state.pending.values.map(\.deadline).min() { armWatchdog(for: next, in: &state) }
            return Array(expired.values)
        }
        for call in overdue { call.resume(.failure(BiDiError.timeout(method: call.method, after: call.timeout))) }
    }
}

/// An observation made by ``BiDiConnection/observeEvents(_:_:)``: the handler is called until
/// ``cancel()`` or until this is released.
public final class BiDiObservation: Sendable {
    private let stop: Mutex<(@Sendable () -> Void)?>

    init(stop: @escaping @Sendable () -> Void) { self.stop = Mutex(stop) }

    /// Stops calling the handler.
    public func cancel() {
        stop.withLock { stop in
            defer { stop = nil }
            return stop
        }?()
    }

    deinit { cancel() }
}
