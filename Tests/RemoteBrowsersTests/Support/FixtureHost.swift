import TestSupport
import UIAutomation

/// Launches the one page the remote-browser tests open (`/basics`, a Save button), served by
/// TestSupport's fixture server: an app the remote browser can reach on loopback.
struct FixtureHost: AppHost {
    let server: FixtureServer
    let path: String

    /// A host whose launches open `path` of the shared fixture server.
    static func page(_ path: String) async throws -> FixtureHost {
        FixtureHost(server: try await SharedFixtureServer.shared.server(), path: path)
    }

    func launch(arguments: [String], environment: [String: String]) async throws -> any RunningApp {
        Running(url: server.url(path))
    }

    private struct Running: RunningApp {
        let url: String
        func terminate() async {}
    }
}

/// One fixture server for the whole test process.
actor SharedFixtureServer {
    static let shared = SharedFixtureServer()
    private var running: FixtureServer?

    func server() async throws -> FixtureServer {
        if let running { return running }
        let server = try await FixtureServer.start(pages: [
            "/basics": """
                <!doctype html><html lang="en"><head><meta charset="utf-8"><title>Basics</title></head>
                <body><button data-testid="save">Save</button></body></html>
                """,
        ])
        running = server
        return server
    }
}
