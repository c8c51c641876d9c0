public import Logging
public import ServiceLifecycle
import UnixSignals

/// Runs a server until SIGTERM or SIGINT, then shuts it down gracefully — no new connections,
/// answers in flight finish — but within a bound: after ``gracePeriod`` whatever is still
/// running is cancelled (NIO closes its connections), and after ``cancellationPeriod`` more the
/// group gives up on it. So the process stops within a few seconds under any load: a client
/// that stopped reading a big answer, an event stream, a heavy GET cannot hold it.
/// Acknowledged POSTs are already durable (the store commits before the answer), so cutting
/// an answer loses no acknowledged write.
public enum BoundedShutdown {
    /// How long answers in flight may take to finish after the signal.
    public static let gracePeriod: Duration = .seconds(3)
    /// How long cancelled work may take to end after that.
    public static let cancellationPeriod: Duration = .seconds(2)

    /// Runs `service` until SIGTERM or SIGINT and the bounded shutdown above.
    public static func runUntilSignalled(_ service: some Service, logger: Logger) async throws {
        var configuration = ServiceGroupConfiguration(
            services: [.init(service: service)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = gracePeriod
        configuration.maximumCancellationDuration = cancellationPeriod
        try await ServiceGroup(configuration: configuration).run()
    }
}
