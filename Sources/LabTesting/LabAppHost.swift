import LabKit
import UIAutomation

/// UIAutomation's ``AppHost`` for a LabKit app: every launch starts a new ``LabServer`` on
/// 127.0.0.1, port 0, with the app mounted afresh — new state made from that launch's
/// arguments and environment — and terminating the launch stops that server.
///
/// ```swift
/// let app = Application(host: LabAppHost(app: AnimalsApp()))
/// app.launchArguments = ["-favorites", "lion"]
/// try await app.launch()
/// ```
public struct LabAppHost: AppHost {
    /// The app each launch serves.
    public let app: any LabApp

    /// A host launching `app`.
    public init(app: any LabApp) { self.app = app }

    public func launch(arguments: [String], environment: [String: String]) async throws -> any RunningApp {
        let server = try await LabServer.start(apps: [app], launch: LaunchOptions(arguments: arguments, environment: environment))
        return Running(server: server, url: server.url(app.pathPrefix))
    }

    private struct Running: RunningApp {
        let server: LabServer
        let url: String
        func terminate() async { await server.stop() }
    }
}
