public import Foundation
import Synchronization

/// Something the page itself reported while a test drove it: a console message, an exception
/// nothing caught, a request that failed, a Content Security Policy violation.
///
/// Every launch keeps its page's signals in order (``Application/pageSignals``); each step's are
/// written into the step log and the report, and ``Configuration/failingPageSignals`` makes the
/// kinds it names fail the step during which they arrived.
public struct PageSignal: Sendable, Equatable, CustomStringConvertible {
    /// What kind of signal it is. A struct of constants, so new kinds break no `switch`.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// The kind's name, as in the constants below.
        public let description: String

        /// `console.log`, `console.info`, `console.warn`, `console.debug`, … (``PageSignal/level``
        /// says which), and the browser's own warnings about the page.
        public static let console = Kind(description: "console")
        /// `console.error` (and a failed `console.assert`).
        public static let consoleError = Kind(description: "consoleError")
        /// An exception nothing in the page caught (Playwright's `pageerror`), an unhandled
        /// promise rejection included.
        public static let uncaughtException = Kind(description: "uncaughtException")
        /// A request that failed (the network, or a route, refused it) or was answered with a
        /// status of 400 or more, as the browser's log reports it.
        public static let failedRequest = Kind(description: "failedRequest")
        /// Something the page's Content Security Policy blocked: an inline style or script, a
        /// resource from an origin it does not allow.
        public static let cspViolation = Kind(description: "cspViolation")
        /// A route's handler threw or did not answer in time (``Application/route(_:file:line:handler:)``);
        /// such a step always fails.
        public static let routeFailure = Kind(description: "routeFailure")

        /// What ``Configuration/failingPageSignals`` names to fail on page errors: uncaught
        /// exceptions and CSP violations.
        public static let pageErrors: Set<Kind> = [.uncaughtException, .cspViolation]
    }

    /// What kind of signal it is.
    public let kind: Kind
    /// For a console message: `log`, `info`, `warning`, `error`, `debug`, …; for the browser's
    /// own entries `warning` or `error`.
    public let level: String
    /// The text: the console message's arguments joined by spaces, the exception's description
    /// (`Error: boom`), the request's failure, the policy's complaint.
    public let message: String
    /// The script, document or request it concerns, when known.
    public let url: String?
    /// The line in ``url`` (from 1), when known.
    public let line: Int?
    /// When it arrived.
    public let date: Date
    /// Its place among all signals of the process (a later signal has a larger one).
    let sequence: Int

    /// A signal as the engine reports it.
    package init(kind: Kind, level: String, message: String, url: String?, line: Int?, date: Date = Date()) {
        self.kind = kind
        self.level = level
        self.message = message
        self.url = url
        self.line = line
        self.date = date
        self.sequence = PageSignal.counter.wrappingAdd(1, ordering: .relaxed).newValue
    }

    private static let counter = Atomic<Int>(0)

    /// The number the next signal will have: the ones before it all have smaller ones.
    static var nextSequence: Int { counter.load(ordering: .relaxed) + 1 }

    /// Whether it is an error of the page: an uncaught exception, a `console.error`, a failed
    /// request, a CSP violation or a route's failure.
    public var isError: Bool { kind != .console }

    /// One line: kind, message and where, e.g. `uncaughtException: Error: boom (app.js:12)`.
    public var description: String {
        var text = kind == .console ? "console.\(level): \(message)" : "\(kind): \(message)"
        if let url {
            let short = url.count > 120 ? String(url.prefix(117)) + "…" : url
            text += " (\(short)\(line.map { ":\($0)" } ?? ""))"
        }
        return text
    }

    public static func == (a: PageSignal, b: PageSignal) -> Bool { a.sequence == b.sequence }
}
