import Foundation
import Logging
import Synchronization

/// A Chromium driven over CDP: launched locally over a pipe, or attached over WebSocket.
///
/// ```swift
/// let browser = try await Browser.launch()
/// let context = try await browser.newContext()
/// let page = try await context.newPage()
/// try await page.navigate(to: "http://127.0.0.1:8080/")
/// try await browser.close()
/// ```
public final class Browser: Sendable {
    /// The connection every session of this browser shares.
    public let connection: CDPConnection
    /// The local process, for launched browsers; `nil` for attached ones.
    public let process: BrowserProcess?
    /// The thread that reads the browser's replies, as a task executor (launched browsers).
    public let executor: (any TaskExecutor)?
    private let closeTimeout: Duration
    private let closing = Mutex(false)

    private init(connection: CDPConnection, process: BrowserProcess?, executor: (any TaskExecutor)?, closeTimeout: Duration) {
        self.connection = connection
        self.process = process
        self.executor = executor
        self.closeTimeout = closeTimeout
    }

    /// Runs `body` on the connection's own thread (see ``executor``): each reply then
    /// resumes it on the thread that read it, with no hop between threads — the single
    /// biggest cost of a small command on a busy machine. Child tasks inherit the
    /// preference. Use it around sequences of calls; never block synchronously inside it.
    public func run<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
        try await withTaskExecutorPreference(executor, operation: body)
    }

    /// Starts a local browser with a fresh temporary profile and waits for its first reply.
    public static func launch(_ options: LaunchOptions = LaunchOptions()) async throws -> Browser {
        let executable = try options.executable ?? BrowserDiscovery.locate()
        let profile = try makeProfileDirectory()
        let (process, commandFD, replyFD): (BrowserProcess, Int32, Int32)
        do {
            (process, commandFD, replyFD) = try BrowserProcess.spawn(
                executable: executable,
                arguments: options.arguments(executable: executable, profileDirectory: profile),
                environment: options.environment ?? ProcessInfo.processInfo.environment,
                profileDirectory: profile,
                stderrLimit: options.stderrLimit)
        } catch {
            try? FileManager.default.removeItem(atPath: profile)
            throw error
        }
        let transport = PipeTransport(writeFD: commandFD, readFD: replyFD, maxMessageSize: options.maxMessageSize)
        let connection = CDPConnection(
            transport: transport, defaultTimeout: options.callTimeout, maxMessageSize: options.maxMessageSize,
            closeReason: { error in
                if error == nil { return .connectionClosed(reason: "the browser was closed") }
                // The pipe closes as the browser dies; its exit status follows within moments.
                let status = process.waitForExitBlocking(timeout: .milliseconds(500)) ?? .unknown
                process.stderr.waitUntilClosed(timeout: .milliseconds(300))
                return .browserExited(status: status, stderr: process.stderrTail())
            })
        let browser = Browser(connection: connection, process: process, executor: transport.executor, closeTimeout: options.closeTimeout)
        do {
            _ = try await connection.send(CDP.Browser.GetVersion(), timeout: options.launchTimeout)
        } catch let error as DevToolsError {
            process.kill()
            connection.close()
            if case .timeout = error {
                throw DevToolsError.launchTimedOut(path: executable, after: options.launchTimeout, stderr: process.stderrTail())
            }
            throw error
        }
        return browser
    }

    /// Attaches to a running browser from its DevTools WebSocket URL
    /// (`ws://host:port/devtools/browser/<id>`, or Selenium Grid's `se:cdp` endpoint).
    /// ``close()`` then only disconnects; the remote browser keeps running.
    ///
    /// `headers` go with the WebSocket upgrade (a Grid router's `Authorization`). When the
    /// connection closes without ``close()``, every call fails with
    /// ``DevToolsError/remoteBrowserLost(peer:reason:)`` naming `peer` (the URL when `nil`).
    public static func connect(
        webSocketURL url: String, callTimeout: Duration = .seconds(30), connectTimeout: Duration = .seconds(10),
        maxMessageSize: Int = 256 << 20, headers: [String: String] = [:], peer: String? = nil
    ) async throws -> Browser {
        let transport = try await WebSocketTransport.connect(
            url: url, timeout: connectTimeout, maxMessageSize: maxMessageSize, headers: headers)
        let peer = peer ?? url
        let connection = CDPConnection(
            transport: transport, defaultTimeout: callTimeout, maxMessageSize: maxMessageSize,
            closeReason: { error in
                switch error {
                case nil: return .connectionClosed(reason: "closed by this process")
                case DevToolsError.connectionClosed(let reason)?: return .remoteBrowserLost(peer: peer, reason: reason)
                case let error as DevToolsError: return error
                case let error?: return .remoteBrowserLost(peer: peer, reason: String(describing: error))
                }
            })
        return Browser(connection: connection, process: nil, executor: nil, closeTimeout: .seconds(1))
    }

    /// The browser-level session.
    public var session: CDPSession { connection.session(nil) }

    /// Product and protocol version (one round trip).
    public func version() async throws -> CDP.Browser.GetVersion.Response {
        try await connection.send(CDP.Browser.GetVersion())
    }

    /// A new isolated context: its own cookies, storage and cache, like an incognito window.
    public func newContext() async throws -> BrowserContext {
        let reply = try await connection.send(CDP.Target.CreateBrowserContext(disposeOnDetach: true))
        return BrowserContext(browser: self, id: reply.browserContextId)
    }

    /// `true` once the connection is closed (by ``close()`` or because the browser died).
    public var isClosed: Bool { connection.closedError != nil }

    /// Closes the browser: `Browser.close`, then SIGKILL if it has not exited within the
    /// close timeout, then waits for the process and removes its profile. For an attached
    /// browser, only disconnects. Safe to call more than once.
    public func close() async {
        let first = closing.withLock { closing in
            defer { closing = true }
            return !closing
        }
        guard first else {
            _ = await process?.waitForExit(timeout: closeTimeout + .seconds(1))
            return
        }
        guard let process else {
            connection.close()
            return
        }
        if connection.closedError == nil {
            _ = try? await connection.send(CDP.Browser.Close(), timeout: closeTimeout)
        }
        if await process.waitForExit(timeout: closeTimeout) == nil {
            process.kill()
            _ = await process.waitForExit(timeout: .seconds(5))
        }
        connection.close()
    }

    private static func makeProfileDirectory() throws -> String {
        var template = Array((FileManager.default.temporaryDirectory.path + "/automationlab-profile-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw DevToolsError.launchFailed(path: "mkdtemp", errno: errno)
        }
        return String(cString: made)
    }
}
