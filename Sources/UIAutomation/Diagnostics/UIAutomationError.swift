import LabSupport

/// Why a query or an action failed: the query chain, the reason, the element tree at the
/// time, and where its screenshot and tree were saved.
public struct UIAutomationError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// Nothing matched.
        case noMatch
        /// Several elements matched a query that needs one; their one-line summaries.
        case multipleMatches([String])
        /// `element(boundBy:)` past the end.
        case indexOutOfRange(index: Int, count: Int)
        /// Something else receives touches at the action point.
        case notHittable(coveredBy: String)
        /// The element has no visible box (zero size, hidden, or outside the page).
        case notVisible
        /// The element kept moving.
        case notStable
        /// The element is disabled.
        case disabled
        /// The element's value is not the one the call expects (a check, or an action that
        /// needs a starting state): what it expected and what it found.
        case unexpectedValue(expected: String, actual: String?)
        /// A wait ran out; `waitingFor` says for what, `lastProblem` what stood in the way.
        case timedOut(after: Duration, waitingFor: String, lastProblem: String?)
        /// The app is not running (launch it first).
        case notRunning
        /// The request itself is invalid (e.g. a bad argument).
        case invalidRequest(String)
        /// A script the test ran in the page threw; the exception's message.
        case scriptFailed(String)
        /// The browser failed underneath (crash, protocol error).
        case browser(BrowserFailure)
        /// An accessibility audit found issues its handler did not ignore; one line each.
        case accessibilityIssues([String])

        /// Whether the element is simply not there: no match, or an index past the end.
        var meansMissing: Bool {
            switch self {
            case .noMatch, .indexOutOfRange: return true
            default: return false
            }
        }

        /// Whether an action's checks may pass on a later try: the element is missing,
        /// disabled, invisible, moving or covered (rather than a failure of the page).
        var isRetriableByAction: Bool {
            switch self {
            case .noMatch, .indexOutOfRange, .disabled, .notVisible, .notStable, .notHittable: return true
            default: return false
            }
        }
    }

    /// The query chain, e.g. `app.buttons["Lion"]`.
    public let query: String
    /// What went wrong.
    public let reason: Reason
    /// The element tree when it failed (indented, one element per line), if it could be read.
    public var tree: String?
    /// Files written for this failure (screenshot, tree).
    public var artifacts: [String] = []
    /// How long it waited before giving up, for failures after auto-waiting.
    public var waited: Duration?
    /// The phases the call went through before it failed, in order (for an action: resolving
    /// the element, the actionability checks, input, the idle wait), from its one deadline and log.
    public var phases: [String] = []
    /// For ``Reason/noMatch``: elements the query nearly found ("did you mean"), one line
    /// each — the same text in another case, a label that begins with it, a child that
    /// carries it, an element of another type with it. Filled in when the failure is reported.
    public var suggestions: [String] = []
    /// Where the test made the call that failed (see ``CallSite``), when the call takes one.
    public var callSite: CallSite?
    /// What a `.noMatch` failure needs to compute ``suggestions`` once it is reported.
    var unmatched: UnmatchedQuery?

    /// A query that found nothing, kept with the page it ran on.
    struct UnmatchedQuery: Sendable {
        let steps: [QueryStep]
        let failedStep: Int
        let snapshot: PageSnapshot
    }

    public init(query: String, reason: Reason, tree: String? = nil) {
        self.query = query
        self.reason = reason
        self.tree = tree
    }

    /// Whether the element is simply not there (no match, or an index past the end): what
    /// `exists` answers `false` to and what waits keep waiting through. The one such test.
    var meansMissing: Bool { reason.meansMissing }

    public var description: String {
        var text = "\(query): \(reasonText)"
        if let waited { text += " (after waiting \(waited.formatted))" }
        if !phases.isEmpty { text += " [phases: " + phases.joined(separator: " → ") + "]" }
        if let callSite { text += " (called at \(callSite))" }
        if !suggestions.isEmpty { text += "; did you mean:\n" + suggestions.map { "  - " + $0 }.joined(separator: "\n") }
        if !artifacts.isEmpty { text += "\nSaved: " + artifacts.joined(separator: ", ") }
        if let tree { text += "\nElement tree:\n" + tree }
        return text
    }

    private var reasonText: String {
        switch reason {
        case .noMatch: return "no matches found"
        case .multipleMatches(let matches):
            return "\(matches.count) elements match where one was expected:\n"
                + matches.map { "  - " + $0 }.joined(separator: "\n")
        case .indexOutOfRange(let index, let count): return "no element at index \(index) (\(count) match)"
        case .notHittable(let cover): return "not hittable: \(cover) receives touches at its centre"
        case .notVisible: return "not visible (no size on screen)"
        case .notStable: return "never stopped moving"
        case .disabled: return "is disabled"
        case .unexpectedValue(let expected, let actual):
            return "has value \(actual.map(SwiftLiteral.string) ?? "nil") where \(SwiftLiteral.string(expected)) was expected"
        case .timedOut(let after, let waitingFor, let last):
            return "timed out after \(after.formatted) waiting for \(waitingFor)" + (last.map { " (last: \($0))" } ?? "")
        case .notRunning: return "the application is not running; call launch() first"
        case .invalidRequest(let message): return message
        case .scriptFailed(let message): return "the script threw: \(message)"
        case .browser(let error): return "the browser failed: \(error)"
        case .accessibilityIssues(let issues):
            return "\(issues.count) accessibility issue\(issues.count == 1 ? "" : "s"):\n" + issues.map { "  - " + $0 }.joined(separator: "\n")
        }
    }
}

extension Duration {
    /// `1.5 s`, `250 ms`.
    var formatted: String {
        let total = inSeconds
        return total >= 1 ? "\(total.rounded(toPlaces: 2)) s" : "\(Int((total * 1000).rounded())) ms"
    }
}

extension Double {
    func rounded(toPlaces places: Int) -> Double {
        var factor = 1.0
        for _ in 0..<places { factor *= 10 }
        return (self * factor).rounded() / factor
    }
}
