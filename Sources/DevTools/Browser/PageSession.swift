public import Foundation
public import LabSupport
import Synchronization

/// A page target with a flat session attached: navigation, evaluation, screenshots.
/// Everything else is a typed command away through ``session``.
public final class PageSession: Sendable {
    /// The page's `targetId`.
    public let targetId: String
    /// The flat session to the page.
    public let session: CDPSession
    private let pageEventsEnabled = Mutex(false)

    init(targetId: String, session: CDPSession) {
        self.targetId = targetId
        self.session = session
    }

    /// Sends a command on this page's session.
    @discardableResult
    public func send<Command: CDPCommand>(_ command: Command, timeout: Duration? = nil) async throws -> Command.Response {
        try await session.send(command, timeout: timeout)
    }

    /// Sends `first`, then `second` right behind it on this page's session, and returns both
    /// replies (see `CDPConnection.send(_:then:sessionId:timeout:)`).
    public func send<First: CDPCommand, Second: CDPCommand>(
        _ first: First, then second: Second, timeout: Duration? = nil
    ) async throws -> (First.Response, Result<Second.Response, any Error>) {
        try await session.send(first, then: second, timeout: timeout)
    }

    /// Sends `first`, then `second` and `third` right behind it, and returns the three replies
    /// (see `CDPConnection.send(_:then:_:sessionId:timeout:)`).
    public func send<First: CDPCommand, Second: CDPCommand, Third: CDPCommand>(
        _ first: First, then second: Second, _ third: Third, timeout: Duration? = nil
    ) async throws -> (First.Response, Result<Second.Response, any Error>, Result<Third.Response, any Error>) {
        try await session.send(first, then: second, third, timeout: timeout)
    }

    /// Sends `commands` on this page's session in order without waiting in between, then waits
    /// for every reply (see ``CDPConnection/sendPipelined(_:sessionId:timeout:)``).
    public func sendPipelined(_ commands: [any CDPCommand], timeout: Duration? = nil) async throws {
        try await session.sendPipelined(commands, timeout: timeout)
    }

    /// Navigates and waits for the main frame's `load` event.
    /// A navigation the browser refuses (bad URL, connection refused) throws
    /// ``DevToolsError/navigationFailed(url:reason:)`` with its error text.
    public func navigate(to url: String, timeout: Duration? = nil) async throws {
        try await enablePageEvents()
        let (reply, _) = try await session.waitForEvent(CDP.Page.LoadEventFired.self, timeout: timeout) {
            try await session.send(CDP.Page.Navigate(url: url), timeout: timeout)
        }
        if let errorText = reply.errorText {
            throw DevToolsError.navigationFailed(url: url, reason: errorText)
        }
    }

    /// Evaluates `expression` in the page and returns its value (promises are awaited).
    /// A thrown exception becomes ``DevToolsError/javaScriptException(message:)``.
    public func evaluate(_ expression: String, timeout: Duration? = nil) async throws -> JSONValue {
        let reply = try await session.send(
            CDP.Runtime.Evaluate(expression: expression, returnByValue: true, awaitPromise: true), timeout: timeout)
        if let exception = reply.exceptionDetails {
            throw DevToolsError.javaScriptException(message: exception.message)
        }
        return reply.result.value ?? .null
    }

    /// A PNG screenshot of the viewport.
    public func screenshot(timeout: Duration? = nil) async throws -> Data {
        let reply = try await session.send(CDP.Page.CaptureScreenshot(format: "png"), timeout: timeout)
        guard let data = Data(base64Encoded: reply.data) else {
            throw DevToolsError.unexpectedResponse(method: CDP.Page.CaptureScreenshot.method, reason: "screenshot data is not base64")
        }
        return data
    }

    /// Closes the page.
    public func close() async throws {
        _ = try await session.connection.send(CDP.Target.CloseTarget(targetId: targetId))
    }

    /// Sends `Page.enable` unless this session has already sent it through here
    /// (``navigate(to:timeout:)`` calls it too, so a caller that enables page events first
    /// does not pay a second round trip).
    public func enablePageEvents() async throws {
        guard !pageEventsEnabled.withLock({ $0 }) else { return }
        _ = try await session.send(CDP.Page.Enable())
        pageEventsEnabled.withLock { $0 = true }
    }
}
