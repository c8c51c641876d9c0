import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Every clock of a connection, in one handler: the request deadline, the idle timeout and the
/// write-progress timeout. (Hummingbird's own idle timer is not used: it runs from when an
/// answer is *queued*, so it cut an honest slow reader off in the middle of a big answer.)
///
/// - **Request deadline** (per request, not per connection): a request must arrive whole within
///   `requestTimeout` of the moment the server starts waiting for it — the connection opening,
///   or the previous answer having gone out in full — or, for a request pipelined behind answers
///   still being sent, of its head being read. A request is never timed while it waits behind
///   another answer or while its own answer is computed or streamed.
/// - **Idle**: a connection waiting for its next request with nothing read for `idleTimeout`
///   is closed.
/// - **Write progress**: while bytes of an answer wait to go out, the connection is closed if
///   none has reached the socket for `idleTimeout` (a reader at any steady speed is never cut;
///   a client that stopped reading is). An answer being computed, or an event stream between
///   events, writes nothing and is not timed; streams send heartbeats, so a dead client of a
///   stream is found by this clock.
/// - **Shutting down** (`ChannelShouldQuiesceEvent`): the write-progress clock shrinks to
///   `shutdownGrace`, so a stalled reader cannot hold a graceful shutdown.
final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let requestTimeout: TimeAmount
    private let idleTimeout: TimeAmount
    private let shutdownGrace: TimeAmount

    /// A request head has been read, its end not yet.
    private var reading = false
    /// Requests whose head has been read and whose answer's end has not yet gone out.
    private var unanswered = 0
    /// When the request now being waited for (or read) started to be timed; `nil` when none is.
    private var requestClockStart: NIODeadline?
    /// The last read from the client.
    private var lastRead: NIODeadline = .now()
    /// Writes passed down whose bytes have not yet reached the socket.
    private var pendingWrites = 0
    /// The last write that reached the socket (or the first write queued after none was pending).
    private var lastWriteProgress: NIODeadline = .now()
    private var quiescing = false
    private var timer: Scheduled<Void>?

    init(requestTimeout: TimeAmount, idleTimeout: TimeAmount, shutdownGrace: TimeAmount = .seconds(2)) {
        self.requestTimeout = requestTimeout
        self.idleTimeout = idleTimeout
        self.shutdownGrace = shutdownGrace
    }

    func handlerAdded(context: ChannelHandlerContext) {
        requestClockStart = .now()
        lastRead = .now()
        rearm(context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        lastRead = .now()
        switch unwrapInboundIn(data) {
        case .head:
            reading = true
            unanswered += 1
            // Waiting for it already (nothing else in flight): its clock runs since then.
            // Pipelined behind answers still going out: timed from now, when it is read.
            if requestClockStart == nil { requestClockStart = .now() }
        case .body:
            break
        case .end:
            reading = false
            requestClockStart = nil
        }
        rearm(context: context)
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let isEnd: Bool
        if case .end = unwrapOutboundIn(data) { isEnd = true } else { isEnd = false }
        if pendingWrites == 0 { lastWriteProgress = .now() }
        pendingWrites += 1
        let written = promise ?? context.eventLoop.makePromise()
        written.futureResult.assumeIsolated().whenComplete { result in
            self.pendingWrites -= 1
            self.lastWriteProgress = .now()
            if isEnd, case .success = result {
                self.unanswered = max(0, self.unanswered - 1)
                // Every answer out and no request begun: the next one is waited for from now.
                if self.unanswered == 0, !self.reading { self.requestClockStart = .now() }
            }
            if context.channel.isActive { self.rearm(context: context) }
        }
        context.write(data, promise: written)
        rearm(context: context)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            quiescing = true
            rearm(context: context)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    /// The earliest deadline that applies now, or `nil` when none does (an answer being
    /// computed or a stream between events: the server is the one that is slow).
    private func nextDeadline() -> NIODeadline? {
        var deadlines: [NIODeadline] = []
        if let start = requestClockStart { deadlines.append(start + requestTimeout) }
        if unanswered == 0 && !reading { deadlines.append(lastRead + idleTimeout) }
        if pendingWrites > 0 { deadlines.append(lastWriteProgress + (quiescing ? min(shutdownGrace, idleTimeout) : idleTimeout)) }
        return deadlines.min()
    }

    private func rearm(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        guard let deadline = nextDeadline() else { return }
        let channel = context.channel
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) {
            self.timer = nil
            // Re-check: progress may have moved the deadline since this was scheduled.
            if let now = self.nextDeadline(), now <= .now() {
                channel.close(promise: nil)
            } else if channel.isActive {
                self.rearm(context: context)
            }
        }
    }
}
