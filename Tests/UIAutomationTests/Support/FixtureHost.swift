import Synchronization
import TestSupport
import UIAutomation

/// Serves the fixture pages and launches "apps" that are one page each. Records every
/// launch's arguments and environment, so tests can see they arrive.
final class FixtureHost: AppHost {
    let server: FixtureServer
    let path: String
    private let launches = Mutex<[(arguments: [String], environment: [String: String])]>([])

    private init(server: FixtureServer, path: String) {
        self.server = server
        self.path = path
    }

    /// The fixture pages, served once for the whole test process.
    static let fixtures = SharedFixtureServer(pages: FixturePages.all)

    /// A host whose launches open `path` of the shared fixture server.
    static func page(_ path: String) async throws -> FixtureHost {
        FixtureHost(server: try await fixtures.server(), path: path)
    }

    /// The launches so far.
    var recordedLaunches: [(arguments: [String], environment: [String: String])] { launches.withLock { $0 } }

    func launch(arguments: [String], environment: [String: String]) async throws -> any RunningApp {
        launches.withLock { $0.append((arguments, environment)) }
        return Running(url: server.url(path))
    }

    private struct Running: RunningApp {
        let url: String
        func terminate() async {}
    }
}

/// Launches an app on `path`, runs `body`, and always terminates it.
func withApp(_ path: String, _ body: (Application) async throws -> Void) async throws {
    try await withConfiguredApp(path, Configuration(), body)
}

/// Like ``withApp(_:_:)`` with a configuration.
///
/// Write the closure as `{ (app) async throws in … }`: Swift 6.3 infers a closure whose only
/// `try`s are inside `#expect(…)` as non-throwing, and then rejects them.
func withConfiguredApp(_ path: String, _ configuration: Configuration, _ body: (Application) async throws -> Void) async throws {
    let app = Application(host: try await FixtureHost.page(path), configuration: configuration)
    try await app.launch()
    do {
        try await body(app)
    } catch {
        await app.terminate()
        throw error
    }
    await app.terminate()
}
