public import Hummingbird
public import Logging
import NIOCore
public import ServerDefenses
public import ServiceLifecycle

/// Runs the Messages API on its own: a Hummingbird application whose router holds only
/// ``MessagesAPI``'s routes, with JSON error envelopes for every path (404s included).
///
/// A swift-service-lifecycle `Service`: run it in a `ServiceGroup` (it shuts down gracefully
/// when the group does), or call ``runUntilSignalled()``. `lab messages-api` uses the latter;
/// tests use a group with port 0.
public struct MessagesServer: Service {
    /// The API to serve.
    public let api: MessagesAPI
    /// The address to bind. Loopback by default: the lab is not meant to be reachable from elsewhere.
    public let host: String
    /// The port to bind; 0 picks a free one (reported to `onServerRunning`).
    public let port: Int
    /// Connection cap, request deadline, idle timeout.
    public let limits: ServerLimits
    /// The host names answered and the cross-site check.
    public let policy: SameOriginPolicy
    private let logger: Logger
    private let onServerRunning: @Sendable (Int) async -> Void
    private let eventLoopGroup: (any EventLoopGroup)?

    /// Creates a server for `api` on `host:port`; `onServerRunning` is called with the bound
    /// port once the socket is listening. It serves on `eventLoopGroup` when one is given (a
    /// test that holds the server's event loop), else on NIO's shared group.
    public init(
        api: MessagesAPI, host: String = "127.0.0.1", port: Int = 8080, limits: ServerLimits = ServerLimits(),
        policy: SameOriginPolicy? = nil, logger: Logger = Logger(label: "messages-api"), eventLoopGroup: (any EventLoopGroup)? = nil,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) {
        self.eventLoopGroup = eventLoopGroup
        self.api = api
        self.host = host
        self.port = port
        self.limits = limits
        self.policy = policy ?? SameOriginPolicy(bindHost: host)
        self.logger = logger
        self.onServerRunning = onServerRunning
    }

    /// The Hummingbird application serving the API.
    public func makeApplication() -> some ApplicationProtocol {
        let router = Router(context: LabRequestContext.self)
        router.add(middleware: MessagesErrorMiddleware(logger: logger))
        router.add(middleware: SameOriginMiddleware(policy: policy))  // inside the envelope: refusals are JSON too
        api.addRoutes(to: router, errorEnvelope: false)  // the router-wide middleware covers them
        let onServerRunning = self.onServerRunning
        return Application(
            router: router,
            // A connection cap below the descriptor limit, a deadline for a whole request and an
            // idle timeout: slow or numerous clients can neither starve others nor exhaust the
            // process, and a graceful shutdown never waits forever on a stalled upload.
            server: limits.http1,
            configuration: limits.configuration(address: .hostname(host, port: port)),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            eventLoopGroupProvider: eventLoopGroup.map { .shared($0) } ?? .singleton,
            logger: logger
        )
    }

    /// Serves until the enclosing `ServiceGroup` shuts down gracefully (in-flight requests finish).
    public func run() async throws {
        try await makeApplication().run()
    }

    /// Serves until SIGINT or SIGTERM, then stops accepting connections, lets requests in
    /// flight finish within ``BoundedShutdown/gracePeriod`` (then cuts them), and returns.
    public func runUntilSignalled() async throws {
        try await BoundedShutdown.runUntilSignalled(makeApplication(), logger: logger)
    }
}
