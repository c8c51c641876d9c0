#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
public import Hummingbird
public import HummingbirdCore
import NIOCore

/// The limits every HTTP server of the lab runs with, so that one local client cannot starve
/// the others or take the process down: a cap on open connections kept well below the
/// process's file-descriptor limit (further clients wait in the listen backlog until one
/// closes), a deadline for receiving a whole request (headers and body), and an idle timeout
/// between requests.
public struct ServerLimits: Sendable, Equatable {
    /// At most this many connections are open at once; the server stops accepting until one
    /// closes. Default: half the process's open-file limit, between 64 and 4,096.
    public var maxConnections: Int
    /// A request's head and body must arrive within this time from when the server starts
    /// waiting for it (the connection opening, the previous answer gone out in full) or, when
    /// pipelined behind answers still going out, from its head being read; else the connection
    /// is closed. Answers are never timed by it. Default 10 s.
    public var requestTimeout: Duration
    /// A connection waiting for a request with nothing read for this long is closed, and so is
    /// one whose answer has had no byte reach the socket for this long. Default 30 s.
    public var idleTimeout: Duration
    /// Connections the kernel may hold waiting to be accepted. Default 1,024.
    public var backlog: Int
    /// The kernel send buffer of each connection (`SO_SNDBUF`, which Linux doubles for its own
    /// bookkeeping), in bytes. Default 256 KiB. Left to itself, Linux grows a connection's send
    /// buffer up to `net.ipv4.tcp_wmem`'s maximum (4 MiB here) even for a client that reads
    /// nothing, so every connection could park megabytes of an answer in kernel memory; 256 KiB
    /// still fills a loopback or LAN link.
    public var sendBuffer: Int

    public init(maxConnections: Int = ServerLimits.defaultMaxConnections, requestTimeout: Duration = .seconds(10),
                idleTimeout: Duration = .seconds(30), backlog: Int = 1_024, sendBuffer: Int = 256 * 1024) {
        self.maxConnections = maxConnections
        self.requestTimeout = requestTimeout
        self.idleTimeout = idleTimeout
        self.backlog = backlog
        self.sendBuffer = sendBuffer
    }

    /// Half the soft open-file limit (every connection is one descriptor; the rest stay for
    /// the database, logs and the process itself), clamped to 64…4,096.
    public static var defaultMaxConnections: Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 256 }
        let soft = Int(clamping: limit.rlim_cur)  // RLIM_INFINITY clamps to Int.max
        return min(4_096, max(64, soft / 2))
    }

    /// Raises this process's soft open-file limit to its hard limit (at most `ceiling`), as
    /// servers commonly do at start: Debian's default soft limit of 1,024 would otherwise cap
    /// the connections at 512 while the hard limit allows far more. Never lowers it; returns
    /// the soft limit in force afterwards.
    @discardableResult
    public static func raiseOpenFileLimit(ceiling: Int = 65_536) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        let wanted = min(limit.rlim_max, rlim_t(ceiling))
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// The HTTP/1 server with the connection clocks of `RequestDeadlineHandler`: the request
    /// deadline (per request), the idle timeout between requests and the write-progress timeout
    /// (both ``idleTimeout``); and `ClientAddressHandler`, which tells routes the peer address
    /// (``StreamLimiter``); and the ``sendBuffer`` size. Hummingbird's own idle timer is off: it
    /// runs from when an answer is queued, not from the last byte that went out.
    public var http1: HTTPServerBuilder {
        let requestTimeout = TimeAmount(self.requestTimeout), idleTimeout = TimeAmount(self.idleTimeout)
        return .http1(configuration: .init(
            additionalChannelHandlers: [
                SendBufferHandler(bytes: sendBuffer),
                RequestDeadlineHandler(requestTimeout: requestTimeout, idleTimeout: idleTimeout), ClientAddressHandler(),
            ],
            idleTimeout: nil))
    }

    /// The application configuration for `address`, with the connection cap and backlog.
    public func configuration(address: BindAddress, serverName: String? = nil) -> ApplicationConfiguration {
        ApplicationConfiguration(
            address: address, serverName: serverName, backlog: backlog,
            availableConnectionsDelegate: MaximumAvailableConnections(maxConnections))
    }
}

/// Sets the connection's kernel send buffer (``ServerLimits/sendBuffer``) when it is set up.
final class SendBufferHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let bytes: Int

    init(bytes: Int) { self.bytes = bytes }

    func handlerAdded(context: ChannelHandlerContext) {
        // Best effort: a socket that refuses the size keeps the kernel's.
        try? context.channel.syncOptions?.setOption(ChannelOptions.socketOption(.so_sndbuf), value: SocketOptionValue(clamping: bytes))
    }
}
