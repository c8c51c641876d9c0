import Hummingbird
import Logging
import NIOCore

/// Runs the Messages API on its own: a Hummingbird application whose router holds only
/// ``MessagesAPI``'s routes, with JSON error envelopes for every path (404s included).
///
/// `lab messages-api` uses this; tests use it with port 0.
public struct MessagesServer: Sendable {
    /// The API to serve.
    public let api: MessagesAPI
    /// The address to bind. Loopback by default: the lab is not meant to be reachable from elsewhere.
    public let host: String
    /// The port to bind; 0 picks a free one (reported to `onServerRunning`).
    public let port: Int
    private let logger: Logger

    /// Creates a server for `api` on `host:port`.
    public init(api: MessagesAPI, host: String = "127.0.0.1", port: Int = 8080, logger: Logger = Logger(label: "messages-api")) {
        self.api = api
        self.host = host
        self.port = port
        self.logger = logger
    }

    /// Serves until the task is cancelled or, when `handleSignals` is true, until SIGINT or
    /// SIGTERM — then stops accepting connections, lets requests in flight finish, and returns.
    ///
    /// - Parameter onServerRunning: called once the socket is bound, with the bound port.
    public func run(handleSignals: Bool = true, onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let router = Router()
        router.add(middleware: MessagesErrorMiddleware(logger: logger))
        api.addRoutes(to: router)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port), serverName: nil, backlog: 1024),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        try await app.runService(gracefulShutdownSignals: handleSignals ? [.sigterm, .sigint] : [])
    }
}
