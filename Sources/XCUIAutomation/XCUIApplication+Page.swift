public import Foundation
public import UIAutomation

/// The page under the test's control (web-only; XCUITest has none of it): what the page
/// reported, routes, network conditions and network waits (issue 43). Each is UIAutomation's
/// (docs/network.md), made synchronous as every facade call is: a failure is recorded at the
/// caller's line.
extension XCUIApplication {
    /// What the page reported during the running launch (or the last one), oldest first:
    /// console messages, uncaught exceptions, failed requests, CSP violations
    /// (UIAutomation's `Application.pageSignals`).
    ///
    /// ```swift
    /// app.buttons["save"].tap()
    /// XCTAssertEqual(app.pageSignals.filter(\.isError), [])
    /// ```
    public var pageSignals: [PageSignal] { shared.pageSignals }

    /// Sends the app's requests whose URL matches `pattern` to `handler`, from the next launch's
    /// first request (or, while the app runs, from the next request): see
    /// UIAutomation's `Application.route(_:handler:)`. `handler` runs on its own task,
    /// not the test's thread.
    ///
    /// ```swift
    /// app.route("**/api/messages*") { _ in .fulfill(status: 500, body: "down") }
    /// app.launch()
    /// ```
    @discardableResult
    public func route(_ pattern: URLPattern, file: StaticString = #filePath, line: UInt = #line,
                      handler: @escaping @Sendable (RouteRequest) async throws -> RouteAction) -> Route? {
        let app = shared
        return Facade.call("app.route(\"\(pattern)\")", at: CallerLine(file: file, line: line), configuration: app.configuration,
                           fallback: nil) { try await app.route(pattern, handler: handler) }
    }

    /// Removes `route`.
    public func unroute(_ route: Route, file: StaticString = #filePath, line: UInt = #line) {
        let app = shared
        Facade.call("app.unroute(\(route))", at: CallerLine(file: file, line: line), configuration: app.configuration,
                    fallback: ()) { try await app.unroute(route) }
    }

    /// Removes every route added with the glob `glob`.
    public func unroute(_ glob: String, file: StaticString = #filePath, line: UInt = #line) {
        let app = shared
        Facade.call("app.unroute(\"\(glob)\")", at: CallerLine(file: file, line: line), configuration: app.configuration,
                    fallback: ()) { try await app.unroute(glob) }
    }

    /// Makes the app's network offline, slow, or as it is, now and for later launches.
    public func setNetworkConditions(_ conditions: NetworkConditions, file: StaticString = #filePath, line: UInt = #line) {
        let app = shared
        Facade.call("app.setNetworkConditions(\(conditions))", at: CallerLine(file: file, line: line), configuration: app.configuration,
                    fallback: ()) { try await app.setNetworkConditions(conditions) }
    }

    /// Runs `trigger` (on the test's thread, so it can tap), then waits up to `timeout` seconds
    /// for the first response to a request whose URL matches `pattern` (and whose method is
    /// `method`, if given); `nil`, with a failure recorded at this line, when none comes.
    ///
    /// ```swift
    /// let response = app.waitForResponse("**/api/items*") { app.buttons["Refresh"].tap() }
    /// XCTAssertEqual(response?.status, 200)
    /// ```
    @discardableResult
    public func waitForResponse(_ pattern: URLPattern, method: String? = nil, timeout: TimeInterval = 10,
                                file: StaticString = #filePath, line: UInt = #line,
                                during trigger: @escaping @Sendable () -> Void = {}) -> NetworkExchange? {
        let app = shared
        return Facade.call("app.waitForResponse(\"\(pattern)\")", at: CallerLine(file: file, line: line), configuration: app.configuration,
                           waiting: timeout, fallback: nil) {
            try await app.waitForResponse(pattern, method: method, timeout: timeout) { _ = await Blocking.onCaller(trigger) }
        }
    }

    /// Runs `trigger` (on the test's thread), then waits up to `timeout` seconds for the first
    /// request whose URL matches `pattern` (and whose method is `method`, if given); `nil`, with
    /// a failure recorded, when none comes.
    @discardableResult
    public func waitForRequest(_ pattern: URLPattern, method: String? = nil, timeout: TimeInterval = 10,
                               file: StaticString = #filePath, line: UInt = #line,
                               during trigger: @escaping @Sendable () -> Void = {}) -> NetworkExchange? {
        let app = shared
        return Facade.call("app.waitForRequest(\"\(pattern)\")", at: CallerLine(file: file, line: line), configuration: app.configuration,
                           waiting: timeout, fallback: nil) {
            try await app.waitForRequest(pattern, method: method, timeout: timeout) { _ = await Blocking.onCaller(trigger) }
        }
    }

    /// The whole body of a response that `waitForResponse` returned, once it is all in (within
    /// `timeout` seconds); `nil`, with a failure recorded at this line, when there is none.
    ///
    /// ```swift
    /// let response = app.waitForResponse("**/api/items", method: "POST") { app.buttons["Save"].tap() }
    /// let body = response.flatMap { app.responseBody(of: $0) }
    /// ```
    public func responseBody(of response: NetworkExchange, timeout: TimeInterval = 10,
                             file: StaticString = #filePath, line: UInt = #line) -> Data? {
        let app = shared
        return Facade.call("app.responseBody(of: \"\(response)\")", at: CallerLine(file: file, line: line), configuration: app.configuration,
                           waiting: timeout, fallback: nil) {
            try await app.responseBody(of: response, timeout: timeout)
        }
    }
}
