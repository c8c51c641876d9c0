package import Foundation
package import LabSupport

/// What UIAutomation needs from a browser, for one launched app's page: the element tree, one
/// hit test, input, scripts, navigation, waiting for idle, dialogs and screenshots.
///
/// Everything above it — queries, resolution, actionability loops, waits, deadlines, steps,
/// the XCUITest facade — is written against this protocol only. ``PageDriver`` implements it
/// over the Chrome DevTools Protocol; the tests' mock engine implements it in memory, so
/// resolution, actionability and waiting are tested without a browser. A ``BrowserEngine``
/// (what a ``BrowserSource`` hands out) opens one per launch; an engine's own errors conform to
/// ``EngineError``. Package-level: an engine may live in a module of its own in this package
/// (everything it builds — ``PageSnapshot``, ``ElementSnapshot``, ``NodeHandle`` — has a
/// `package` initialiser), and the shape is still free to change.
package protocol PageEngine: AnyObject, Sendable {
    // MARK: Lifecycle

    /// Opens `url` and waits until the app is idle, both by `deadline`.
    func open(_ url: String, until deadline: ContinuousClock.Instant) async throws
    /// Closes the page and everything it owns; never fails.
    func close() async

    // MARK: Reading

    /// The element tree now (a page that does not answer within `timeout`, default the
    /// response timeout, fails it). May reuse the last tree while the page provably has not
    /// changed. With `frames` false the caller reads no frame, and the engine may leave them
    /// as they were at an earlier read (``PageSnapshot/framesAreCurrent`` says which).
    func snapshot(timeout: Duration?, frames: Bool) async throws -> PageSnapshot
    /// How many trees were read from the page and how many reused.
    var snapshotStatistics: (read: Int, reused: Int) { get }

    // MARK: The one hit test

    /// Whether a tap would reach `element` now, without scrolling.
    func isHittable(_ element: ElementSnapshot) async throws -> Bool
    /// The actionability check on a node (scrolls it into view): visible, stable, and the hit
    /// target at the point `offset` (fractions of its box) aims at. With `guardHits`, a passing
    /// check also guards the next press (``takeHitGuard()``).
    func checkActionability(node: NodeHandle, offsetX: Double, offsetY: Double, guardHits: Bool) async throws -> Actionability
    /// Removes the hit guard; what the press hit instead of its element, or `nil`.
    func takeHitGuard() async -> String?

    // MARK: Scripts

    /// Calls a JavaScript function with `this` the node; its value, or `nil` when the node is gone.
    func callFunction(_ declaration: String, on node: NodeHandle, arguments: [JSONValue]) async throws -> JSONValue?
    /// Calls a JavaScript function once with every node still in the document (`this` the
    /// first, the others after `arguments`): the nodes it was given, in order, and its value.
    func callFunction(_ declaration: String, onNodes nodes: [NodeHandle], arguments: [JSONValue]) async throws
        -> (nodes: [NodeHandle], value: JSONValue?)
    /// Which of `nodes` match a CSS selector (an invalid one throws `invalidRequest`).
    func nodes(_ nodes: [NodeHandle], matchingCSS selector: String) async throws -> Set<NodeHandle>
    /// Evaluates an expression in the page's main frame (promises awaited).
    func evaluate(_ expression: String) async throws -> JSONValue

    // MARK: Queries in the page

    /// Resolves `steps` with the in-page query engine (`elementQuery.js`, its wire format
    /// ``InPageRequest``), or says why it cannot answer exactly (the query is then resolved in
    /// ``snapshot(timeout:frames:)``'s tree).
    func inPageQuery(steps: [QueryStep]) async throws -> InPageResolution

    // MARK: Input

    /// Press and release at a viewport point, `count` times, held `duration` between them.
    func tap(x: Double, y: Double, count: Int, holding duration: Duration) async throws
    /// Moves the pointer to a viewport point.
    func hover(x: Double, y: Double) async throws
    /// A swipe from a point by a distance, at `speed` points per second.
    func swipe(from start: (x: Double, y: Double), dx: Double, dy: Double, speed: Int) async throws
    /// Press at `start`, hold `duration`, move to `end` at `pointsPerSecond`, hold `holdAtEnd`, release.
    func drag(from start: (x: Double, y: Double), to end: (x: Double, y: Double), holding duration: Duration,
              pointsPerSecond: Double, holdAtEnd: Duration) async throws
    /// A mouse wheel turn at a point.
    func wheel(at point: (x: Double, y: Double), dx: Double, dy: Double) async throws
    /// A tap with several fingers at once.
    func multiTouchTap(at point: (x: Double, y: Double), fingers count: Int) async throws
    /// Types `text` into whatever has focus, key by key.
    func type(_ text: String) async throws
    /// One key with modifiers.
    func typeKey(_ key: Key, modifiers: ModifierFlags) async throws
    /// Focuses a node for typing, insertion point at the end.
    func focus(node: NodeHandle) async throws
    /// Replaces a node's whole text as a paste would.
    func fill(node: NodeHandle, with text: String) async throws
    /// Moves focus away from a node; whether anything had focus there.
    func resignFocus(node: NodeHandle) async throws -> Bool
    /// Makes the viewport `device`'s size, returning once the page has seen it.
    func emulate(_ device: Device) async throws

    // MARK: Navigation and idle

    /// Loads `url` in the page, by `deadline`.
    func navigate(to url: String, until deadline: ContinuousClock.Instant) async throws
    /// Reloads the page, by `deadline`.
    func reload(until deadline: ContinuousClock.Instant) async throws
    /// Goes `offset` entries through the history (not before the launch's first page);
    /// `false` when there is no such entry.
    func goThroughHistory(by offset: Int, until deadline: ContinuousClock.Instant) async throws -> Bool
    /// Waits until no navigation, request or finite animation is under way, by `deadline`.
    func waitForIdle(until deadline: ContinuousClock.Instant) async throws

    // MARK: Dialogs and screenshots

    /// Queues the answer to the next JavaScript dialog.
    func answerNextDialog(_ response: DialogResponse)
    /// Every JavaScript dialog so far, oldest first.
    var dialogs: [JavaScriptDialog] { get }
    /// A PNG of the viewport.
    func screenshot(timeout: Duration?) async throws -> Data
    /// A PNG of one rectangle of the viewport.
    func screenshot(of rect: Rect) async throws -> Data
    /// A PNG of the viewport (or `rect`) that is the same every run for the same screen.
    func stillScreenshot(of rect: Rect?) async throws -> Data

    // MARK: Network (issue 43)

    /// Pauses the page's requests whose URLs match one of `patterns` (wildcards: `*` any
    /// characters; `nil`: pause none) and answers each as `decide` says, from the next request on.
    func interceptRequests(patterns: [String]?, decide: @escaping @Sendable (RouteRequest) async -> RouteDecision) async throws
    /// Makes the page's network offline, slow, or as it is.
    func emulateNetwork(_ conditions: NetworkConditions) async throws
    /// Runs `trigger`, then waits by `deadline` for the first request (or response, with
    /// `responses`) that `matches` accepts — counting those that start while `trigger` runs.
    func waitForExchange(responses: Bool, matching matches: @escaping @Sendable (NetworkExchange) -> Bool,
                         until deadline: ContinuousClock.Instant, trigger: () async throws -> Void) async throws -> NetworkExchange?
    /// The whole body of `exchange`'s response once it is all in (by `deadline`; `nil` if not
    /// by then). The exchange must come from this engine's network waits.
    func responseBody(of exchange: NetworkExchange, until deadline: ContinuousClock.Instant) async throws -> Data?

    /// Starts keeping the page's exchanges whole (bodies included), for a HAR.
    func startRecordingTraffic() async throws
    /// Stops recording and hands back what was kept.
    func stopRecordingTraffic() async -> [RecordedExchange]
    /// Runs `source` in every new document from now on, before its own scripts, in place of
    /// the script given before under `key` (`nil`: none any more).
    func setDocumentScript(_ source: String?, key: String) async throws

    // MARK: Permissions

    /// Lets the page read and write the clipboard (`navigator.clipboard`) without asking.
    func allowClipboardAccess() async throws

    // MARK: Tools (the recorder and the hover inspector: PageWorld.swift)

    /// Installs `script` in an isolated world named `worldName` of the page — for the document
    /// open now and every later one — with a function `bindingName` that only that world sees,
    /// through which the script reports. Reports and new instances of the world go to
    /// `deliver`, in order, until it answers `false` or the world is closed. The script is not
    /// yet run in the document open now (evaluate it in ``PageWorld/initialContext``).
    func installWorld(named worldName: String, binding bindingName: String, script: String,
                      deliver: @escaping @Sendable (WorldEvent) async -> Bool) async throws -> any PageWorld
    /// Highlights `node` with the browser's own overlay (drawn outside the page: its scripts
    /// see nothing); `nil` hides the highlight.
    func highlight(_ node: NodeHandle?) async throws
    /// Hides the highlight and turns the overlay off.
    func stopHighlighting() async
    /// The current entry of the page's session history.
    func currentHistoryEntry() async throws -> HistoryEntry
    /// The handle a read of the element tree gives `node` (for an engine with more than one
    /// sort of handle: the tree's sort); `nil` when the node has left the document.
    func treeNode(for node: NodeHandle) async throws -> NodeHandle?
}

extension PageEngine {
    package func startRecordingTraffic() async throws {
        throw UIAutomationError(query: "", reason: .invalidRequest("this page engine cannot record traffic"))
    }
    package func stopRecordingTraffic() async -> [RecordedExchange] { [] }
    package func setDocumentScript(_ source: String?, key: String) async throws {
        throw UIAutomationError(query: "", reason: .invalidRequest("this page engine cannot add scripts to new documents"))
    }
    package func interceptRequests(patterns: [String]?, decide: @escaping @Sendable (RouteRequest) async -> RouteDecision) async throws {
        guard patterns == nil else { throw UIAutomationError(query: "", reason: .invalidRequest("this page engine cannot route requests")) }
    }
    package func emulateNetwork(_ conditions: NetworkConditions) async throws {
        guard conditions == .normal else { throw UIAutomationError(query: "", reason: .invalidRequest("this page engine cannot emulate network conditions")) }
    }
    package func waitForExchange(responses: Bool, matching matches: @escaping @Sendable (NetworkExchange) -> Bool,
                         until deadline: ContinuousClock.Instant, trigger: () async throws -> Void) async throws -> NetworkExchange? {
        throw UIAutomationError(query: "", reason: .invalidRequest("this page engine cannot watch the network"))
    }
    package func installWorld(named worldName: String, binding bindingName: String, script: String,
                              deliver: @escaping @Sendable (WorldEvent) async -> Bool) async throws -> any PageWorld {
        throw UIAutomationError(query: "", reason: .invalidRequest("this page engine cannot run a tool's script in a world of its own"))
    }
    /// An engine without the in-page query engine resolves every query in its tree.
    package func inPageQuery(steps: [QueryStep]) async throws -> InPageResolution {
        .fallback("this page engine resolves queries in its element tree only")
    }
    /// An engine without an overlay highlights nothing.
    package func highlight(_ node: NodeHandle?) async throws {}
    package func stopHighlighting() async {}
    package func currentHistoryEntry() async throws -> HistoryEntry {
        throw UIAutomationError(query: "", reason: .invalidRequest("this page engine cannot read the history"))
    }
    /// An engine with one sort of handle: the node's own.
    package func treeNode(for node: NodeHandle) async throws -> NodeHandle? { node }
    package func responseBody(of exchange: NetworkExchange, until deadline: ContinuousClock.Instant) async throws -> Data? {
        throw UIAutomationError(query: "", reason: .invalidRequest("this page engine cannot read response bodies"))
    }
    /// An engine that cannot grant permissions leaves the page to ask (and be refused).
    package func allowClipboardAccess() async throws {}
    /// The element tree now, frames and all, within the response timeout.
    package func snapshot() async throws -> PageSnapshot { try await snapshot(timeout: nil, frames: true) }
    /// The element tree now, frames and all.
    package func snapshot(timeout: Duration?) async throws -> PageSnapshot { try await snapshot(timeout: timeout, frames: true) }
    /// A PNG of the viewport, within the response timeout.
    package func screenshot() async throws -> Data { try await screenshot(timeout: nil) }
    /// A single tap, not held.
    package func tap(x: Double, y: Double, count: Int = 1, holding duration: Duration = .zero) async throws {
        try await tap(x: x, y: y, count: count, holding: duration)
    }
    /// A swipe at the default speed.
    package func swipe(from start: (x: Double, y: Double), dx: Double, dy: Double) async throws {
        try await swipe(from: start, dx: dx, dy: dy, speed: 2_400)
    }
    /// A drag that releases as soon as it arrives.
    package func drag(from start: (x: Double, y: Double), to end: (x: Double, y: Double), holding duration: Duration,
              pointsPerSecond: Double) async throws {
        try await drag(from: start, to: end, holding: duration, pointsPerSecond: pointsPerSecond, holdAtEnd: .zero)
    }
    /// The actionability check without a hit guard.
    package func checkActionability(node: NodeHandle, offsetX: Double, offsetY: Double) async throws -> Actionability {
        try await checkActionability(node: node, offsetX: offsetX, offsetY: offsetY, guardHits: false)
    }
    /// Calls a JavaScript function on a node, with no arguments.
    package func callFunction(_ declaration: String, on node: NodeHandle) async throws -> JSONValue? {
        try await callFunction(declaration, on: node, arguments: [])
    }
}

/// One node of the page, as the engine that read it knows it: opaque above the engine —
/// compared and hashed, never looked into. An engine makes handles from whatever it knows a node
/// by, a number or a string (the DevTools engine: a backend DOM node id, or a reference of the
/// in-page query engine; a WebDriver BiDi engine: a node's shared id), with a ``Kind`` of its own
/// choosing where it has more than one sort of reference, so that two sorts never compare equal.
package struct NodeHandle: Hashable, Sendable, CustomStringConvertible {
    /// Which of an engine's sorts of reference a handle holds (engines name their own, as
    /// static constants in an extension). Kind 0 is the default.
    package struct Kind: Hashable, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The in-page query engine's references (``NodeHandle/inPage(_:)``).
        package static let inPage = Kind(rawValue: 1)
    }

    /// What the engine knows the node by.
    package enum Reference: Hashable, Sendable {
        case number(Int)
        case string(String)
    }

    /// The sort of reference (meaningful to the engine that made the handle only).
    package let kind: Kind
    /// The engine's reference.
    package let reference: Reference

    /// A node the engine numbers `number`.
    package init(_ number: Int, kind: Kind = Kind(rawValue: 0)) {
        self.kind = kind
        self.reference = .number(number)
    }

    /// A node the engine names `string` (WebDriver BiDi's shared ids).
    package init(_ string: String, kind: Kind = Kind(rawValue: 0)) {
        self.kind = kind
        self.reference = .string(string)
    }

    /// The number, for a numbered node of `kind`.
    package func number(ofKind kind: Kind = Kind(rawValue: 0)) -> Int? {
        guard self.kind == kind, case .number(let number) = reference else { return nil }
        return number
    }

    /// The string, for a named node of `kind`.
    package func string(ofKind kind: Kind = Kind(rawValue: 0)) -> String? {
        guard self.kind == kind, case .string(let string) = reference else { return nil }
        return string
    }

    /// A reference of the in-page query engine (`elementQuery.js`: an element a query
    /// resolved in the page; `window.__labInpage.node(ref)` is its node), in any engine that
    /// runs the script: kind 1 (engines number their own sorts from 2 on).
    package static func inPage(_ ref: Int) -> NodeHandle { NodeHandle(ref, kind: .inPage) }

    /// The in-page query engine's reference, for a node it resolved.
    package var inPageReference: Int? { number(ofKind: .inPage) }

    package var description: String {
        let prefix = kind.rawValue == 0 ? "node " : "node (kind \(kind.rawValue)) "
        switch reference {
        case .number(let number): return prefix + String(number)
        case .string(let string): return prefix + string
        }
    }
}
