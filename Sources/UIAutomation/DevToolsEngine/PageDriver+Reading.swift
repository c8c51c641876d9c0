import DevTools
import Foundation
import LabSupport
import Synchronization

/// Reading the element tree from the accessibility tree: the cached tree, the read plan (reuse,
/// frames only, the changed subtrees, or whole), whole reads and the read statistics. The
/// partial read itself is in `PageDriver+PartialRead.swift`.
extension PageDriver {
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

    /// Turns the Accessibility domain on in this page, once: Chromium then keeps its tree up to
    /// date on every change (CPU the page pays from then on) and its node ids stable between
    /// calls, which the cached tree's partial reads rely on. Off until the first read of the
    /// tree: with queries resolved in the page, a test that never fails, dumps or audits never
    /// pays for the tree (issue 42). Two first reads at once both send it; it is idempotent.
    func ensureAccessibility(limit: Duration) async throws {
        guard !accessibilityEnabled.load(ordering: .acquiring) else { return }
        _ = try await page.send(CDP.Accessibility.Enable(), timeout: limit)
        accessibilityEnabled.store(true, ordering: .releasing)
    }

    private func readSnapshot(limit: Duration, frames: Bool) async throws -> PageSnapshot {
        try await browser.run {
            try await ensureAccessibility(limit: limit)
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
            try await ensureAccessibility(limit: limit)
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

    /// Whether there is a cached tree of this document (read after main-frame load number
    /// `loads`), and whether it was read before input number `inputs`.
    @inline(never)
    private func cacheState(inputs: Int, loads: Int) -> (exists: Bool, beforeInput: Bool) {
        cache.withLock { cached in
            guard let cached, cached.loads == loads else { return (false, false) }
            return (true, cached.inputs != inputs)
        }
    }

    /// How many trees were read from the page (whole or in part) and how many reused.
    var snapshotStatistics: (read: Int, reused: Int) { statistics.withLock { ($0.read + $0.refreshed, $0.reused) } }

    /// How many trees were read whole, how many reused, and how many refreshed in part
    /// (``refreshedTree(_:roots:describing:firstRoot:limit:)``, or the frames of a tree read without them).
    var readStatistics: (read: Int, reused: Int, refreshed: Int) { statistics.withLock { ($0.read, $0.reused, $0.refreshed) } }
}
