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
    /// request whose URL matches `pattern` (and whose method is `method`, if given), and
    /// returns it. Requests sent while `trigger` runs count. Fails with `.timedOut` naming the
    /// pattern when none comes within `timeout` (default: the idle timeout).
    ///
    /// ```swift
    /// let sent = try await app.waitForRequest("**/api/messages") {
    ///     try await app.buttons["Send"].tap()
    /// }
    /// #expect(sent.method == "POST" && sent.requestBody?.contains("Hello") == true)
    /// ```
    @discardableResult
    public func waitForRequest(_ pattern: URLPattern, method: String? = nil, timeout: TimeInterval? = nil,
                               file: StaticString = #filePath, line: UInt = #line,
                               during trigger: () async throws -> Void = {}) async throws -> NetworkExchange {
        try await waitForExchange(responses: false, pattern, method: method, timeout: timeout, file: file, line: line, trigger)
    }

    /// Runs `trigger`, then waits for the first response (its head) to a request whose URL
    /// matches `pattern` (and whose method is `method`, if given), and returns it with its
    /// request; ``responseBody(of:timeout:file:line:)`` reads its body. Responses to requests
    /// sent while `trigger` runs count. Fails with `.timedOut` naming the pattern when none
    /// comes within `timeout` (default: the idle timeout).
    ///
    /// ```swift
    /// let response = try await app.waitForResponse("**/api/items*") { try await app.buttons["Refresh"].tap() }
    /// #expect(response.status == 200)
    /// ```
    @discardableResult
    public func waitForResponse(_ pattern: URLPattern, method: String? = nil, timeout: TimeInterval? = nil,
                                file: StaticString = #filePath, line: UInt = #line,
                                during trigger: () async throws -> Void = {}) async throws -> NetworkExchange {
        try await waitForExchange(responses: true, pattern, method: method, timeout: timeout, file: file, line: line, trigger)
    }

    /// The whole body of a response that ``waitForResponse(_:method:timeout:file:line:during:)``
    /// returned, once it is all in (Playwright's `response.body()`): within `timeout` (default:
    /// the idle timeout), from the launch that made the request. A request that failed has none
    /// (`.invalidRequest`, saying why).
    ///
    /// ```swift
    /// let response = try await app.waitForResponse("**/api/items", method: "POST") { try await app.buttons["Save"].tap() }
    /// let item = try JSONDecoder().decode(Item.self, from: try await app.responseBody(of: response))
    /// ```
    public func responseBody(of response: NetworkExchange, timeout: TimeInterval? = nil,
                             file: StaticString = #filePath, line: UInt = #line) async throws -> Data {
        let call = "app.responseBody(of: \(SwiftLiteral.string(response.description)))"
        let limit = timeout.map { Duration.seconds($0) } ?? configuration.idleTimeout
        return try await called(file, line) {
            let driver = try self.driver(for: call)
            let deadline = ContinuousClock.now + limit
            return try await step(call, .wait) {
                let body: Data?
                do {
                    body = try await perform(call) { try await driver.responseBody(of: response, until: deadline) }
                } catch let error as UIAutomationError {
                    throw error
                } catch {
                    throw UIAutomationError(query: call, reason: .invalidRequest("the response has no body to read: \(error)"))
                }
                guard let body else {
                    throw UIAutomationError(query: call, reason: .timedOut(
                        after: limit, waitingFor: "the whole body of the response", lastProblem: "it was still loading"))
                }
                return body
            }
        }
    }

    /// ``responseBody(of:timeout:file:line:)`` as UTF-8 text (Playwright's `response.text()`).
    public func responseText(of response: NetworkExchange, timeout: TimeInterval? = nil,
                             file: StaticString = #filePath, line: UInt = #line) async throws -> String {
        String(decoding: try await responseBody(of: response, timeout: timeout, file: file, line: line), as: UTF8.self)
    }

    /// "a response", "a request", "a response to a POST request", "a POST request".
    private static func waitedFor(responses: Bool, method: String?) -> String {
        switch (responses, method) {
        case (true, nil): "a response"
        case (false, nil): "a request"
        case (true, let method?): "a response to a \(method) request"
        case (false, let method?): "a \(method) request"
        }
    }

    private func waitForExchange(responses: Bool, _ pattern: URLPattern, method: String?, timeout: TimeInterval?,
                                 file: StaticString, line: UInt, _ trigger: () async throws -> Void) async throws -> NetworkExchange {
        let what = responses ? "Response" : "Request"
        let call = "app.waitFor\(what)(\(SwiftLiteral.string(pattern.description))\(method.map { ", method: \(SwiftLiteral.string($0))" } ?? "")"
            + "\(timeout.map { ", timeout: \($0)" } ?? ""))"
        let limit = timeout.map { Duration.seconds($0) } ?? configuration.idleTimeout
        return try await called(file, line) {
            let driver = try self.driver(for: call)
            // The clock starts now, as Playwright's does: the trigger's time counts. Its actions
            // are steps of their own; the wait is recorded as one more step after them.
            let deadline = ContinuousClock.now + limit
            let found = try await perform(call) {
                try await driver.waitForExchange(
                    responses: responses, matching: { exchange in
                        pattern.matches(exchange.url) && (method.map { exchange.method.caseInsensitiveCompare($0) == .orderedSame } ?? true)
                    }, until: deadline, trigger: trigger)
            }
            return try await step(call, .wait) {
                guard let found else {
                    throw UIAutomationError(query: call, reason: .timedOut(
                        after: limit,
                        waitingFor: "\(Self.waitedFor(responses: responses, method: method)) to a URL matching \(SwiftLiteral.string(pattern.description))",
                        lastProblem: "none came"))
                }
                return found
            }
        }
    }

}
