import Foundation
import LabSupport
import Synchronization

/// Routes: the page's requests answered, changed or failed by the test (issue 43), as
/// Playwright's `page.route` does.
extension Application {
    /// Sends every request of the app whose URL matches `pattern` — documents, `fetch`/XHR, event
    /// streams, scripts, styles, images — to `handler`, which fulfils it, lets it go on
    /// (changed or not), aborts it, or falls back to the routes added before.
    ///
    /// ```swift
    /// try await app.route("**/api/messages*") { request in
    ///     .fulfill(json: ["items": [["id": 1, "text": "Routed"]]])
    /// }
    /// try await app.route("**/*.png") { _ in .abort() }
    /// try await app.launch()      // its first request goes through the routes already
    /// ```
    ///
    /// Routes belong to the application and apply to every launch from the first request, until
    /// `unroute(_:)`: add them before `launch()` to route the app's first document, or while it
    /// runs for the requests that start after. The newest matching route decides first. A
    /// handler runs off the test's task and may `await`; one that throws, or does not answer
    /// within ``Configuration/routeTimeout``, fails its request (`Failed`) and the step it
    /// happened in (``UIAutomationError/Reason/Kind/pageErrors``, a ``PageSignal/Kind/routeFailure``).
    @discardableResult
    public func route(_ pattern: URLPattern, file: StaticString = #filePath, line: UInt = #line,
                      handler: @escaping @Sendable (RouteRequest) async throws -> RouteAction) async throws -> Route {
        let route = Route(pattern: pattern, handler: handler)
        routeTable.add(route)
        try await applyRoutes(file: file, line: line, "app.route(\(SwiftLiteral.string(pattern.description)))")
        return route
    }

    /// Removes `route`; requests that start afterwards no longer go to it.
    public func unroute(_ route: Route, file: StaticString = #filePath, line: UInt = #line) async throws {
        routeTable.remove(route)
        try await applyRoutes(file: file, line: line, "app.unroute(\(route))")
    }

    /// Removes every route added with the glob `glob`.
    public func unroute(_ glob: String, file: StaticString = #filePath, line: UInt = #line) async throws {
        _ = routeTable.remove(glob: glob)
        try await applyRoutes(file: file, line: line, "app.unroute(\(SwiftLiteral.string(glob)))")
    }

    /// Removes every route.
    public func unrouteAll(file: StaticString = #filePath, line: UInt = #line) async throws {
        routeTable.removeAll()
        try await applyRoutes(file: file, line: line, "app.unrouteAll()")
    }

    /// Forgets the routes, the network conditions and the clock, for the next launch (the app is
    /// not running): what XCUIAutomation does when a test that shares the application ends.
    package func resetPageControl() {
        routeTable.removeAll()
        networkConditions = .normal
        clockSettings.withLock { $0 = nil }
    }

    /// The routes, newest first.
    public var routes: [Route] { routeTable.all }

    /// Tells the running page (if any) which requests to pause now.
    private func applyRoutes(file: StaticString, line: UInt, _ call: String) async throws {
        try await called(file, line) {
            guard isRunning, let driver = try? self.driver(for: call) else { return }
            try await perform(call) { try await driver.interceptRequests(patterns: routeTable.browserPatterns, decide: decider(signals: signalLog)) }
        }
    }

    /// How the engine asks the routes about a request of the launch that logs into `signals`.
    func decider(signals: PageSignalLog) -> @Sendable (RouteRequest) async -> RouteDecision {
        let (table, limit) = (routeTable, configuration.routeTimeout)
        return { request in await table.decide(request, limit: limit, signals: signals) }
    }

    /// A new launch's page, before its first request: routes, network conditions, the clock.
    func prepareNetwork(of driver: any PageEngine, signals: PageSignalLog) async throws {
        if let patterns = routeTable.browserPatterns {
            try await driver.interceptRequests(patterns: patterns, decide: decider(signals: signals))
        }
        let conditions = networkConditions
        if conditions != .normal { try await driver.emulateNetwork(conditions) }
        if harRecording.withLock({ $0 }) != nil { try await driver.startRecordingTraffic() }
        if let clock = clockSettings.withLock({ $0 }) {
            try await driver.setDocumentScript(PageClock.script(clock), key: PageClock.scriptKey)
        }
    }
}
