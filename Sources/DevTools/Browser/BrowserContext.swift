/// An isolated browser context (`Target.createBrowserContext`): cookies, storage and
/// cache of its own. Dispose of it to close its pages.
public final class BrowserContext: Sendable {
    /// The browser it belongs to.
    public let browser: Browser
    /// The `browserContextId`.
    public let id: String

    init(browser: Browser, id: String) {
        self.browser = browser
        self.id = id
    }

    /// Opens a page in this context and attaches a flat session to it.
    public func newPage(url: String = "about:blank") async throws -> PageSession {
        let connection = browser.connection
        let target = try await connection.send(CDP.Target.CreateTarget(url: url, browserContextId: id))
        let attached = try await connection.send(CDP.Target.AttachToTarget(targetId: target.targetId))
        return PageSession(targetId: target.targetId, session: connection.session(attached.sessionId))
    }

    /// Grants `permissions` (CDP's names, e.g. `clipboardReadWrite`) to every origin in this
    /// context, without prompting.
    public func grantPermissions(_ permissions: [String]) async throws {
        _ = try await browser.connection.send(CDP.Browser.GrantPermissions(permissions: permissions, browserContextId: id))
    }

    /// Closes the context and every page in it.
    public func dispose() async throws {
        _ = try await browser.connection.send(CDP.Target.DisposeBrowserContext(browserContextId: id))
    }
}
