/// Why a browser could not be obtained from a remote source (a CDP endpoint, a WebDriver
/// endpoint such as chromedriver or a Selenium Grid), or why the choice of source is wrong.
///
/// Endpoints are named without their password. A browser that dies after it was obtained
/// fails the calls in flight with `DevToolsError.remoteBrowserLost` instead (wrapped in a
/// ``UIAutomationError`` whose reason is `.browser`).
public enum RemoteBrowserError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `LAB_BROWSER_SOURCE` (or a source's endpoint) is not something this library understands.
    case invalidSource(String)
    /// Nothing answered at the endpoint: connection refused, unknown host, or no answer in time.
    case endpointUnreachable(endpoint: String, reason: String)
    /// The WebDriver endpoint refused the new session (its `value.error` and `value.message`,
    /// for example `session not created`).
    case sessionRefused(endpoint: String, status: Int, error: String, message: String)
    /// The endpoint answered with something that is not what the protocol says it answers.
    case malformedAnswer(endpoint: String, reason: String)
    /// The new session's capabilities name no CDP endpoint: neither Selenium Grid's `se:cdp`
    /// nor chromedriver's `goog:chromeOptions.debuggerAddress` (the session was deleted again).
    case noCDPEndpoint(endpoint: String, sessionID: String, capabilities: [String])

    public var description: String {
        switch self {
        case .invalidSource(let message):
            return "Invalid browser source: \(message)"
        case .endpointUnreachable(let endpoint, let reason):
            return "The browser endpoint \(endpoint) is unreachable: \(reason). Is the server (chromedriver, the Grid, the browser) running there?"
        case .sessionRefused(let endpoint, let status, let error, let message):
            return "\(endpoint) refused the new WebDriver session (HTTP \(status), \(error)): \(message)"
        case .malformedAnswer(let endpoint, let reason):
            return "\(endpoint) answered something unexpected: \(reason)"
        case .noCDPEndpoint(let endpoint, let sessionID, let capabilities):
            return """
                The WebDriver session \(sessionID) from \(endpoint) names no CDP endpoint (no se:cdp, \
                no goog:chromeOptions.debuggerAddress; capabilities: \(capabilities.joined(separator: ", "))); \
                the session was deleted. Ask for a Chromium-based browser.
                """
        }
    }
}
