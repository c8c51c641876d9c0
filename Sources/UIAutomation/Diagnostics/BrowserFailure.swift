/// The browser failed underneath an automation call: it could not be launched or reached,
/// it exited, the page crashed, a navigation could not load, the connection dropped.
///
/// A struct, so that new kinds can be added without breaking code that switches over them:
/// compare ``kind`` with the constants of ``Kind``.
///
/// ```swift
/// guard let failure = error.reason.browserFailure, failure.kind == .navigationFailed else { … }
/// ```
public struct BrowserFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it is.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// The kind's name, as in the constants below.
        public let description: String

        /// No usable browser binary was found.
        public static let browserNotFound = Kind(description: "browserNotFound")
        /// The browser binary could not be started, or did not answer its first command in time.
        public static let launchFailed = Kind(description: "launchFailed")
        /// The local browser process exited (``BrowserFailure/subject``: how).
        public static let browserExited = Kind(description: "browserExited")
        /// The page's renderer crashed; the page is gone for good.
        public static let pageCrashed = Kind(description: "pageCrashed")
        /// The connection to the browser was closed.
        public static let connectionClosed = Kind(description: "connectionClosed")
        /// The WebSocket endpoint of a browser to attach to could not be reached.
        public static let unreachable = Kind(description: "unreachable")
        /// An attached (remote) browser went away (``BrowserFailure/subject``: where it came from).
        public static let remoteBrowserLost = Kind(description: "remoteBrowserLost")
        /// A page could not be loaded (``BrowserFailure/subject``: its URL).
        public static let navigationFailed = Kind(description: "navigationFailed")
        /// The browser did not answer a command in time (``BrowserFailure/subject``: the command).
        public static let timedOut = Kind(description: "timedOut")
        /// The browser answered with an error, a malformed or oversized message, or JavaScript threw.
        public static let protocolFailure = Kind(description: "protocolFailure")
    }

    /// What kind of failure it is.
    public let kind: Kind
    /// What it concerns, when there is one thing: the URL of a failed navigation, the peer of a
    /// lost remote browser, the exit status of an exited one, the command that timed out.
    public let subject: String?
    /// What happened and, where it helps, what to do next.
    public let description: String

    /// A failure of `kind`.
    public init(kind: Kind, subject: String? = nil, description: String) {
        self.kind = kind
        self.subject = subject
        self.description = description
    }
}
