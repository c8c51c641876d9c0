import LabSupport

extension UIAutomationError {
    /// What went wrong: a ``Kind`` and the details that kind carries.
    ///
    /// A struct over a private enum, so that new kinds can be added without breaking code that
    /// looks at them: compare with a constant, or read ``kind`` and the detail you need.
    ///
    /// ```swift
    /// #expect(error.reason == .noMatch)
    /// #expect(error.reason == .notHittable(coveredBy: "div#overlay"))
    /// guard error.reason.kind == .timedOut, let last = error.reason.lastProblem else { … }
    /// ```
    public struct Reason: Sendable, Equatable, CustomStringConvertible {
        /// What kind of failure it is.
        public struct Kind: Hashable, Sendable, CustomStringConvertible {
            /// The kind's name, as in the constants below.
            public let description: String

            /// Nothing matched.
            public static let noMatch = Kind(description: "noMatch")
            /// Several elements matched a query that needs one (``Reason/matches``).
            public static let multipleMatches = Kind(description: "multipleMatches")
            /// `element(boundBy:)` past the end (``Reason/index``, ``Reason/count``).
            public static let indexOutOfRange = Kind(description: "indexOutOfRange")
            /// Something else receives touches at the action point (``Reason/coveredBy``).
            public static let notHittable = Kind(description: "notHittable")
            /// The element has no visible box (zero size, hidden, or outside the page).
            public static let notVisible = Kind(description: "notVisible")
            /// The element kept moving.
            public static let notStable = Kind(description: "notStable")
            /// The element is disabled.
            public static let disabled = Kind(description: "disabled")
            /// The element's value is not the one the call expects (``Reason/expected``, ``Reason/actual``).
            public static let unexpectedValue = Kind(description: "unexpectedValue")
            /// A wait ran out (``Reason/timeout``, ``Reason/waitingFor``, ``Reason/lastProblem``).
            public static let timedOut = Kind(description: "timedOut")
            /// The app is not running (launch it first).
            public static let notRunning = Kind(description: "notRunning")
            /// The request itself is invalid, e.g. a bad argument (``Reason/message``).
            public static let invalidRequest = Kind(description: "invalidRequest")
            /// A script the test ran in the page threw (``Reason/message``: the exception's).
            public static let scriptFailed = Kind(description: "scriptFailed")
            /// The browser failed underneath (``Reason/browserFailure``).
            public static let browser = Kind(description: "browser")
            /// An accessibility audit found issues its handler did not ignore (``Reason/issues``).
            public static let accessibilityIssues = Kind(description: "accessibilityIssues")
            /// With ``ElementEngine/both``: the in-page engine and the accessibility tree
            /// answered a query differently (``Reason/message``: how).
            public static let enginesDisagree = Kind(description: "enginesDisagree")
            /// The page reported errors during the step that ``Configuration/failingPageSignals``
            /// fails on, or a route failed (``Reason/signals``: one line each).
            public static let pageErrors = Kind(description: "pageErrors")
        }

        /// The cases, with their details; kept private so the public type can grow.
        enum Storage: Sendable, Equatable {
            case noMatch
            case multipleMatches([String])
            case indexOutOfRange(index: Int, count: Int)
            case notHittable(coveredBy: String)
            case notVisible, notStable, disabled
            case unexpectedValue(expected: String, actual: String?)
            case timedOut(after: Duration, waitingFor: String, lastProblem: String?)
            case notRunning
            case invalidRequest(String)
            case scriptFailed(String)
            case browser(BrowserFailure)
            case accessibilityIssues([String])
            case enginesDisagree(String)
            case pageErrors([String])
        }

        let storage: Storage

        // MARK: The reasons

        /// Nothing matched.
        public static let noMatch = Reason(storage: .noMatch)
        /// Several elements matched a query that needs one; their one-line summaries.
        public static func multipleMatches(_ matches: [String]) -> Reason { Reason(storage: .multipleMatches(matches)) }
        /// `element(boundBy: index)` where only `count` elements match.
        public static func indexOutOfRange(index: Int, count: Int) -> Reason { Reason(storage: .indexOutOfRange(index: index, count: count)) }
        /// `coveredBy` receives touches at the action point.
        public static func notHittable(coveredBy: String) -> Reason { Reason(storage: .notHittable(coveredBy: coveredBy)) }
        /// The element has no visible box (zero size, hidden, or outside the page).
        public static let notVisible = Reason(storage: .notVisible)
        /// The element kept moving.
        public static let notStable = Reason(storage: .notStable)
        /// The element is disabled.
        public static let disabled = Reason(storage: .disabled)
        /// The element's value is `actual` where the call expects `expected`.
        public static func unexpectedValue(expected: String, actual: String?) -> Reason {
            Reason(storage: .unexpectedValue(expected: expected, actual: actual))
        }
        /// A wait ran out after `after`; `waitingFor` says for what, `lastProblem` what stood in the way.
        public static func timedOut(after: Duration, waitingFor: String, lastProblem: String?) -> Reason {
            Reason(storage: .timedOut(after: after, waitingFor: waitingFor, lastProblem: lastProblem))
        }
        /// The app is not running (launch it first).
        public static let notRunning = Reason(storage: .notRunning)
        /// The request itself is invalid (e.g. a bad argument).
        public static func invalidRequest(_ message: String) -> Reason { Reason(storage: .invalidRequest(message)) }
        /// A script the test ran in the page threw `message`.
        public static func scriptFailed(_ message: String) -> Reason { Reason(storage: .scriptFailed(message)) }
        /// The browser failed underneath (crash, protocol error).
        public static func browser(_ failure: BrowserFailure) -> Reason { Reason(storage: .browser(failure)) }
        /// An accessibility audit found `issues` (one line each) its handler did not ignore.
        public static func accessibilityIssues(_ issues: [String]) -> Reason { Reason(storage: .accessibilityIssues(issues)) }
        /// The two element engines answered the query differently (``ElementEngine/both``): how.
        public static func enginesDisagree(_ difference: String) -> Reason { Reason(storage: .enginesDisagree(difference)) }
        /// The page reported `signals` (one line each) that the configuration fails on.
        public static func pageErrors(_ signals: [String]) -> Reason { Reason(storage: .pageErrors(signals)) }

        // MARK: Reading one

        /// What kind of failure it is.
        public var kind: Kind {
            switch storage {
            case .noMatch: .noMatch
            case .multipleMatches: .multipleMatches
            case .indexOutOfRange: .indexOutOfRange
            case .notHittable: .notHittable
            case .notVisible: .notVisible
            case .notStable: .notStable
            case .disabled: .disabled
            case .unexpectedValue: .unexpectedValue
            case .timedOut: .timedOut
            case .notRunning: .notRunning
            case .invalidRequest: .invalidRequest
            case .scriptFailed: .scriptFailed
            case .browser: .browser
            case .accessibilityIssues: .accessibilityIssues
            case .enginesDisagree: .enginesDisagree
            case .pageErrors: .pageErrors
            }
        }

        /// For ``Kind/multipleMatches``: the matching elements' one-line summaries; else empty.
        public var matches: [String] { if case .multipleMatches(let matches) = storage { matches } else { [] } }
        /// For ``Kind/indexOutOfRange``: the index asked for.
        public var index: Int? { if case .indexOutOfRange(let index, _) = storage { index } else { nil } }
        /// For ``Kind/indexOutOfRange``: how many elements matched.
        public var count: Int? { if case .indexOutOfRange(_, let count) = storage { count } else { nil } }
        /// For ``Kind/notHittable``: what receives touches at the action point.
        public var coveredBy: String? { if case .notHittable(let cover) = storage { cover } else { nil } }
        /// For ``Kind/unexpectedValue``: the value the call expected.
        public var expected: String? { if case .unexpectedValue(let expected, _) = storage { expected } else { nil } }
        /// For ``Kind/unexpectedValue``: the value found (`nil` when the element has none).
        public var actual: String? { if case .unexpectedValue(_, let actual) = storage { actual } else { nil } }
        /// For ``Kind/timedOut``: how long it waited.
        public var timeout: Duration? { if case .timedOut(let after, _, _) = storage { after } else { nil } }
        /// For ``Kind/timedOut``: what it waited for.
        public var waitingFor: String? { if case .timedOut(_, let what, _) = storage { what } else { nil } }
        /// For ``Kind/timedOut``: what stood in the way at the last try, if anything.
        public var lastProblem: String? { if case .timedOut(_, _, let last) = storage { last } else { nil } }
        /// For ``Kind/invalidRequest``, ``Kind/scriptFailed`` and ``Kind/enginesDisagree``: the message.
        public var message: String? {
            switch storage {
            case .invalidRequest(let message), .scriptFailed(let message), .enginesDisagree(let message): message
            default: nil
            }
        }
        /// For ``Kind/browser``: how the browser failed.
        public var browserFailure: BrowserFailure? { if case .browser(let failure) = storage { failure } else { nil } }
        /// For ``Kind/accessibilityIssues``: one line per issue; else empty.
        public var issues: [String] { if case .accessibilityIssues(let issues) = storage { issues } else { [] } }
        /// For ``Kind/pageErrors``: one line per signal; else empty.
        public var signals: [String] { if case .pageErrors(let signals) = storage { signals } else { [] } }

        /// Whether the element is simply not there: no match, or an index past the end.
        var meansMissing: Bool { kind == .noMatch || kind == .indexOutOfRange }

        /// Whether an action's checks may pass on a later try: the element is missing,
        /// disabled, invisible, moving or covered (rather than a failure of the page).
        var isRetriableByAction: Bool {
            switch storage {
            case .noMatch, .indexOutOfRange, .disabled, .notVisible, .notStable, .notHittable: true
            default: false
            }
        }

        /// The reason in words, as the error's description gives it.
        public var description: String {
            switch storage {
            case .noMatch: "no matches found"
            case .multipleMatches(let matches):
                "\(matches.count) elements match where one was expected:\n" + matches.map { "  - " + $0 }.joined(separator: "\n")
            case .indexOutOfRange(let index, let count): "no element at index \(index) (\(count) match)"
            case .notHittable(let cover): "not hittable: \(cover) receives touches at its centre"
            case .notVisible: "not visible (no size on screen)"
            case .notStable: "never stopped moving"
            case .disabled: "is disabled"
            case .unexpectedValue(let expected, let actual):
                "has value \(actual.map(SwiftLiteral.string) ?? "nil") where \(SwiftLiteral.string(expected)) was expected"
            case .timedOut(let after, let waitingFor, let last):
                "timed out after \(after.formatted) waiting for \(waitingFor)" + (last.map { " (last: \($0))" } ?? "")
            case .notRunning: "the application is not running; call launch() first"
            case .invalidRequest(let message): message
            case .scriptFailed(let message): "the script threw: \(message)"
            case .browser(let error): "the browser failed: \(error)"
            case .accessibilityIssues(let issues):
                "\(issues.count) accessibility issue\(issues.count == 1 ? "" : "s"):\n" + issues.map { "  - " + $0 }.joined(separator: "\n")
            case .enginesDisagree(let difference): "the in-page engine and the accessibility tree disagree: \(difference)"
            case .pageErrors(let signals):
                "the page reported \(signals.count == 1 ? "an error" : "\(signals.count) errors") during this step:\n"
                    + signals.map { "  - " + $0 }.joined(separator: "\n")
            }
        }
    }
}
