import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request does not arrive whole within a deadline.
///
/// The clock starts when the handler is added (the connection opens) and again when a
/// response has been sent in full, and stops when a request's end arrives: a client that
/// trickles its headers or body one byte at a time is cut off at the deadline, while a slow
/// *response* (a long computation, a server-sent event stream) is never timed by it.
final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let deadline: TimeAmount
    private var timer: Scheduled<Void>?

    init(deadline: TimeAmount) {
        self.deadline = deadline
    }

    func handlerAdded(context: ChannelHandlerContext) {
        start(context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) { stop() }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            // The next request's clock starts once this response has gone out.
            let written = promise ?? context.eventLoop.makePromise()
            written.futureResult.assumeIsolated().whenSuccess {
                guard context.channel.isActive else { return }
                self.start(context: context)
            }
            context.write(data, promise: written)
        } else {
            context.write(data, promise: promise)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    private func start(context: ChannelHandlerContext) {
        stop()
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: deadline) {
            channel.close(promise: nil)
        }
    }

    private func stop() {
        timer?.cancel()
        timer = nil
    }
}
