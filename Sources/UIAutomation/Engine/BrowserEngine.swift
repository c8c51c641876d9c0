/// A browser as an engine drives it: what a ``BrowserSource`` hands out (inside its
/// ``ObtainedBrowser``), and what opens one ``PageEngine`` per launch.
///
/// ``Application/launch(file:line:)`` asks the ``SharedBrowser`` for one (obtaining it from the
/// source on first use, and again once ``isClosed``), opens a page engine in it and opens the
/// app there. Whatever an engine keeps between launches (the DevTools engine prepares the next
/// launch's context and page while a test runs) is its own business. Package-level, as
/// ``PageEngine``: an engine lives in this package (in UIAutomation, or a module of its own).
package protocol BrowserEngine: AnyObject, Sendable {
    /// Whether the browser has gone (closed, crashed, disconnected): the shared browser obtains
    /// a new one from its source for the next launch.
    var isClosed: Bool { get }

    /// A fresh isolated context (cookies, storage) and page for one launch, set up as
    /// `configuration` says (device, dialog policy, identifier attribute), the page's console
    /// messages, exceptions and failed requests recorded to `signals`; not yet navigated
    /// (``PageEngine/open(_:until:)`` does that). Fails with the engine's own errors, which
    /// conform to ``EngineError``, or with ``UIAutomationError``.
    func openPage(configuration: Configuration, signals: PageSignalLog) async throws -> any PageEngine
}

/// An error an engine throws below UIAutomation (a protocol error, a lost connection, a
/// script's exception), with the typed failure it means: the engine translates its own errors.
///
/// ``Application`` turns one into a ``UIAutomationError`` naming the query being run, with
/// ``reason``; an engine may also throw ``UIAutomationError`` itself (with an empty query, filled
/// in above).
package protocol EngineError: Error {
    /// The failure, as UIAutomation reports it: `.timedOut` for a page that did not answer in
    /// time, `.scriptFailed` for a page script's exception, `.browser` with a ``BrowserFailure``
    /// for the rest.
    var reason: UIAutomationError.Reason { get }
}
