/// What the in-page query engine (`elementQuery.js`, issue 42) answered to one query: its
/// matches as snapshot elements (their nodes the engine's references, ``NodeHandle/inPage(_:)``),
/// or why the chain matched nothing usable. Engine-neutral: any engine that runs the script in
/// its pages answers ``PageEngine/inPageQuery(steps:)`` with it.
package struct InPageAnswer: Sendable {
    /// The matches, in document order (the whole chain's, picks applied).
    package let matches: [ElementSnapshot]
    /// Why the chain matched nothing usable, when it did not.
    package let failure: QueryEvaluator.Failure?
    /// For a ``QueryEvaluator/Failure/multipleMatches(step:matches:)``: the matches' elements.
    package let failureMatches: [ElementSnapshot]
    /// The engine's path: `fast` (the candidates of the first type only), `whole` (the
    /// page's whole element tree, kept per change stamp), or `unchanged` (the last answer,
    /// the page unchanged since).
    package let path: String

    package init(matches: [ElementSnapshot], failure: QueryEvaluator.Failure?, failureMatches: [ElementSnapshot], path: String) {
        self.matches = matches
        self.failure = failure
        self.failureMatches = failureMatches
        self.path = path
    }

    /// The same answer, given again for an unchanged page.
    package var unchanged: Self { Self(matches: matches, failure: failure, failureMatches: failureMatches, path: "unchanged") }
}

/// What the in-page engine said to a query.
package enum InPageResolution: Sendable {
    /// It answered.
    case answered(InPageAnswer)
    /// It cannot answer this query exactly here; the reason, for the step log (the query is
    /// then resolved in the engine's element tree, ``PageEngine/snapshot(timeout:frames:)``).
    case fallback(String)
}
