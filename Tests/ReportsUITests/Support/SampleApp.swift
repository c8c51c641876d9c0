import Foundation
import Synchronization
import TestSupport
import UIAutomation

/// The page the sample tests drive: a button that says "Done" when tapped.
enum SamplePages {
    static let pages = [
        "/": """
        <!doctype html><html><head><meta charset="utf-8"><title>Sample</title>
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <style>body{font:17px -apple-system,system-ui,sans-serif;margin:0 16px}h1{font-size:30px}
        button{font:inherit;color:#fff;background:#0a7aff;border:0;border-radius:10px;padding:10px 18px}</style></head><body>
        <h1>Checkout</h1>
        <button data-testid="go" onclick="document.getElementById('status').textContent='Done'">Go</button>
        <p data-testid="status" id="status">Ready</p>
        </body></html>
        """,
    ]
}

/// One fixture server per test process.
actor SampleServer {
    static let shared = SampleServer()
    private var running: FixtureServer?

    func url() async throws -> String {
        if let running { return running.url("/") }
        let server = try await FixtureServer.start(pages: SamplePages.pages)
        running = server
        return server.url("/")
    }
}

/// Launches the sample page, runs `body`, and always terminates the app.
func withSampleApp(_ configuration: Configuration = Configuration(), _ body: (Application) async throws -> Void) async throws {
    let app = Application(url: try await SampleServer.shared.url(), configuration: configuration)
    try await app.launch()
    do {
        try await body(app)
    } catch {
        await app.terminate()
        throw error
    }
    await app.terminate()
}

/// Collects the step events of one test (events of tests running beside it are ignored).
final class StepCollector: StepObserver, Sendable {
    let test: TestIdentity?
    private let events = Mutex<[StepEvent]>([])

    init(test: TestIdentity?) { self.test = test }

    var captures: StepCaptures { [] }

    func stepDidFinish(_ event: StepEvent) -> [String] {
        if event.test == test { events.withLock { $0.append(event) } }
        return []
    }

    var all: [StepEvent] { events.withLock { $0 } }
}
