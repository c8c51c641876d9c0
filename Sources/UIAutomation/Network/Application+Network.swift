public import Foundation
import LabSupport

/// Network conditions and network waits (issue 43).
extension Application {
    /// Makes the app's network offline, slow, or as it is (``NetworkConditions``): for the
    /// running launch at once, and for every later launch from its first request.
    ///
    /// ```swift
    /// try await app.setNetworkConditions(.offline)
    /// try await app.reload()                       // fails: the browser shows its error page
    /// try await app.setNetworkConditions(.throttled(latency: .milliseconds(300)))
    /// ```
    public func setNetworkConditions(_ conditions: NetworkConditions, file: StaticString = #filePath, line: UInt = #line) async throws {
        networkConditions = conditions
        try await called(file, line) {
            guard isRunning, let driver = try? self.driver(for: "app") else { return }
            try await step("app.setNetworkConditions(\(conditions))", .action) {
                try await perform("app.setNetworkConditions(\(conditions))") { try await driver.emulateNetwork(conditions) }
            }
        }
    }

    /// Runs `trigger` (an action that makes the page send it), then waits for the first
    /// request whose URL matches `pattern`, and returns it. Requests sent while `trigger` runs
    /// count. Fails with `.timedOut` naming the pattern when none comes within `timeout`
    /// (default: the idle timeout).
    ///
    /// ```swift
    /// let sent = try await app.waitForRequest("**/api/messages") {
    ///     try await app.buttons["Send"].tap()
    /// }
    /// #expect(sent.method == "POST" && sent.requestBody?.contains("Hello") == true)
    /// ```
    @discardableResult
    public func waitForRequest(_ pattern: URLPattern, timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line,
                               during trigger: () async throws -> Void = {}) async throws -> NetworkExchange {
        try await waitForExchange(responses: false, pattern, timeout: timeout, file: file, line: line, trigger)
    }

    /// Runs `trigger`, then waits for the first response (its head) to a request whose URL
    /// matches `pattern`, and returns it with its request. Responses to requests sent while
    /// `trigger` runs count. Fails with `.timedOut` naming the pattern when none comes within
    /// `timeout` (default: the idle timeout).
    ///
    /// ```swift
    /// let response = try await app.waitForResponse("**/api/items*") { try await app.buttons["Refresh"].tap() }
    /// #expect(response.status == 200)
    /// ```
    @discardableResult
    public func waitForResponse(_ pattern: URLPattern, timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line,
                                during trigger: () async throws -> Void = {}) async throws -> NetworkExchange {
        try await waitForExchange(responses: true, pattern, timeout: timeout, file: file, line: line, trigger)
    }

    private func waitForExchange(responses: Bool, _ pattern: URLPattern, timeout: TimeInterval?, file: StaticString, line: UInt,
                                 _ trigger: () async throws -> Void) async throws -> NetworkExchange {
        let what = responses ? "Response" : "Request"
        let call = "app.waitFor\(what)(\(SwiftLiteral.string(pattern.description))\(timeout.map { ", timeout: \($0)" } ?? ""))"
        let limit = timeout.map { Duration.seconds($0) } ?? configuration.idleTimeout
        return try await called(file, line) {
            let driver = try self.driver(for: call)
            // The clock starts now, as Playwright's does: the trigger's time counts. Its actions
            // are steps of their own; the wait is recorded as one more step after them.
            let deadline = ContinuousClock.now + limit
            let found = try await perform(call) {
                try await driver.waitForExchange(responses: responses, matching: { pattern.matches($0.url) }, until: deadline, trigger: trigger)
            }
            return try await step(call, .wait) {
                guard let found else {
                    throw UIAutomationError(query: call, reason: .timedOut(
                        after: limit, waitingFor: "a \(what.lowercased()) to a URL matching \(SwiftLiteral.string(pattern.description))",
                        lastProblem: "none came"))
                }
                return found
            }
        }
    }

}
