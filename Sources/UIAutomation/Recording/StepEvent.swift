public import Foundation

/// One step of a test, as the recording mechanism reports it to every ``StepObserver``: a
/// public action, query wait or expectation of UIAutomation (or a read that failed), named as
/// the code that ran it — `app.cells["lion"].tap()` — with when it started, how long it took,
/// how it ended and, for a failure, why.
///
/// Steps do not nest: a call made inside another call's step (the reads an expectation polls,
/// the tap inside `turnSwitchOn()`) is part of that step.
public struct StepEvent: Sendable {
    /// What kind of call the step was.
    public enum Kind: String, Sendable, Codable {
        /// A launch, an input (tap, typing, swipe…) or a navigation.
        case action
        /// A query wait that answers `true` or `false` (`waitForExistence`, `wait(for:)`).
        case wait
        /// A check that throws when it does not hold (`expect`, `checkToggleIsOn`).
        case expectation
        /// A read (`label`, `snapshot()`…); reported only when it fails.
        case read
    }

    /// How the step ended.
    public enum Outcome: String, Sendable, Codable {
        /// It did what it was asked (a wait that answered `false` passed too).
        case passed
        /// It threw.
        case failed
        /// It threw inside ``withExpectedFailures(_:)``: the caller handles the failure, so no
        /// screenshot or tree was taken for it.
        case expectedFailure
    }

    /// The test it ran in, or `nil` outside any known test.
    public let test: TestIdentity?
    /// The call as code, e.g. `app.cells["lion"].tap()`.
    public let name: String
    /// What kind of call it was.
    public let kind: Kind
    /// When it started (wall clock).
    public let start: Date
    /// How long it took.
    public let duration: Duration
    /// How it ended.
    public let outcome: Outcome
    /// For a failure: the error, with its query chain, reason and element tree.
    public let error: UIAutomationError?
    /// For a failure that is not a ``UIAutomationError`` (a cancellation, say): its text.
    public let otherFailure: String?
    /// A PNG of the screen: at a failure, or after the step when step screenshots are recorded
    /// (``TraceMode``); `nil` when no observer asked for one.
    public let screenshot: Data?
    /// The element tree after the step, when step screenshots are recorded (a failure's tree
    /// is in ``error``).
    public let tree: String?
    /// The artifacts folder of the app that ran the step (``Configuration/artifactsDirectory``).
    public let artifactsDirectory: String?
    /// Files observers earlier in the list wrote for this step (see ``StepObserver``).
    public internal(set) var files: [String] = []
    /// Where the step's queries were resolved and how long each took, one line per path:
    /// `resolved in page (fast) in 1.2 ms`, `resolved accessibility tree (closed shadow root) in
    /// 14 ms` (``Configuration/elementEngine``); `nil` when the step resolved no query.
    public internal(set) var resolution: String?

    /// What the page reported since the step before (``Application/pageSignals``): console
    /// messages, uncaught exceptions, failed requests, CSP violations, routes' failures.
    public internal(set) var pageSignals: [PageSignal] = []

    /// The failure's text without the element tree: query chain, reason, wait, suggestions.
    public var failureMessage: String? {
        if let error {
            var short = error
            short.tree = nil
            short.artifacts = []
            return short.description
        }
        return otherFailure
    }

    /// Whether the step failed (expected or not).
    public var failed: Bool { outcome != .passed }
}
