import ArgumentParser
import ServerDefenses

/// The server's defenses as command-line options, shared by `lab serve` and `lab messages-api`:
/// the limits against slow and numerous clients, and the host names it answers to.
struct DefenseOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Most connections open at once; more clients wait until one closes. Default: half the open-file limit, raised to its hard limit first (64…4096).",
        valueName: "n"))
    var maxConnections: Int?

    @Option(help: ArgumentHelp("Seconds a client has to send a whole request (headers and body).", valueName: "seconds"))
    var requestTimeout: Double = 10

    @Option(help: ArgumentHelp("Seconds an open connection may stay silent before it is closed.", valueName: "seconds"))
    var idleTimeout: Double = 30

    @Option(help: ArgumentHelp(
        "A host name the server also answers to, besides the loopback names and --host (repeatable; * answers any). Requests naming another Host are refused with 421.",
        valueName: "name"))
    var allowedHost: [String] = []

    func validate() throws {
        guard (maxConnections ?? 1) >= 1 else { throw ValidationError("--max-connections must be at least 1") }
        guard requestTimeout > 0, requestTimeout.isFinite else { throw ValidationError("--request-timeout must be a positive number of seconds") }
        guard idleTimeout > 0, idleTimeout.isFinite else { throw ValidationError("--idle-timeout must be a positive number of seconds") }
    }

    /// The host names a server bound to `bindHost` answers to.
    func policy(bindHost: String) -> SameOriginPolicy {
        SameOriginPolicy(bindHost: bindHost, extraHosts: allowedHost)
    }

    /// The limits these options describe. Without `--max-connections`, the process first
    /// raises its open-file limit as far as allowed (``ServerLimits/raiseOpenFileLimit()``),
    /// then takes half of it.
    var limits: ServerLimits {
        ServerLimits(maxConnections: maxConnections ?? Self.defaultMaxConnections, requestTimeout: .milliseconds(Int64(requestTimeout * 1_000)),
                     idleTimeout: .milliseconds(Int64(idleTimeout * 1_000)))
    }

    private static var defaultMaxConnections: Int {
        ServerLimits.raiseOpenFileLimit()
        return ServerLimits.defaultMaxConnections
    }
}
