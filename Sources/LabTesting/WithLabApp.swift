public import LabKit
public import UIAutomation

/// Launches `app` with fresh state — a new server on 127.0.0.1 with state made from
/// `arguments` and `environment`, and a new browser context — runs `body` with it, and always
/// terminates it, also when `body` throws. By default page errors fail the step that caused
/// them (`Configuration.lab`).
///
/// ```swift
/// try await withLabApp(AnimalsApp(), arguments: ["-favorites", "lion"]) { (app) async throws in
///     #expect(try await app.images[AnimalsIdentifiers.cellStar("lion")].exists)
/// }
/// ```
/// Write the closure as `{ (app) async throws in … }`: Swift 6.3 infers a closure whose only
/// `try`s are inside `#expect` as non-throwing.
public func withLabApp(
    _ app: any LabApp, arguments: [String] = [], environment: [String: String] = [:],
    configuration: Configuration = .lab, _ body: (Application) async throws -> Void
) async throws {
    let application = Application(host: LabAppHost(app: app), configuration: configuration)
    application.launchArguments = arguments
    application.launchEnvironment = environment
    try await application.launch()
    do {
        try await body(application)
    } catch {
        await application.terminate()
        throw error
    }
    await application.terminate()
}
