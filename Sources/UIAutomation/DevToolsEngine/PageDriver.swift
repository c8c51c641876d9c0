import DevTools
import Foundation
import LabSupport
import Synchronization

/// The DevTools engine (``PageEngine`` over the Chrome DevTools Protocol): one launched app's
/// isolated browser context and page, and everything UIAutomation does there — reading the
/// element tree, hit tests, input, waiting for idle. Every operation runs on the connection's
/// thread (`Browser.run`).
final class PageDriver: PageEngine {
    let browser: Browser
    let context: BrowserContext
    let page: PageSession
    let configuration: Configuration
    let navigation: NavigationTracker
    let dialogHandler: DialogHandler
    /// The history index of the launch's first page: going back stops there (before it lies
    /// the new tab's `about:blank`, which is no page of the app).
    let historyFloor = Mutex(0)
    private let cache = Mutex<CachedTree?>(nil)
    /// Handles on DOM nodes kept for calls on many nodes.
    let nodeHandles: NodeHandles
    /// How many times input was sent (counted before and after each): a tree read before the
    /// latest input is reused or refreshed only when the page says input cannot have changed it
    /// unseen (`inputSafe` in `instrumentation.js`: it knows what every `:hover`-like rule that
    /// sets more than paint matched then and matches now).
    private let inputs = Atomic<Int>(0)
    /// The in-page engine's last answer (``inPageQuery(steps:)``).
    let inPageCache = Mutex<InPageCache?>(nil)
    /// The input count when the in-page engine last answered (`-1`: never).
    let inputsAtLastInPageAnswer = Atomic<Int>(-1)
    private let statistics = Mutex((read: 0, reused: 0, refreshed: 0))
    /// Whether a read the page could bound reads the whole tree instead when that is likely
    /// cheaper (``wholeReadIsCheaper(treeNodes:roots:frames:weight:levels:)``); tests of the
    /// partial read itself turn it off.
    let readsWholeWhenCheaper = Atomic(true)

    /// The last tree read, the page's change stamp and read number when it was read, the input
    /// count then, and what it was built from: the accessibility nodes (what a partial read joins
    /// with) and the DOM facts (what a read that skips the DOM snapshot carries over).
    struct CachedTree: Sendable {
        let stamp: String
        let read: Int
        let inputs: Int
        /// Main-frame loads completed when it was read: a tree of an earlier document is of no
        /// use to a read (``NavigationTracker/loadCount``).
        let loads: Int
        let snapshot: PageSnapshot
        let tree: AXTree
        let facts: SnapshotBuilder.PageFacts
        /// The build's elements by node position, for the next build on this tree's positions.
        let layout: SnapshotBuilder.Layout

        /// What a build can take from this one, for a tree whose positions are this tree's but
        /// `replaced` (``AXTree/replaced``; `[]` for this very tree); none without such positions.
        func reuse(replaced: [Int]?) -> SnapshotBuilder.Reuse? {
            replaced.map { SnapshotBuilder.Reuse(snapshot: snapshot, layout: layout, facts: facts.nodes, replaced: $0) }
        }

        /// This tree with its frames marked stale (its boxes moved since they were read).
        func withStaleFrames() -> CachedTree {
            CachedTree(stamp: stamp, read: read, inputs: inputs, loads: loads, snapshot: snapshot.withStaleFrames(),
                       tree: tree, facts: facts, layout: layout)
        }
    }

    /// The start of a read: `lab.beginRead`'s answer, for this driver's identifier attribute;
    /// after input, with whether input can have changed the tree unseen.
    private let beginRead: String
    private let beginReadAfterInput: String

    private init(browser: Browser, context: BrowserContext, page: PageSession, configuration: Configuration) {
        self.browser = browser
        self.context = context
        self.page = page
        self.configuration = configuration
        self.navigation = NavigationTracker(page: page)
        self.dialogHandler = DialogHandler(page: page, policy: configuration.dialogPolicy)
        self.nodeHandles = NodeHandles(page: page)
        self.beginRead = PageScripts.beginRead(identifierAttribute: configuration.identifierAttribute, afterInput: false)
        self.beginReadAfterInput = PageScripts.beginRead(identifierAttribute: configuration.identifierAttribute, afterInput: true)
    }

    /// A fresh context and page in `browser`, set up as the configured device: a spare made
    /// ready after an earlier launch (``SparePages``) when there is one, else made now.
    static func open(in browser: Browser, configuration: Configuration) async throws -> PageDriver {
        let (context, page) = try await SparePages.shared.take(in: browser, device: configuration.device)
        return PageDriver(browser: browser, context: context, page: page, configuration: configuration)
    }

    /// A new isolated context and page in `browser`, emulating `device`, with the
    /// instrumentation script installed for every document, page events and the
    /// accessibility domain enabled; not yet navigated.
    static func prepare(in browser: Browser, device: Device) async throws -> (BrowserContext, PageSession) {
        try await browser.run {
            let context = try await browser.newContext()
            do {
                let page = try await context.newPage()
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await page.enablePageEvents() }  // navigate(to:) then skips it
                    group.addTask {
                        _ = try await page.send(CDP.Page.AddScriptToEvaluateOnNewDocument(source: PageScripts.instrumentation))
                    }
                    // The in-page element engine, before the page's scripts: it must see their
                    // click listeners and shadow roots (issue 42).
                    group.addTask {
                        _ = try await page.send(CDP.Page.AddScriptToEvaluateOnNewDocument(source: PageScripts.elementQueryInstall))
                    }
                    group.addTask {
                        _ = try await page.send(CDP.Emulation.SetDeviceMetricsOverride(
                            width: device.width, height: device.height, deviceScaleFactor: device.scale, mobile: device.isMobile))
                    }
                    group.addTask {
                        _ = try await page.send(CDP.Emulation.SetTouchEmulationEnabled(enabled: device.hasTouch, maxTouchPoints: 5))
                    }
                    group.addTask {
                        _ = try await page.send(CDP.Emulation.SetEmulatedMedia(
                            features: [
                                .init(name: "prefers-color-scheme", value: device.colorScheme),
                                .init(name: "prefers-reduced-motion", value: device.reducedMotion ? "reduce" : "no-preference"),
                            ]))
                    }
                    group.addTask { _ = try await page.send(CDP.Emulation.SetFocusEmulationEnabled(enabled: true)) }
                    group.addTask { _ = try await page.send(CDP.Accessibility.Enable()) }
                    try await group.waitForAll()
                }
                return (context, page)
            } catch {
                try? await context.dispose()
                throw error
            }
        }
    }

    /// Opens `url` and waits until the app is idle, both by `deadline`.
    func open(_ url: String, until deadline: ContinuousClock.Instant) async throws {
        try await browser.run {
            try await page.navigate(to: url, timeout: max(deadline - .now, .milliseconds(1)))
            let history = try await page.send(CDP.Page.GetNavigationHistory(), timeout: configuration.responseTimeout)
            historyFloor.withLock { $0 = history.currentIndex }
            try await waitForIdle(until: deadline)
        }
    }

    func close() async {
        try? await context.dispose()
    }

    func answerNextDialog(_ response: DialogResponse) { dialogHandler.answerNext(response) }

    var dialogs: [JavaScriptDialog] { dialogHandler.dialogs }

    // MARK: - Reading the page

    /// The element tree now: the accessibility tree and the DOM facts, read concurrently.
    /// A page that does not answer within `timeout` (default: the response timeout) fails it.
    ///
    /// Reading the whole accessibility tree costs the browser 5–20 ms on a 100-element page
    /// (and ~300 ms at 2,000), so it is read whole only when it must be:
    /// - the last tree is reused while the page provably has not changed: the in-page change
    ///   stamp (``PageScripts/instrumentation``) is the same, nothing animates, no navigation
    ///   is under way, and no input was sent since — or the only changes were to attributes
    ///   nothing reads (class names no CSS mentions, `data-*` attributes but the identifier);
    /// - after DOM mutations the page can bound (text changed or nodes added or removed in a
    ///   few subtrees, attributes nothing reads), only those subtrees and their ancestors are
    ///   read again (``refreshedTree(_:roots:describing:firstRoot:limit:)``) and joined with the
    ///   last tree.
    ///
    /// With `frames` false (the caller reads no frame: `exists`, `label`, an action's
    /// resolution) a partial read also skips the DOM snapshot: the changed subtrees' attributes
    /// are described with them and the last read's boxes kept
    /// (``PageSnapshot/framesAreCurrent`` false); a later read that needs frames then reads the
    /// DOM snapshot only. Otherwise the DOM facts (identifiers, boxes) are read whole.
    ///
    /// Every path gives the tree a full read gives (`ReadEquivalenceTests` compares them over
    /// random mutations; frames aside where they were skipped).
    ///
    /// A read that a navigation overtakes ("Inspected target navigated or closed", "Cannot find
    /// context with specified id": the document went away mid-read) is read again, from the new
    /// document, within `timeout` — a query right after the input that navigated is normal use.
    func snapshot(timeout: Duration?, frames: Bool) async throws -> PageSnapshot {
        let limit = timeout ?? configuration.responseTimeout
        let deadline = ContinuousClock.now + limit
        while true {
            do {
                return try await readSnapshot(limit: limit, frames: frames)
            } catch DevToolsError.protocolError(_, _, let message, _)
                where Self.isNavigationRace(message) && ContinuousClock.now + .milliseconds(50) < deadline {
                invalidateSnapshot()
                try await Task.sleep(for: .milliseconds(50))
            }
        }
    }

    /// Whether a protocol error means the document was replaced while a command ran on it: the
    /// one test, used by reads and by the idle wait (which goes round on it and fails on any
    /// other protocol error, rather than waiting out its deadline on a real one).
    static func isNavigationRace(_ message: String) -> Bool {
        message.contains("navigated or closed") || message.contains("Cannot find context with specified id")
            || message.contains("Execution context was destroyed") || message.contains("Promise was collected")
    }

    /// What a read can take from the last tree, from what the page says changed since.
    private enum ReadPlan {
        /// Nothing it reads changed: the last tree as it is.
        case reuse(CachedTree)
        /// The tree is the last one's, its frames must be read.
        case frames(CachedTree)
        /// The changed subtrees read again and joined with the last tree.
        case partial(CachedTree, ChangedRoots)
        /// Everything read.
        case whole

        var isPartial: Bool {
            if case .partial = self { true } else { false }
        }
    }

    /// The most changed subtrees a partial read reads (`instrumentation.js` goes whole past 32).
    static let maximumChangedRoots = 32

    /// A whole number the page answered, or `nil` (a fraction, a number past `Int`, not a number):
    /// `Int(_:)` would stop the process on a huge one.
    static func integer(_ value: JSONValue?) -> Int? {
        value?.number.flatMap { Int(exactly: $0) }
    }

    private func readPlan(_ begin: JSONValue?, frames: Bool, inputs: Int) -> ReadPlan {
        guard let begin, let stamp = begin.member("stamp")?.string, begin.member("read")?.number != nil,
              !navigation.isLoading, let cached = cache.withLock({ $0 }),
              cached.inputs == inputs || begin.member("inputSafe")?.bool == true else { return .whole }
        let partial = begin.member("partial")?.bool == true && Self.integer(begin.member("base")) == cached.read
        // Counts the page's script gives; anything but a small whole number reads whole.
        let count = { (name: String) in begin.member(name).map { Self.integer($0) ?? -1 } ?? 0 }
        let roots = ChangedRoots(deep: count("roots"), shallow: count("shallow"), lean: count("lean"))
        guard roots.deep >= 0, roots.shallow >= 0, roots.lean >= 0 else { return .whole }
        let unchanged = cached.stamp == stamp
            || (partial && roots.count == 0 && begin.member("identifiers")?.bool == false)
        if unchanged {
            // The page scrolled, no node changed: the boxes moved.
            if cached.stamp != stamp && begin.member("scrolled")?.bool != false {
                return frames ? .frames(cached) : .reuse(cached.withStaleFrames())
            }
            return frames && !cached.snapshot.framesAreCurrent ? .frames(cached) : .reuse(cached)
        }
        // The page logs at most 32 changed places; more (a page that rewrote our script's answer)
        // would have the read ask for that many roots: read it whole instead.
        guard partial, roots.count <= Self.maximumChangedRoots else { return .whole }
        if readsWholeWhenCheaper.load(ordering: .relaxed),
           Self.wholeReadIsCheaper(treeNodes: cached.tree.nodes.count, roots: roots, frames: frames,
                                   weight: count("weight"), levels: count("levels")) {
            return .whole
        }
        return .partial(cached, roots)
    }

    /// The largest tree (accessibility nodes, inline text boxes included) read whole in place of
    /// a partial read that would cost more: about 11 ms of the browser's time here.
    static let smallTree = 300

    /// Whether a whole read of a small tree is likely to cost less than the partial read the
    /// page asked for: `weight` elements in its deep subtrees, `levels` deep, each level a round
    /// trip. A partial read's time grows with its round trips and commands, a whole read's with
    /// the tree (measured on this machine, docs/decisions.md: `getFullAXTree` about 5.3 ms +
    /// 18 µs a node; a round trip 1.5 ms; a command 0.4 ms). Either way the tree is the same:
    /// only the time differs. Counts the page did not give (`-1`) leave the read partial.
    /// `treeNodes` is the tree held, with the orphans in-place joins leave behind: an over-count,
    /// which leans to partial reads.
    static func wholeReadIsCheaper(treeNodes: Int, roots: ChangedRoots, frames: Bool, weight: Int, levels: Int) -> Bool {
        guard treeNodes <= smallTree, weight >= 0, levels >= 0 else { return false }
        // A read that skips the boxes skips the DOM snapshot too, which a whole read makes.
        let whole = 5.3 + 0.018 * Double(treeNodes) + (frames ? 0 : 2.5)
        let partial = 1.0 + 1.5 * Double(levels) + 0.4 * Double(2 * roots.count + weight)
        return whole < partial
    }

    private func readSnapshot(limit: Duration, frames: Bool) async throws -> PageSnapshot {
        try await browser.run {
            // Counted before the page is asked: input sent during the read makes the next read ask again.
            let inputs = self.inputs.load(ordering: .acquiring)
            let loads = navigation.loadCount
            let (begin, firstRoot, whole) = try await startRead(inputs: inputs, loads: loads, limit: limit)
            var plan = readPlan(begin, frames: frames, inputs: inputs)
            if let firstRoot, !plan.isPartial { releaseInBackground(CDP.Runtime.ReleaseObjectGroup(objectGroup: firstRoot.group)) }
            let builder = SnapshotBuilder(identifierAttribute: configuration.identifierAttribute)
            // Stored under the stamp taken *before* reading: a change during the read makes
            // the next stamp differ (and is in the next read's log), so the next query reads again.
            func keep(_ built: SnapshotBuilder.Built, _ tree: AXTree, _ facts: SnapshotBuilder.PageFacts) -> PageSnapshot {
                let stamp = begin?.member("stamp")?.string, read = Self.integer(begin?.member("read"))
                cache.withLock { $0 = stamp.flatMap { stamp in read.map { CachedTree(stamp: stamp, read: $0, inputs: inputs, loads: loads, snapshot: built.snapshot, tree: tree, facts: facts, layout: built.layout) } } }
                return built.snapshot
            }
            if let whole {
                // No tree to join to: read whole, asked for with the start of the read.
                let tree = AXTree(try whole.tree.get().nodes)
                statistics.withLock { $0.read += 1 }
                let facts = builder.facts(try whole.dom.get())
                return keep(builder.build(tree, facts: facts, framesAreCurrent: true), tree, facts)
            }
            if case .reuse(let cached) = plan {
                statistics.withLock { $0.reused += 1 }
                return keep(SnapshotBuilder.Built(snapshot: cached.snapshot, layout: cached.layout), cached.tree, cached.facts)
            }
            // No frames wanted and the page bounds its changes: no DOM snapshot at all, unless an
            // identifier changed outside the changed subtrees.
            if case .partial(let cached, let roots) = plan, !frames, begin?.member("identifiers")?.bool == false {
                if let refreshed = try await refreshedTree(cached.tree, roots: roots, describing: true,
                                                           firstRoot: firstRoot, limit: limit) {
                    statistics.withLock { $0.refreshed += 1 }
                    let facts = builder.updating(cached.facts, with: refreshed.described)
                    let reuse = cached.reuse(replaced: refreshed.tree.replaced)
                    return keep(builder.build(refreshed.tree, facts: facts, framesAreCurrent: false, reuse: reuse), refreshed.tree, facts)
                }
                plan = .whole  // it did not join: read it all
            }
            async let dom = page.send(CDP.DOMSnapshot.CaptureSnapshot(computedStyles: []), timeout: limit)
            var tree: AXTree?
            var reuse: SnapshotBuilder.Reuse?
            switch plan {
            case .frames(let cached):
                tree = cached.tree
                reuse = cached.reuse(replaced: [])
            case .partial(let cached, let roots):
                tree = try await refreshedTree(cached.tree, roots: roots, firstRoot: firstRoot, limit: limit)?.tree
                reuse = cached.reuse(replaced: tree?.replaced)
            case .reuse, .whole:
                break
            }
            if tree != nil {
                statistics.withLock { $0.refreshed += 1 }
            } else {
                tree = AXTree(try await page.send(CDP.Accessibility.GetFullAXTree(), timeout: limit).nodes)
                reuse = nil
                statistics.withLock { $0.read += 1 }
            }
            let read = tree ?? AXTree([])
            let facts = builder.facts(try await dom)
            return keep(builder.build(read, facts: facts, framesAreCurrent: true, reuse: reuse), read, facts)
        }
    }

    /// A whole read's two replies, asked for with the start of the read.
    private typealias WholeRead = (tree: Result<CDP.Accessibility.GetFullAXTree.Response, any Error>,
                                   dom: Result<CDP.DOMSnapshot.CaptureSnapshot.Response, any Error>)

    /// Starts a read: `lab.beginRead`'s answer and, when there is a tree to join to, a handle on
    /// the first changed subtree's root, asked for right behind it so that a partial read starts
    /// with it in hand. With no
    /// tree to join to (a new document) the read is whole: the tree and the DOM snapshot are
    /// asked for right behind the start instead (the stamp is still taken first).
    private func startRead(inputs: Int, loads: Int, limit: Duration) async throws -> (begin: JSONValue?, firstRoot: FirstRoot?, whole: WholeRead?) {
        let (hasCache, afterInput) = cacheState(inputs: inputs, loads: loads)
        let begin = CDP.Runtime.Evaluate(expression: afterInput ? beginReadAfterInput : beginRead)
        guard hasCache else {
            let (started, tree, dom) = try await page.send(
                begin, then: CDP.Accessibility.GetFullAXTree(), CDP.DOMSnapshot.CaptureSnapshot(computedStyles: []), timeout: limit)
            return (started.result.value, nil, (tree, dom))
        }
        let group = "automationlab-read-" + UUID().uuidString
        // One root only: a second (an element added is two roots, it and its container) saved a
        // round trip there but cost every unchanged read 0.2 ms (measured, docs/decisions.md).
        let (started, root) = try await page.send(
            begin, then: CDP.Runtime.Evaluate(expression: PageScripts.readRoot(0), returnByValue: false, objectGroup: group), timeout: limit)
        // No root, no handle made: nothing to release (an unchanged page's read stays one call).
        return (started.result.value, (try? root.get().result.objectId).map { FirstRoot(objectId: $0, group: group) }, nil)
    }

    /// The element tree read whole, past the cache (which it leaves alone): the reference
    /// partial reads are checked against (`ReadEquivalenceTests`).
    func fullSnapshot(timeout: Duration? = nil) async throws -> PageSnapshot {
        let limit = timeout ?? configuration.responseTimeout
        return try await browser.run {
            async let tree = page.send(CDP.Accessibility.GetFullAXTree(), timeout: limit)
            async let dom = page.send(CDP.DOMSnapshot.CaptureSnapshot(computedStyles: []), timeout: limit)
            return try await SnapshotBuilder(identifierAttribute: configuration.identifierAttribute).build(axNodes: tree.nodes, dom: dom)
        }
    }

    /// Forgets the cached tree and the in-page engine's last answer: the next read reads the page again.
    func invalidateSnapshot() {
        cache.withLock { $0 = nil }
        inPageCache.withLock { $0 = nil }
    }

    /// How many times input was sent so far (counted before and after each input).
    var inputCount: Int { inputs.load(ordering: .acquiring) }

    /// Whether there is a cached tree of this document (read after main-frame load number
    /// `loads`), and whether it was read before input number `inputs`.
    @inline(never)
    private func cacheState(inputs: Int, loads: Int) -> (exists: Bool, beforeInput: Bool) {
        cache.withLock { cached in
            guard let cached, cached.loads == loads else { return (false, false) }
            return (true, cached.inputs != inputs)
        }
    }

    /// Counts input sent, or (`forgetting`: a navigation, a new viewport) forgets the cached tree
    /// and the node handles. Not inlined: a `Mutex` used in the body of an async function, once
    /// inlined there, crashed release builds ("unlock on a thread which hasn't acquired").
    @inline(never)
    private func noteInput(forgetting: Bool) {
        if forgetting {
            invalidateSnapshot()
            nodeHandles.reset()
        } else {
            inputs.add(1, ordering: .releasing)
        }
    }

    /// Runs `body` (which sends input) on the connection's thread, counting the input before
    /// and after: the cached tree is kept, and the next read reuses it (or reads in part) only
    /// when the page vouches that the input changed nothing it did not log. With `forgetting`
    /// (a navigation, a new viewport) the cached tree is dropped instead. (No `defer`: a `Mutex`
    /// in the `defer` of an async function crashed in release builds with "unlock on a thread
    /// which hasn't acquired".)
    func sendingInput<T: Sendable>(forgetting: Bool = false, _ body: () async throws -> T) async throws -> T {
        noteInput(forgetting: forgetting)
        let result: T
        do {
            result = try await browser.run(body)
        } catch {
            noteInput(forgetting: forgetting)
            throw error
        }
        noteInput(forgetting: forgetting)
        return result
    }

    /// How many trees were read from the page (whole or in part) and how many reused.
    var snapshotStatistics: (read: Int, reused: Int) { statistics.withLock { ($0.read + $0.refreshed, $0.reused) } }

    /// How many trees were read whole, how many reused, and how many refreshed in part
    /// (``refreshedTree(_:roots:describing:firstRoot:limit:)``, or the frames of a tree read without them).
    var readStatistics: (read: Int, reused: Int, refreshed: Int) { statistics.withLock { ($0.read, $0.reused, $0.refreshed) } }

    /// Whether a tap would reach `element` now: the one hit test (``PageScripts/actionability``
    /// in its `hitTest` mode: visible, and the node hit at the point a tap aims at — through open
    /// shadow roots — is the element or inside it), without scrolling. `false` when it has no
    /// DOM node or its node has gone.
    func isHittable(_ element: ElementSnapshot) async throws -> Bool {
        guard let node = element.node else { return false }
        return try await actionability(node: node, offsetX: 0.5, offsetY: 0.5, mode: "hitTest", guardHits: false).state == .ok
    }

    /// A PNG of the viewport.
    ///
    /// Right after a navigation commits, Chromium can answer `Page.captureScreenshot` with
    /// "Not attached to an active page" until the new document's frame is attached (seen
    /// under load after form-post redirects); that answer is retried with back-off until
    /// the response timeout.
    func screenshot(timeout: Duration? = nil) async throws -> Data {
        let limit = timeout ?? configuration.responseTimeout
        var shot: Data?
        var refusal: (any Error)?
        _ = try await poll(until: .now + limit) {
            do {
                shot = try await browser.run { try await page.screenshot(timeout: limit) }
                return true
            } catch DevToolsError.protocolError(_, _, let message, _) where message.contains("Not attached to an active page") {
                refusal = DevToolsError.unexpectedResponse(method: CDP.Page.CaptureScreenshot.method, reason: message)
                return false
            }
        }
        if let shot { return shot }
        throw refusal ?? DevToolsError.timeout(method: CDP.Page.CaptureScreenshot.method, after: limit)
    }

    /// A PNG of one rectangle of the viewport.
    func screenshot(of rect: Rect) async throws -> Data {
        try await browser.run {
            let reply = try await page.send(CDP.Page.CaptureScreenshot(
                format: "png", clip: .init(x: rect.x, y: rect.y, width: max(rect.width, 1), height: max(rect.height, 1))))
            guard let data = Data(base64Encoded: reply.data) else {
                throw DevToolsError.unexpectedResponse(method: CDP.Page.CaptureScreenshot.method, reason: "not base64")
            }
            return data
        }
    }

    /// A PNG of the viewport, or of `rect` in it, that is the same every run for the same
    /// screen: the page is held still first (``PageScripts/holdStill``: no caret, no
    /// scrollbars, finite animations finished, infinite ones paused, fonts loaded) and let go
    /// after, whatever happens.
    func stillScreenshot(of rect: Rect?) async throws -> Data {
        _ = try await evaluate("(" + PageScripts.holdStill + ")(true)")
        let shot: Result<Data, any Error>
        do {
            if let rect {
                shot = .success(try await screenshot(of: rect))
            } else {
                shot = .success(try await screenshot())
            }
        } catch {
            shot = .failure(error)
        }
        _ = try? await evaluate("(" + PageScripts.holdStill + ")(false)")
        return try shot.get()
    }

    // MARK: - Actions

    /// Runs the actionability check on a node; see ``PageScripts/actionability``. With
    /// `guardHits`, a passing check also guards the next press: if it lands on something else,
    /// the page never sees it, and ``takeHitGuard()`` says what it hit.
    func checkActionability(node: NodeHandle, offsetX: Double, offsetY: Double, guardHits: Bool = false) async throws -> Actionability {
        try await actionability(node: node, offsetX: offsetX, offsetY: offsetY, mode: "action", guardHits: guardHits)
    }

    private func actionability(node: NodeHandle, offsetX: Double, offsetY: Double, mode: String, guardHits: Bool) async throws -> Actionability {
        let value = try await callFunction(PageScripts.actionability, on: node, arguments: [
            .number(offsetX), .number(offsetY), .bool(guardHits), .string(mode), .string(configuration.identifierAttribute),
        ])
        guard let value, value != .null else { return .detachedNode }
        return try JSONDecoder().decode(Actionability.self, from: JSONEncoder().encode(value))
    }

    /// Removes the hit guard of the last actionability check; what the press hit instead of
    /// its element, or `nil` when it hit it (or the page has gone: a navigation it caused).
    func takeHitGuard() async -> String? {
        try? await browser.run {
            try await page.send(CDP.Runtime.Evaluate(expression: PageScripts.takeHitGuard), timeout: configuration.responseTimeout)
                .result.value?.string
        } ?? nil
    }

    /// Calls `declaration` (a JavaScript function) with `this` the DOM node and returns its
    /// value (promises awaited); `nil` when the node is gone. A thrown exception becomes
    /// ``DevToolsError/javaScriptException(message:)``.
    func callFunction(_ declaration: String, on node: NodeHandle, arguments: [JSONValue] = []) async throws -> JSONValue? {
        try await browser.run {
            // A node that left the document has no handle: `nil`.
            guard let objectId = try await NodeHandles.object(for: node, in: page, group: nil, limit: configuration.responseTimeout)
            else { return nil }
            // The handle belongs to this call: released before it returns, whatever happens.
            let reply: CDP.Runtime.CallFunctionOn.Response
            do {
                reply = try await page.send(CDP.Runtime.CallFunctionOn(
                    functionDeclaration: declaration, objectId: objectId,
                    arguments: arguments.map { .init(value: $0) },
                    returnByValue: true, awaitPromise: true), timeout: configuration.responseTimeout)
            } catch {
                await release { _ = try await page.send(CDP.Runtime.ReleaseObject(objectId: objectId), timeout: configuration.responseTimeout) }
                throw error
            }
            releaseInBackground(CDP.Runtime.ReleaseObject(objectId: objectId))
            if let exception = reply.exceptionDetails {
                throw DevToolsError.javaScriptException(message: exception.message)
            }
            return reply.result.value
        }
    }

    /// Evaluates a JavaScript expression in the page's main frame and returns its JSON value
    /// (promises awaited, `undefined` as null). A thrown exception becomes
    /// ``DevToolsError/javaScriptException(message:)``.
    func evaluate(_ expression: String) async throws -> JSONValue {
        try await browser.run { try await page.evaluate(expression, timeout: configuration.responseTimeout) }
    }

    /// Which of `nodes` (backend node ids) match the CSS `selector` — a text node by its
    /// parent element (``callFunction(_:onNodes:arguments:)``). A node that left the document
    /// matches nothing. An invalid selector throws ``UIAutomationError/Reason/invalidRequest(_:)``.
    ///
    /// Many nodes without handles yet (a first query over a large page's texts) are not each
    /// resolved: the document is searched instead (``documentNodes(matchingCSS:)``), when all
    /// of them are in it.
    func nodes(_ nodes: [NodeHandle], matchingCSS selector: String) async throws -> Set<NodeHandle> {
        if nodeHandles.unknownCount(of: nodes) > Self.searchThreshold, inMainDocument(nodes),
           let found = try await documentNodes(matchingCSS: selector) {
            return Set(nodes).intersection(found)
        }
        let (handled, value) = try await callFunction(PageScripts.nodesMatchingSelector, onNodes: nodes, arguments: [.string(selector)])
        switch value {
        case .array(let answers)?:
            return Set(zip(handled, answers).compactMap { $1.bool == true ? $0 : nil })
        case .object(let fields)?:
            throw Self.invalidSelector(selector, fields["invalidSelector"]?.string ?? "")
        default:
            return []
        }
    }

    /// Whether the last read's DOM snapshot holds every one of `nodes` (a node in a shadow tree
    /// or a frame is not in it: a search of the document would not find it).
    @inline(never)
    private func inMainDocument(_ nodes: [NodeHandle]) -> Bool {
        cache.withLock { cached in cached.map { cached in nodes.allSatisfy { cached.facts.parents[$0] != nil } } ?? false }
    }

    /// Past this many nodes without handles, a CSS match searches the document: three round
    /// trips whatever the number of candidates, against a `DOM.resolveNode` each.
    static let searchThreshold = 16

    private static func invalidSelector(_ selector: String, _ reason: String) -> UIAutomationError {
        UIAutomationError(query: "", reason: .invalidRequest("\(SwiftLiteral.string(selector)) is not a CSS selector: \(reason)"))
    }

    /// The backend ids of the document's elements that match `selector` and of their text
    /// children, found by the page (`document.querySelectorAll`), each described once; `nil`
    /// when the page cannot answer for every node (``PageScripts/documentMatchingSelector``).
    private func documentNodes(matchingCSS selector: String) async throws -> Set<NodeHandle>? {
        try await browser.run {
            let limit = configuration.responseTimeout
            let group = "automationlab-css-" + UUID().uuidString
            defer { releaseInBackground(CDP.Runtime.ReleaseObjectGroup(objectGroup: group)) }
            let reply = try await page.send(CDP.Runtime.Evaluate(
                expression: "(\(PageScripts.documentMatchingSelector))(\(PageScripts.string(selector)))",
                returnByValue: false, objectGroup: group), timeout: limit)
            if let exception = reply.exceptionDetails { throw DevToolsError.javaScriptException(message: exception.message) }
            if let reason = reply.result.value?.string { throw Self.invalidSelector(selector, reason) }
            guard let array = reply.result.objectId else { return nil }
            let elements = try await page.send(CDP.Runtime.GetProperties(objectId: array), timeout: limit).result
                .compactMap { property in Int(property.name) != nil ? property.value?.objectId : nil }
            let page = self.page
            return try await withThrowingTaskGroup(of: Int.self) { tasks in
                for objectId in elements {
                    tasks.addTask { try await page.send(CDP.DOM.DescribeNode(objectId: objectId), timeout: limit).node.backendNodeId }
                }
                var found = Set<NodeHandle>()
                for try await id in tasks { found.insert(NodeHandle(id)) }
                return found
            }
        }
    }

    /// Calls `declaration` (a JavaScript function) once with every node of `nodes` (backend
    /// node ids): `this` is the first node still in the document, and the function gets
    /// `arguments` followed by the other nodes. Returns the nodes it was given, in that order
    /// (nodes that left the document are skipped), and its value (`nil` when no node is left).
    /// The nodes' handles are kept for later calls (``NodeHandles``): once they are known, one
    /// round trip for any number of nodes. Stale handles (a new document) are made again once.
    func callFunction(_ declaration: String, onNodes nodes: [NodeHandle], arguments: [JSONValue]) async throws
        -> (nodes: [NodeHandle], value: JSONValue?) {
        guard !nodes.isEmpty else { return ([], nil) }
        return try await browser.run {
            let limit = configuration.responseTimeout
            var attempt = 0
            while true {
                let handles = try await nodeHandles.objects(for: nodes, limit: limit)
                guard let first = handles.first else { return ([], nil) }
                let reply: CDP.Runtime.CallFunctionOn.Response
                do {
                    reply = try await page.send(CDP.Runtime.CallFunctionOn(
                        functionDeclaration: declaration, objectId: first.objectId,
                        arguments: arguments.map { .init(value: $0) } + handles.dropFirst().map { .init(objectId: $0.objectId) },
                        returnByValue: true), timeout: limit)
                } catch DevToolsError.protocolError(_, _, let message, _) where attempt == 0 && NodeHandles.isStale(message) {
                    nodeHandles.reset()
                    attempt += 1
                    continue
                }
                if let exception = reply.exceptionDetails {
                    throw DevToolsError.javaScriptException(message: exception.message)
                }
                return (handles.map(\.node), reply.result.value)
            }
        }
    }

    /// Sends `release` (freeing page handles no later command uses) without waiting for its
    /// answer: the page runs a session's commands in order, and a page that has gone or
    /// navigated has freed them itself. Saves the caller a round trip.
    func releaseInBackground(_ release: some CDPCommand) {
        let page = self.page, limit = configuration.responseTimeout
        Task { _ = try? await page.send(release, timeout: limit) }
    }

    /// Runs `release` (freeing page handles); a page that has gone or navigated has freed
    /// them itself, so its failure is not the caller's.
    private func release(_ release: () async throws -> Void) async {
        try? await release()
    }

    /// A tap: press and release at a viewport point (`count` 2 for a double tap), held
    /// `duration` between them.
    func tap(x: Double, y: Double, count: Int = 1, holding duration: Duration = .zero) async throws {
        try await sendingInput {
            // The reply to a release comes once the page has handled the click: a page that
            // hangs in its handler must fail the action at its timeout, not the connection's.
            let limit = configuration.responseTimeout
            // The pointer moves there first, as a finger or mouse does: hover and
            // pointer-move handlers run before the press, as they would for a user.
            let move = CDP.Input.DispatchMouseEvent(type: "mouseMoved", x: x, y: y)
            guard duration > .zero else {
                // Not held: the events go out pipelined, as typing's do (the browser dispatches
                // them in order, the page handles each before the next); one round trip.
                var events: [any CDPCommand] = [move]
                for click in 1...count {
                    events.append(CDP.Input.DispatchMouseEvent(type: "mousePressed", x: x, y: y, button: "left", clickCount: click))
                    events.append(CDP.Input.DispatchMouseEvent(type: "mouseReleased", x: x, y: y, button: "left", clickCount: click))
                }
                try await page.sendPipelined(events, timeout: limit)
                return
            }
            _ = try await page.send(move, timeout: limit)
            for click in 1...count {
                _ = try await page.send(CDP.Input.DispatchMouseEvent(
                    type: "mousePressed", x: x, y: y, button: "left", clickCount: click), timeout: limit)
                try await Task.sleep(for: duration)
                _ = try await page.send(CDP.Input.DispatchMouseEvent(
                    type: "mouseReleased", x: x, y: y, button: "left", clickCount: click), timeout: limit)
            }
        }
    }

    /// Moves the mouse pointer to a viewport point (from outside the page the first time), so
    /// the page sees `pointerover`/`mouseenter` and CSS `:hover` applies there.
    func hover(x: Double, y: Double) async throws {
        try await sendingInput {
            _ = try await page.send(CDP.Input.DispatchMouseEvent(type: "mouseMoved", x: x, y: y), timeout: configuration.responseTimeout)
        }
    }

    /// A finger swipe starting at a point, moving the content by the given distances
    /// (negative `dy`: the finger moves up, revealing what is below). Returns when done.
    func swipe(from start: (x: Double, y: Double), dx: Double, dy: Double, speed: Int = 2_400) async throws {
        try await sendingInput {
            // A synthesized touch scroll does nothing in the headless shell (measured); the
            // mouse-sourced gesture scrolls the same content the same way.
            let gesture = CDP.Input.SynthesizeScrollGesture(
                x: start.x, y: start.y, xDistance: dx, yDistance: dy, speed: speed, gestureSourceType: "mouse")
            _ = try await page.send(gesture, timeout: .seconds(10))
        }
    }

    // MARK: - Idle

    /// Why the page is the browser's error page. The `Page` events name only the URL, not the
    /// network error (that would take the `Network` domain on every page, for this one case).
    static let errorPageReason = "the browser could not load it and shows its error page instead; is the app's server still running?"

    /// Waits until no main-frame navigation is under way, the document is loaded, no
    /// request is in flight and no finite animation runs — by `deadline` (the call's, see
    /// ``CallProgress``). Throws a timeout naming what kept the page busy.
    func waitForIdle(until deadline: ContinuousClock.Instant) async throws {
        let progress = CallProgress.current
        progress?.waiting(for: "the app to become idle")
        let started = ContinuousClock.now
        var lastProblem: String?
        let idle = try await browser.run {
            // The page waits within each check (up to 1 s, a frame at a time); a navigation under
            // way is waited out on its own events (woken by its load), and the document it loaded
            // is asked at once, without the poll's sleep in between.
            try await poll(until: deadline, backoff: Backoff([.milliseconds(2)])) {
                while ContinuousClock.now < deadline {
                    if navigation.isLoading {
                        await navigation.settled(within: min(deadline - .now, .milliseconds(100)))
                        if navigation.isLoading {
                            lastProblem = "a navigation is loading"
                            return false
                        }
                    }
                    switch try await askIdle(until: deadline) {
                    case .idle: return true
                    case .busy(let problem):
                        lastProblem = problem
                        return false
                    case .navigating(let problem):
                        lastProblem = problem  // round again: the top waits for the load
                    }
                }
                return false
            }
        }
        guard !idle else { return }
        let reason = progress?.timedOut(waitingFor: "the app to become idle", lastProblem: lastProblem)
            ?? .timedOut(after: .now - started, waitingFor: "the app to become idle", lastProblem: lastProblem)
        throw UIAutomationError(query: "app", reason: reason)
    }

    /// One answer of the page's idle check (``PageScripts/idle(budgetMilliseconds:)``).
    private enum IdleAnswer {
        case idle
        /// Busy, and why (a request in flight, an animation, a late answer).
        case busy(String?)
        /// A navigation started meanwhile, or took the document away under the check.
        case navigating(String)
    }

    /// Asks the page once whether it is idle (it waits up to a second, a frame at a time).
    private func askIdle(until deadline: ContinuousClock.Instant) async throws -> IdleAnswer {
        let budget = max(1, Int((deadline - .now).inMilliseconds))
        do {
            let result = try await page.send(
                CDP.Runtime.Evaluate(expression: PageScripts.idle(budgetMilliseconds: min(budget, 1_000)), awaitPromise: true),
                timeout: .milliseconds(min(budget, 1_000) + 1_000))
            if let exception = result.exceptionDetails { return .busy(exception.message) }
            guard result.result.value == nil || result.result.value == .null else { return .busy(result.result.value?.text) }
            // Idle in this document; a navigation requested meanwhile is known by now.
            if navigation.isLoading { return .navigating("a navigation is loading") }
            if let unreachable = navigation.unreachableURL {
                throw DevToolsError.navigationFailed(url: unreachable, reason: Self.errorPageReason)
            }
            return .idle
        } catch DevToolsError.protocolError(_, _, let message, _) where Self.isNavigationRace(message) {
            // The document went away under the check: a navigation (at once again when it is known).
            return navigation.isLoading ? .navigating(message) : .busy(message)
        } catch DevToolsError.timeout(_, let after) {
            // A loaded machine (or a page busy in a long task) answered late: still busy, not a
            // failure while the call's deadline has time left. A hung page keeps answering late
            // and fails at that deadline, saying so.
            return .busy("the page did not answer within \(after) (a long task, or a loaded machine)")
        }
    }
}
