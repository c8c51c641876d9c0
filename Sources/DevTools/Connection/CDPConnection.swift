public import Foundation
public import Logging
import Synchronization

/// One connection to a browser: correlates requests with replies, fans events out to
/// subscribers, and fails everything at once when the browser goes away.
///
/// Every call has a timeout (``defaultTimeout`` unless given), honours task cancellation,
/// and fails with a ``DevToolsError``. Flat sessions (`Target.attachToTarget` with
/// `flatten: true`) share this connection; ``session(_:)`` addresses one.
public final class CDPConnection: Sendable {
    /// The timeout of calls that name none.
    public let defaultTimeout: Duration
    private let transport: any CDPTransport
    private let maxMessageSize: Int
    private let closeReason: @Sendable ((any Error)?) -> DevToolsError
    private let logger: Logger
    private let state = Mutex(State())

    private struct State {
        var nextID = 1
        var pending: [Int: Pending] = [:]
        var nextSubscriberID = 0
        var subscribers: [Int: Subscriber] = [:]
        /// Handlers called on the reading thread as each event arrives (``observeEvents(_:_:)``).
        var observers: [Int: Observer] = [:]
        var closedError: DevToolsError?
        /// Sessions whose page crashed: their calls fail at once instead of timing out.
        var crashedSessions: Set<String> = []
        /// The deadline the watchdog task sleeps until, if one is running.
        var watchdogDeadline: ContinuousClock.Instant?
        var watchdog: Task<Void, Never>?
    }

    private struct Pending {
        let method: String
        let sessionId: String?
        let timeout: Duration
        let deadline: ContinuousClock.Instant
        /// Called once with the reply or the failure (a call's continuation, or one part of a
        /// pipelined batch).
        let resume: @Sendable (Result<Data, any Error>) -> Void
    }

    private struct Subscriber {
        let filter: EventFilter
        let continuation: AsyncThrowingStream<CDPEventMessage, any Error>.Continuation
    }

    private struct Observer {
        let filter: EventFilter
        let handler: @Sendable (CDPEventMessage) -> Void
    }

    /// Starts reading from `transport`.
    /// - Parameters:
    ///   - transport: the connection to the browser; the connection owns it from now on.
    ///   - defaultTimeout: the timeout of calls that name none.
    ///   - maxMessageSize: the size limit the transport enforces, for error messages.
    ///   - logger: where messages the connection ignores are reported, as warnings.
    ///   - closeReason: turns the transport's close reason into the error that pending and
    ///     later calls fail with (a launched browser reports its exit status here). It runs
    ///     on the transport's thread and may block briefly.
    public init(
        transport: any CDPTransport,
        defaultTimeout: Duration = .seconds(30),
        maxMessageSize: Int = 256 << 20,
        logger: Logger = Logger(label: "DevTools"),
        closeReason: @escaping @Sendable ((any Error)?) -> DevToolsError = CDPConnection.describeClose
    ) {
        self.transport = transport
        self.defaultTimeout = defaultTimeout
        self.maxMessageSize = maxMessageSize
        self.closeReason = closeReason
        self.logger = logger
        transport.start(
            onMessage: { [weak self] message in self?.receive(message) },
            onClose: { [weak self] error in
                guard let self else { return }
                self.fail(with: self.closeReason(error))
            })
    }

    /// The default close reason: a deliberate close, or what the transport said.
    public static func describeClose(_ error: (any Error)?) -> DevToolsError {
        switch error {
        case nil: return .connectionClosed(reason: "closed by this process")
        case let error as DevToolsError: return error
        case let error?: return .connectionClosed(reason: String(describing: error))
        }
    }

    /// The error every call fails with, once the connection is closed; `nil` while open.
    public var closedError: DevToolsError? { state.withLock { $0.closedError } }

    /// A handle on a flat session of this connection (`nil`: the browser itself).
    public func session(_ id: String?) -> CDPSession { CDPSession(connection: self, id: id) }

    /// Sends `command` and waits for its typed reply.
    /// - Parameters:
    ///   - command: the command and its parameters.
    ///   - sessionId: the flat session to send it on; `nil` for the browser.
    ///   - timeout: how long to wait for the reply; ``defaultTimeout`` if `nil`.
    public func send<Command: CDPCommand>(
        _ command: Command, sessionId: String? = nil, timeout: Duration? = nil
    ) async throws -> Command.Response {
        try Self.decode(try await call(Command.method, params: command, sessionId: sessionId, timeout: timeout), as: Command.self)
    }

    /// Sends `first`, then `second` right behind it (no round trip in between: the browser
    /// runs a session's commands in order, so `second` sees what `first` did) and returns both
    /// replies; the second's failure is its own, and does not hide the first's reply.
    public func send<First: CDPCommand, Second: CDPCommand>(
        _ first: First, then second: Second, sessionId: String? = nil, timeout: Duration? = nil
    ) async throws -> (First.Response, Result<Second.Response, any Error>) {
        let replies = await callInOrder([first, second], sessionId: sessionId, timeout: timeout)
        let firstReply = try Self.decode(try replies[0].get(), as: First.self)
        return (firstReply, Result { try Self.decode(try replies[1].get(), as: Second.self) })
    }

    /// Sends `first`, then `second` and `third` right behind it, in order (as with one command
    /// behind), and returns the three replies; the later two's failures are their own.
    public func send<First: CDPCommand, Second: CDPCommand, Third: CDPCommand>(
        _ first: First, then second: Second, _ third: Third, sessionId: String? = nil, timeout: Duration? = nil
    ) async throws -> (First.Response, Result<Second.Response, any Error>, Result<Third.Response, any Error>) {
        let replies = await callInOrder([first, second, third], sessionId: sessionId, timeout: timeout)
        let firstReply = try Self.decode(try replies[0].get(), as: First.self)
        return (firstReply, Result { try Self.decode(try replies[1].get(), as: Second.self) },
                Result { try Self.decode(try replies[2].get(), as: Third.self) })
    }

    /// The typed result of a reply to a `Command`.
    private static func decode<Command: CDPCommand>(_ reply: Data, as: Command.Type) throws -> Command.Response {
        if Command.Response.self == CDP.Empty.self { return CDP.Empty() as! Command.Response }
        do {
            return try Command.result(ofReply: reply)
        } catch {
            throw DevToolsError.unexpectedResponse(method: Command.method, reason: String(describing: error))
        }
    }

    /// Sends any method with any encodable parameters and returns the whole reply message.
    /// For methods that have no typed command yet.
    public func call(
        _ method: String, params: some Encodable & Sendable, sessionId: String? = nil, timeout: Duration? = nil
    ) async throws -> Data {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        let message: Data
        do {
            message = try JSONEncoder().encode(RequestEnvelope(id: id, method: method, params: params, sessionId: sessionId))
        } catch {
            throw DevToolsError.unexpectedResponse(method: method, reason: "parameters could not be encoded: \(error)")
        }
        let limit = timeout ?? defaultTimeout
        let deadline = ContinuousClock.now.advanced(by: limit)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let closed: DevToolsError? = state.withLock { state in
                    if let closed = state.closedError { return closed }
                    if let sessionId, state.crashedSessions.contains(sessionId) { return .targetCrashed(method: method) }
                    let started = CallTrace.start()
                    state.pending[id] = Pending(
                        method: method, sessionId: sessionId, timeout: limit, deadline: deadline,
                        resume: { result in
                            CallTrace.finish(method, started: started, result: result)
                            continuation.resume(with: result)
                        })
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
                    // A write fails when the peer is gone; the transport's close follows at
                    // once and fails this call with the real reason (say, the exit status).
                    if let closed = closedError { complete(id, with: .failure(closed)) }
                }
            }
        } onCancel: {
            complete(id, with: .failure(CancellationError()))
        }
    }

    /// Sends `commands` in this order without waiting for a reply in between, then waits
    /// until every one is answered: one round trip's latency for the lot. The browser handles
    /// a session's commands in the order they arrive (input events are dispatched in that
    /// order too), so this is `send` in a loop, minus the waiting. The replies are not
    /// returned; the first failure (a protocol error, the timeout, the connection closing)
    /// is thrown, and the remaining replies are dropped as they come.
    public func sendPipelined(_ commands: [any CDPCommand], sessionId: String? = nil, timeout: Duration? = nil) async throws {
        guard !commands.isEmpty else { return }
        let ids = reserveIDs(commands.count)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let batch = PipelinedBatch(count: commands.count, continuation: continuation)
                dispatchInOrder(commands, ids: ids, sessionId: sessionId, timeout: timeout) { _, result in batch.finish(result) }
            }
        } onCancel: {
            for id in ids { complete(id, with: .failure(CancellationError())) }
        }
    }

    /// Sends `commands` in this order without waiting in between (as ``sendPipelined(_:sessionId:timeout:)``)
    /// and returns every reply, each its own success or failure: a later command that reads
    /// what an earlier one set up (a handle on a node the first found) costs no round trip of
    /// its own, and its failure does not hide the earlier replies.
    public func callInOrder(_ commands: [any CDPCommand], sessionId: String? = nil, timeout: Duration? = nil) async -> [Result<Data, any Error>] {
        guard !commands.isEmpty else { return [] }
        let ids = reserveIDs(commands.count)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let replies = OrderedReplies(count: commands.count, continuation: continuation)
                dispatchInOrder(commands, ids: ids, sessionId: sessionId, timeout: timeout) { index, result in replies.finish(index, result) }
            }
        } onCancel: {
            for id in ids { complete(id, with: .failure(CancellationError())) }
        }
    }

    /// `count` consecutive message ids of this connection's.
    private func reserveIDs(_ count: Int) -> [Int] {
        let first = state.withLock { state in
            defer { state.nextID += count }
            return state.nextID
        }
        return Array(first..<(first + count))
    }

    /// Registers a pending call per command under `ids`, then writes them in order; `reply`
    /// gets each command's index and result exactly once (a failure to encode, a closed
    /// connection, a timeout and cancellation included).
    private func dispatchInOrder(_ commands: [any CDPCommand], ids: [Int], sessionId: String?, timeout: Duration?,
                                 reply: @escaping @Sendable (Int, Result<Data, any Error>) -> Void) {
        var messages: [(id: Int, method: String, data: Data)] = []
        for (command, id) in zip(commands, ids) {
            let method = type(of: command).method
            do {
                messages.append((id, method, try Self.encode(command, id: id, sessionId: sessionId)))
            } catch {
                let failure = DevToolsError.unexpectedResponse(method: method, reason: "parameters could not be encoded: \(error)")
                for index in commands.indices { reply(index, .failure(failure)) }
                return
            }
        }
        let limit = timeout ?? defaultTimeout
        let deadline = ContinuousClock.now.advanced(by: limit)
        let closed: DevToolsError? = state.withLock { state in
            if let closed = state.closedError { return closed }
            if let sessionId, state.crashedSessions.contains(sessionId) { return .targetCrashed(method: messages[0].method) }
            let started = CallTrace.start()
            for (index, message) in messages.enumerated() {
                state.pending[message.id] = Pending(
                    method: message.method, sessionId: sessionId, timeout: limit, deadline: deadline,
                    resume: { result in
                        CallTrace.finish(message.method, started: started, result: result)
                        reply(index, result)
                    })
            }
            armWatchdog(for: deadline, in: &state)
            return nil
        }
        if let closed {
            for index in messages.indices { reply(index, .failure(closed)) }
            return
        }
        if Task.isCancelled {
            for id in ids { complete(id, with: .failure(CancellationError())) }
            return
        }
        for message in messages {
            do {
                try transport.send(message.data)
            } catch {
                if let closed = closedError { for id in ids { complete(id, with: .failure(closed)) } }
                return
            }
        }
    }

    private static func encode<Command: CDPCommand>(_ command: Command, id: Int, sessionId: String?) throws -> Data {
        try JSONEncoder().encode(RequestEnvelope(id: id, method: Command.method, params: command, sessionId: sessionId))
    }

    /// Events on the given sessions, optionally only the named methods, in arrival order.
    /// The stream ends with the connection's error when the connection closes; stop
    /// iterating (or drop the stream) to unsubscribe. Buffering is unbounded: iterate it.
    public func events(_ filter: EventFilter = .all) -> AsyncThrowingStream<CDPEventMessage, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: CDPEventMessage.self)
        let closed: DevToolsError? = state.withLock { state in
            if let closed = state.closedError { return closed }
            let id = state.nextSubscriberID
            state.nextSubscriberID += 1
            state.subscribers[id] = Subscriber(filter: filter, continuation: continuation)
            continuation.onTermination = { [weak self] _ in
                _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
            }
            return nil
        }
        if let closed { continuation.finish(throwing: closed) }
        return stream
    }

    /// Calls `handler` with every event `filter` lets through, on the thread that reads the
    /// connection, before any message that arrives after it is handled: once a reply is in,
    /// the handler has seen every event the browser sent before that reply. It must be quick
    /// and must not block (record the event and return). It is called until the observation
    /// is cancelled or released, or the connection closes.
    public func observeEvents(_ filter: EventFilter, _ handler: @escaping @Sendable (CDPEventMessage) -> Void) -> EventObservation {
        let id = state.withLock { state in
            defer { state.nextSubscriberID += 1 }
            if state.closedError == nil { state.observers[state.nextSubscriberID] = Observer(filter: filter, handler: handler) }
            return state.nextSubscriberID
        }
        return EventObservation { [weak self] in _ = self?.state.withLock { $0.observers.removeValue(forKey: id) } }
    }

    /// Closes the transport. Pending calls fail with ``DevToolsError/connectionClosed(reason:)``.
    public func close() {
        transport.close()
    }

    /// Fails every pending call and event stream with `error`, and every later call too.
    public func fail(with error: DevToolsError) {
        let (pending, subscribers): ([Pending], [Subscriber]) = state.withLock { state in
            if state.closedError == nil { state.closedError = error }
            defer {
                state.pending.removeAll()
                state.subscribers.removeAll()
                state.observers.removeAll()
                state.watchdog?.cancel()
                state.watchdog = nil
                state.watchdogDeadline = nil
            }
            return (Array(state.pending.values), Array(state.subscribers.values))
        }
        let closedError = self.closedError ?? error
        for call in pending { call.resume(.failure(closedError)) }
        for subscriber in subscribers { subscriber.continuation.finish(throwing: closedError) }
    }

    // MARK: - Inbound

    private func receive(_ message: InboundMessage) {
        switch message {
        case .oversized(let prefix, let size):
            reportUnreadable(prefix) { method in .oversizedMessage(method: method, size: size, limit: maxMessageSize) }
        case .data(let data):
            let envelope = Envelope.scan(data)
            if let envelope, let id = envelope.id, !envelope.hasError {
                complete(id, with: .success(data))
                return
            }
            // Errors, and anything the fast scan was unsure of, take the full decoder.
            guard envelope?.hasError == false, let envelope,
                  let method = envelope.method else { return receiveSlowly(data) }
            dispatch(CDPEventMessage(method: method, sessionId: envelope.sessionId, json: data))
        }
    }

    private func receiveSlowly(_ data: Data) {
        guard let header = try? JSONDecoder().decode(MessageHeader.self, from: data) else {
            reportUnreadable(data) { method in .malformedMessage(method: method, reason: "not a JSON object") }
            return
        }
        if let id = header.id {
            if let error = header.error {
                let method = state.withLock { $0.pending[id]?.method } ?? "call \(id)"
                complete(id, with: .failure(DevToolsError.protocolError(
                    method: method, code: error.code, message: error.message, data: error.data)))
            } else {
                complete(id, with: .success(data))
            }
        } else if let method = header.method {
            dispatch(CDPEventMessage(method: method, sessionId: header.sessionId, json: data))
        } else {
            logger.warning("DevTools: ignored a message with neither id nor method")
        }
    }

    /// A message that cannot be decoded fails the call it answers, when its id can be found.
    private func reportUnreadable(_ bytes: Data, error: (String?) -> DevToolsError) {
        if let id = sniffMessageID(bytes), let method = state.withLock({ $0.pending[id]?.method }) {
            complete(id, with: .failure(error(method)))
        } else {
            logger.warning("DevTools: \(error(nil).description)")
        }
    }

    private func dispatch(_ event: CDPEventMessage) {
        CallTrace.event(event.method)
        if event.method == "Inspector.targetCrashed", let sessionId = event.sessionId { sessionCrashed(sessionId) }
        let (targets, handlers) = state.withLock { state in
            (state.subscribers.values.filter { $0.filter.matches(event) }.map(\.continuation),
             state.observers.isEmpty ? [] : state.observers.values.filter { $0.filter.matches(event) }.map(\.handler))
        }
        for handler in handlers { handler(event) }
        for continuation in targets { continuation.yield(event) }
    }

    /// A crashed page answers nothing more: its pending calls fail now, and so will later ones.
    private func sessionCrashed(_ sessionId: String) {
        let orphaned: [Pending] = state.withLock { state in
            state.crashedSessions.insert(sessionId)
            let ids = state.pending.filter { $0.value.sessionId == sessionId }.map(\.key)
            return ids.compactMap { state.pending.removeValue(forKey: $0) }
        }
        for call in orphaned { call.resume(.failure(DevToolsError.targetCrashed(method: call.method))) }
    }

    // MARK: - Completion

    private func complete(_ id: Int, with result: Result<Data, any Error>) {
        guard let call = state.withLock({ $0.pending.removeValue(forKey: id) }) else { return }
        call.resume(result)
    }

    // MARK: - Timeouts

    // One watchdog task per connection sleeps until the earliest deadline of any pending
    // call, instead of a timer per call: calls usually share one timeout, so a new call's
    // deadline is later than the armed one and costs nothing on the round-trip path.

    private func armWatchdog(for deadline: ContinuousClock.Instant, in state: inout State) {
        if let armed = state.watchdogDeadline, armed <= deadline { return }
        state.watchdog?.cancel()
        state.watchdogDeadline = deadline
        state.watchdog = Task { [weak self] in
            do { try await Task.sleep(until: deadline, clock: .continuous) } catch { return }
            self?.expireOverdueCalls()
        }
    }

    private func expireOverdueCalls() {
        let now = ContinuousClock.now
        let overdue: [Pending] = state.withLock { state in
            state.watchdog = nil
            state.watchdogDeadline = nil
            let expired = state.pending.filter { $0.value.deadline <= now }
            for id in expired.keys { state.pending.removeValue(forKey: id) }
            if let next = state.pending.values.map(\.deadline).min() { armWatchdog(for: next, in: &state) }
            return Array(expired.values)
        }
        for call in overdue {
            call.resume(.failure(DevToolsError.timeout(method: call.method, after: call.timeout)))
        }
    }
}

/// An observation made by ``CDPConnection/observeEvents(_:_:)``: the handler is called until
/// ``cancel()`` or until this is released.
public final class EventObservation: Sendable {
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

/// Which events a subscriber receives.
public struct EventFilter: Sendable {
    /// The session to listen to: `.some(nil)` is the browser itself, `nil` is every session.
    public var sessionId: String??
    /// The event names to receive; `nil` for all.
    public var methods: Set<String>?

    /// Every event on every session.
    public static let all = EventFilter(sessionId: nil, methods: nil)

    /// Events of one session (`nil`: the browser), optionally only the named ones.
    public static func session(_ id: String?, methods: Set<String>? = nil) -> EventFilter {
        EventFilter(sessionId: .some(id), methods: methods)
    }

    func matches(_ event: CDPEventMessage) -> Bool {
        if let sessionId, sessionId != event.sessionId { return false }
        if let methods, !methods.contains(event.method) { return false }
        return true
    }
}

/// The replies of one ``CDPConnection/sendPipelined(_:sessionId:timeout:)``: resumes its
/// caller once, when the last reply is in or at the first failure.
private final class PipelinedBatch: Sendable {
    private let state: Mutex<(remaining: Int, continuation: CheckedContinuation<Void, any Error>?)>

    init(count: Int, continuation: CheckedContinuation<Void, any Error>) {
        state = Mutex((count, continuation))
    }

    func finish(_ result: Result<Data, any Error>) {
        let resume: (CheckedContinuation<Void, any Error>, (any Error)?)? = state.withLock { state in
            guard let continuation = state.continuation else { return nil }
            state.remaining -= 1
            switch result {
            case .failure(let error):
                state.continuation = nil
                return (continuation, error)
            case .success:
                guard state.remaining == 0 else { return nil }
                state.continuation = nil
                return (continuation, nil)
            }
        }
        guard let (continuation, error) = resume else { return }
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }
}

/// The replies of ``CDPConnection/callInOrder(_:sessionId:timeout:)``: resumes once every
/// command has its result.
private final class OrderedReplies: Sendable {
    private let state: Mutex<(results: [Result<Data, any Error>?], remaining: Int, continuation: CheckedContinuation<[Result<Data, any Error>], Never>?)>

    init(count: Int, continuation: CheckedContinuation<[Result<Data, any Error>], Never>) {
        state = Mutex((Array(repeating: nil, count: count), count, continuation))
    }

    func finish(_ index: Int, _ result: Result<Data, any Error>) {
        let done: (CheckedContinuation<[Result<Data, any Error>], Never>, [Result<Data, any Error>])? = state.withLock { state in
            guard state.results[index] == nil, let continuation = state.continuation else { return nil }
            state.results[index] = result
            state.remaining -= 1
            guard state.remaining == 0 else { return nil }
            state.continuation = nil
            return (continuation, state.results.map { $0! })
        }
        if let (continuation, results) = done { continuation.resume(returning: results) }
    }
}
