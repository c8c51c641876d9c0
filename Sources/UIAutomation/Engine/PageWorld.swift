package import LabSupport

// What tools built on UIAutomation (the recorder, the hover inspector) ask of the engine
// beside what tests ask: a script of their own in an isolated world of the page, the browser's
// own highlight, and the page's place in its history. Engine-neutral: the DevTools engine does
// it over CDP (isolated worlds, `Runtime.addBinding`, the `Overlay` domain); a WebDriver BiDi
// engine would use sandboxes and channels.

/// One document's instance of a ``PageWorld`` (a new document makes a new one): opaque above
/// the engine, compared and hashed only.
package struct WorldContext: Hashable, Sendable, CustomStringConvertible {
    /// The engine's name for it (the DevTools engine: the execution context id).
    package let id: String

    package init(_ id: String) { self.id = id }

    package var description: String { "world context \(id)" }
}

/// What a ``PageWorld`` hands its tool, in the order the page sent it.
package enum WorldEvent: Sendable {
    /// The world's script called its binding with `payload` from `context`.
    case report(payload: String, context: WorldContext)
    /// The world was made in a new document: its instance there (the script runs in it on its own).
    case created(WorldContext)
}

/// A tool's script in an isolated world of the app's page: it shares the page's DOM and none of
/// its JavaScript, is installed in every new document, and reports through a binding that only
/// that world sees (``WorldEvent/report(payload:context:)``). Made by
/// ``PageEngine/installWorld(named:binding:script:deliver:)``.
package protocol PageWorld: Sendable {
    /// The world's instance in the document that was open when it was installed (its script
    /// not yet run there: evaluate it in this context).
    var initialContext: WorldContext { get }
    /// Evaluates `expression` in `context` (promises not awaited): its value as JSON. Throws
    /// ``UIAutomationError`` with `.scriptFailed` when it throws.
    func evaluate(_ expression: String, in context: WorldContext, timeout: Duration?) async throws -> JSONValue
    /// The page node that `expression` evaluates to in `context`, as the element tree's handles
    /// name it (``PageSnapshot/elementIndex(forNode:)``); `nil` when it is no node.
    func node(of expression: String, in context: WorldContext, timeout: Duration?) async throws -> NodeHandle?
    /// Calls `declaration` in `context` with `this` the page node `node`: its value as JSON
    /// (`nil` when the node is gone).
    func callFunction(_ declaration: String, on node: NodeHandle, in context: WorldContext, arguments: [JSONValue]) async throws -> JSONValue?
    /// Stops handing events to the tool (the script stays in the page's documents).
    func close()
}

/// One entry of the page's session history.
package struct HistoryEntry: Sendable, Equatable {
    /// Its index in the history (the current entry's, for ``PageEngine/currentHistoryEntry()``).
    package let index: Int
    /// The URL of its document.
    package let url: String

    package init(index: Int, url: String) {
        self.index = index
        self.url = url
    }
}
