import LabSupport

/// Why a query or an action failed: the query chain, the reason, the element tree at the
/// time, and where its screenshot and tree were saved.
public struct UIAutomationError: Error, Sendable, CustomStringConvertible {
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
        /// The tree the query ran on; `nil` when it was resolved in the page (the suggestions
        /// are then worked out on the accessibility tree, read when the failure is reported).
        let snapshot: PageSnapshot?
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
        var text = "\(query): \(reason)"
        if let waited { text += " (after waiting \(waited.formatted))" }
        if !phases.isEmpty { text += " [phases: " + phases.joined(separator: " → ") + "]" }
        if let callSite { text += " (called at \(callSite))" }
        if !suggestions.isEmpty { text += "; did you mean:\n" + suggestions.map { "  - " + $0 }.joined(separator: "\n") }
        if !artifacts.isEmpty { text += "\nSaved: " + artifacts.joined(separator: ", ") }
        if let tree { text += "\nElement tree:\n" + tree }
        return text
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
