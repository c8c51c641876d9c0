/// A fixture server started on first use and kept for the rest of the test process, so the
/// tests of one target share one origin: `static let fixtures = SharedFixtureServer(pages: …)`.
public actor SharedFixtureServer {
    private let pages: [String: String]
    private var running: FixtureServer?

    /// A server for `pages` (path → HTML), started by the first ``server()``.
    public init(pages: [String: String]) { self.pages = pages }

    /// The running server, started now if this is the first call.
    public func server() async throws -> FixtureServer {
        if let running { return running }
        let server = try await FixtureServer.start(pages: pages)
        running = server
        return server
    }
}
