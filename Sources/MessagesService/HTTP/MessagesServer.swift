import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

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
    private let logger: Logger
    private let onServerRunning: @Sendable (Int) async -> Void

    /// Creates a server for `api` on `host:port`; `onServerRunning` is called with the bound
    /// port once the socket is listening.
    public init(
        api: MessagesAPI, host: String = "127.0.0.1", port: Int = 8080, logger: Logger = Logger(label: "messages-api"),
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) {
        self.api = api
        self.host = host
        self.port = port
        self.logger = logger
        self.onServerRunning = onServerRunning
    }

    /// The Hummingbird application serving the API.
    public func makeApplication() -> some ApplicationProtocol {
        let router = Router()
        router.add(middleware: MessagesErrorMiddleware(logger: logger))
        api.addRoutes(to: router, errorEnvelope: false)  // the router-wide middleware covers them
        let onServerRunning = self.onServerRunning
        return Application(
            router: router,
            // A connection that sends nothing for 30 s is closed: a stalled upload can neither
            // hold a connection forever nor keep a graceful shutdown waiting forever.
            server: .http1(configuration: .init(idleTimeout: .seconds(30))),
            configuration: .init(address: .hostname(host, port: port), serverName: nil, backlog: 1024),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }

    /// Serves until the enclosing `ServiceGroup` shuts down gracefully (in-flight requests finish).
    public func run() async throws {
        try await makeApplication().run()
    }

    /// Serves until SIGINT or SIGTERM, then stops accepting connections, lets requests in
    /// flight finish, and returns.
    public func runUntilSignalled() async throws {
        try await makeApplication().runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }
}
