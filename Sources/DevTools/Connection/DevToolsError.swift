import Foundation

/// Everything that can go wrong between this process and a browser, as one typed error.
///
/// Each case's `description` says what happened and, where it helps, what to do next.
public enum DevToolsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No usable browser binary was found. `searched` lists the places that were tried.
    case browserNotFound(searched: [String])
    /// The browser binary could not be started (`errno` from `posix_spawn` or `pipe2`).
    case launchFailed(path: String, errno: Int32)
    /// The browser started but did not answer its first command in time.
    case launchTimedOut(path: String, after: Duration, stderr: String)
    /// The browser answered a command with a protocol error.
    case protocolError(method: String, code: Int, message: String, data: String?)
    /// No reply to `method` arrived within `after`.
    case timeout(method: String, after: Duration)
    /// The browser process exited; every pending and later call fails with this.
    case browserExited(status: ExitStatus, stderr: String)
    /// The page's renderer process crashed (`Inspector.targetCrashed`) before `method` was
    /// answered, or `method` was sent to a page that had crashed: that page is gone for good.
    case targetCrashed(method: String)
    /// The connection was closed (by `close()`, or the WebSocket peer went away).
    case connectionClosed(reason: String)
    /// The peer sent something that is not a CDP message (for the call `method`, if known).
    case malformedMessage(method: String?, reason: String)
    /// The peer sent a message larger than the configured limit.
    case oversizedMessage(method: String?, size: Int, limit: Int)
    /// A reply arrived but did not have the shape the command's result type expects.
    case unexpectedResponse(method: String, reason: String)
    /// The WebSocket endpoint could not be reached or refused the upgrade.
    case webSocketFailed(url: String, reason: String)
    /// An attached (remote) browser went away: its WebSocket closed without this process
    /// closing it — the browser died, its WebDriver session was deleted, or the network or the
    /// Grid dropped the connection. `peer` names where it came from.
    case remoteBrowserLost(peer: String, reason: String)
    /// The browser could not navigate to `url` (`net::ERR_CONNECTION_REFUSED`, …).
    case navigationFailed(url: String, reason: String)
    /// Evaluated JavaScript threw.
    case javaScriptException(message: String)

    public var description: String {
        switch self {
        case .browserNotFound(let searched):
            return """
                No Chromium found (looked in: \(searched.joined(separator: ", "))). \
                Install one with `apt-get install chromium-headless-shell`, or set LAB_BROWSER to a Chromium binary.
                """
        case .launchFailed(let path, let errno):
            return "Could not start \(path): \(String(cString: strerror(errno))) (errno \(errno))"
        case .launchTimedOut(let path, let after, let stderr):
            return "\(path) did not answer within \(after)." + Self.stderrSuffix(stderr)
        case .protocolError(let method, let code, let message, let data):
            return "\(method) failed: \(message) (code \(code))" + (data.map { " — \($0)" } ?? "")
        case .timeout(let method, let after):
            return "\(method) got no reply within \(after)"
        case .browserExited(let status, let stderr):
            return "The browser exited (\(status))." + Self.stderrSuffix(stderr)
        case .targetCrashed(let method):
            return "The page crashed (its renderer process died) and cannot answer \(method); "
                + "nothing more can be done in it: launch the app again"
        case .connectionClosed(let reason):
            return "The DevTools connection is closed: \(reason)"
        case .malformedMessage(let method, let reason):
            return "Malformed message from the browser" + (method.map { " for \($0)" } ?? "") + ": \(reason)"
        case .oversizedMessage(let method, let size, let limit):
            return "A message from the browser" + (method.map { " for \($0)" } ?? "")
                + " is \(size) bytes, over the \(limit)-byte limit"
        case .unexpectedResponse(let method, let reason):
            return "Unexpected reply to \(method): \(reason)"
        case .webSocketFailed(let url, let reason):
            return "WebSocket connection to \(url) failed: \(reason)"
        case .remoteBrowserLost(let peer, let reason):
            return "The remote browser (\(peer)) went away: \(reason). The next launch obtains a new one."
        case .navigationFailed(let url, let reason):
            return "Could not open \(url): \(reason)"
        case .javaScriptException(let message):
            return "JavaScript threw: \(message)"
        }
    }

    private static func stderrSuffix(_ stderr: String) -> String {
        stderr.isEmpty ? "" : " Last browser output:\n\(stderr)"
    }
}

/// How a process ended.
public enum ExitStatus: Sendable, Equatable, CustomStringConvertible {
    /// It called `exit` with this code.
    case exited(Int32)
    /// A signal ended it (9 for SIGKILL).
    case signaled(Int32)
    /// The status is not known (for example, a remote browser).
    case unknown

    public var description: String {
        switch self {
        case .exited(let code): return "exit code \(code)"
        case .signaled(let signal): return "killed by signal \(signal)"
        case .unknown: return "status unknown"
        }
    }
}
