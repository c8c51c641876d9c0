import Foundation
public import LabKit
import ServerDefenses
public import UIAutomation

/// UIAutomation's `AppHost` for a LabKit app: every launch starts a new LabKit `LabServer` on
/// port 0 with the app mounted afresh — new state made from that launch's arguments and
/// environment — and terminating the launch stops that server.
///
/// By default the server binds 127.0.0.1 and the browser is sent there. For a browser on
/// another machine (a Selenium Grid node, a remote CDP endpoint), bind an address it can
/// reach and advertise the name it knows this machine by: the URL handed to the browser uses
/// ``advertisedHost``, and the server answers to that name (its host check allows it).
///
/// ```swift
/// let app = Application(host: LabAppHost(app: AnimalsApp()))
/// app.launchArguments = ["-favorites", "lion"]
/// try await app.launch()
/// ```
public struct LabAppHost: AppHost {
    /// The environment variable giving ``bindAddress`` when the initializer is given none.
    public static let bindAddressVariable = "LAB_APP_BIND_ADDRESS"
    /// The environment variable giving ``advertisedHost`` when the initializer is given none.
    public static let advertisedHostVariable = "LAB_APP_HOST_ADDRESS"

    /// The app each launch serves.
    public let app: any LabApp
    /// The address each launch's server binds (`127.0.0.1`; `0.0.0.0` for every interface).
    public let bindAddress: String
    /// The host name or address in the URL the browser opens.
    public let advertisedHost: String

    /// A host launching `app`, on the addresses the environment gives (`LAB_APP_BIND_ADDRESS`,
    /// default 127.0.0.1; `LAB_APP_HOST_ADDRESS`, default the bind address, or 127.0.0.1 when
    /// that is a wildcard).
    public init(app: any LabApp) {
        let environment = ProcessInfo.processInfo.environment
        self.init(
            app: app, bindAddress: environment[Self.bindAddressVariable].flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1",
            advertisedHost: environment[Self.advertisedHostVariable].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// A host launching `app` on a server bound to `bindAddress` whose URLs name
    /// `advertisedHost` (by default the bind address, or 127.0.0.1 when that is a wildcard).
    public init(app: any LabApp, bindAddress: String, advertisedHost: String? = nil) {
        self.app = app
        self.bindAddress = bindAddress
        self.advertisedHost = advertisedHost ?? (["0.0.0.0", "::", ""].contains(bindAddress) ? "127.0.0.1" : bindAddress)
    }

    public func launch(arguments: [String], environment: [String: String]) async throws -> any RunningApp {
        let policy = SameOriginPolicy(bindHost: bindAddress, extraHosts: [advertisedHost])
        let router = LabServer.makeRouter(apps: [app], launch: LaunchOptions(arguments: arguments, environment: environment), policy: policy)
        let server = try await LabServer.start(router: router, host: bindAddress, port: 0)
        let host = advertisedHost.contains(":") ? "[\(advertisedHost)]" : advertisedHost
        return Running(server: server, url: "http://\(host):\(server.port)\(app.pathPrefix)")
    }

    private struct Running: RunningApp {
        let server: LabServer
        let url: String
        func terminate() async { await server.stop() }
    }
}
