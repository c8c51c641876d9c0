public import Hummingbird
import LabSupport
public import ServerDefenses
public import Logging
import ServiceLifecycle

/// Serves lab apps on one Hummingbird router at `host:port` (127.0.0.1 by default; port 0
/// picks a free port) until ``stop()``.
///
/// ```swift
/// let server = try await LabServer.start(apps: [AnimalsApp()], launch: LaunchOptions(), port: 0)
/// print(server.url("/animals"))
/// await server.stop()
/// ```
public final class LabServer: Sendable {
    /// The bound address.
    public let host: String
    /// The bound port (the real one when 0 was asked for).
    public let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    private init(host: String, port: Int, group: ServiceGroup, task: Task<Void, any Error>) {
        self.host = host
        self.port = port
        self.group = group
        self.task = task
    }

    /// `http://host:port` followed by `path`.
    public func url(_ path: String = "/") -> String { "http://\(host):\(port)\(path)" }

    /// A router holding every app in `apps` (each with fresh state from `launch`) and an
    /// index page at `/` that links them and `extraLinks`.
    /// Every request first passes the host check and the cross-site check of `policy`
    /// (ServerDefenses' `SameOriginMiddleware`); broken HTTP framing is a 400. `HEAD` answers
    /// every page as `GET` does, without the body (Hummingbird's generated `HEAD` routes).
    public static func makeRouter(
        apps: [any LabApp], launch: LaunchOptions, policy: SameOriginPolicy = SameOriginPolicy(), extraLinks: [LabIndexPage.Entry] = []
    ) -> Router<LabRequestContext> {
        let router = Router(context: LabRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: SameOriginMiddleware(policy: policy))
        router.add(middleware: MalformedRequestMiddleware(logger: quietLogger))
        for app in apps { app.addRoutes(to: router, launch: launch) }
        let entries = apps.map { LabIndexPage.Entry(name: $0.name, path: $0.pathPrefix, summary: $0.summary) } + extraLinks
        router.get("/") { _, _ in LabIndexPage(entries: entries).page }
        return router
    }

    /// The Hummingbird application serving `router`; `onRunning` gets the bound port.
    public static func makeApplication(
        router: Router<LabRequestContext>, host: String, port: Int, limits: ServerLimits = ServerLimits(), logger: Logger,
        onRunning: @escaping @Sendable (Int) async -> Void
    ) -> some ApplicationProtocol {
        Application(
            router: router,
            server: limits.http1,
            configuration: limits.configuration(address: .hostname(host, port: port)),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger
        )
    }

    /// Starts serving `apps` with state from `launch`; returns once the socket is bound.
    public static func start(
        apps: [any LabApp], launch: LaunchOptions = LaunchOptions(), host: String = "127.0.0.1", port: Int = 0,
        limits: ServerLimits = ServerLimits(), logger: Logger = LabServer.quietLogger
    ) async throws -> LabServer {
        try await start(router: makeRouter(apps: apps, launch: launch, policy: SameOriginPolicy(bindHost: host)),
                        host: host, port: port, limits: limits, logger: logger)
    }

    /// Starts serving `router`; returns once the socket is bound.
    public static func start(
        router: Router<LabRequestContext>, host: String = "127.0.0.1", port: Int = 0, limits: ServerLimits = ServerLimits(),
        logger: Logger = LabServer.quietLogger
    ) async throws -> LabServer {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let application = makeApplication(router: router, host: host, port: port, limits: limits, logger: logger) { bound in
            continuation.yield(bound)
            continuation.finish()
        }
        let group = ServiceGroup(configuration: .init(services: [application], logger: logger))
        let task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next() else {
            try await task.value  // it failed to bind: rethrow why
            throw LabServerError.stoppedBeforeBinding
        }
        return LabServer(host: host, port: bound, group: group, task: task)
    }

    /// Stops accepting connections, lets requests in flight finish (at most 5 s), and returns.
    public func stop() async {
        await group.triggerGracefulShutdown()
        let task = self.task
        // At the limit the server's task is cancelled, which ends it.
        _ = try? await withTimeLimit(.seconds(5)) {
            await withTaskCancellationHandler { _ = await task.result } onCancel: { task.cancel() }
        }
    }

    /// A logger that reports warnings and errors only.
    public static var quietLogger: Logger {
        var logger = Logger(label: "lab")
        logger.logLevel = .warning
        return logger
    }
}

/// Why a ``LabServer`` could not start.
public enum LabServerError: Error, Sendable {
    /// The server stopped before it bound its socket.
    case stoppedBeforeBinding
}
