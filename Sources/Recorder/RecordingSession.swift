import Foundation
import LabSupport
public import UIAutomation

/// A recording: what a person does in a running app, as ``RecordedStep``s.
///
/// ``start()`` installs the capture script (`Scripts/capture.js`) in an isolated world of the
/// app's page — for the document open now and every later one — and reads its reports in order.
/// The app's page is not changed: the script only listens (capture phase, passive) and the
/// binding it reports through exists only in its own world. For each press the element is
/// looked up in an element tree of the document the press was made in, read *before* it (kept
/// fresh after every step and load), so the query chosen (``QueryChooser``) is the one unique at
/// that moment, even when the press navigates away — never in a tree of the page it opened.
///
/// What the reports become is `StepTranslator`'s (a pure function of the reports and the
/// elements found for them, tested without a browser); this actor is the browser's side: the
/// capture world, the reports' element lookups, and the element trees read between them.
public actor RecordingSession {
    /// The app being recorded; launched by ``start()``.
    public let app: Application
    private let chooser: QueryChooser
    private var translator = StepTranslator(origin: "", historyIndex: 0)
    /// The element trees read lately (``TreeHistory``).
    private var trees = TreeHistory()
    /// The element of the last press on a switch or check box, to read its new value.
    private var pressedToggle: (code: String, element: Element)?
    private var context: WorldContext?
    private var marks = 0
    private var marksDone = 0
    private var world: (any PageWorld)?
    private var observer: (@Sendable (RecordedStep) -> Void)?

    public init(app: Application) {
        self.app = app
        self.chooser = QueryChooser(app: app)
    }

    /// Called with each step once it is final (a toggle after its new state is known, typing
    /// when its run ends): for printing steps live.
    public func onStep(_ observer: @escaping @Sendable (RecordedStep) -> Void) { self.observer = observer }

    /// Launches the app (unless it runs already) and starts capturing.
    public func start() async throws {
        if !app.isRunning { try await app.launch() }
        guard let engine = app.runningEngine else { throw RecorderError.notRunning }
        let world = try await WorldScript.capture.install(in: app) { [weak self] event in
            guard let self else { return false }
            await self.receive(event)
            return true
        }
        self.world = world
        context = world.initialContext
        if let entry = try? await engine.currentHistoryEntry() {
            var origin = ""
            if let url = URL(string: entry.url), let scheme = url.scheme, let host = url.host {
                origin = "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
            }
            translator = StepTranslator(origin: origin, historyIndex: entry.index)
        }
        try await WorldScript.capture.run(in: world, context: world.initialContext)
        // The first tree of this document (its token exists once the script has run).
        _ = await readTree(context: world.initialContext)
    }

    /// Waits until everything the page reported before this call has been turned into steps
    /// and the element tree has been read again (for tests driving the page: act, settle, act).
    public func settle(timeout: Duration = .seconds(15)) async throws {
        guard app.isRunning, let world else { throw RecorderError.notRunning }
        marks += 1
        let mark = marks
        let deadline = ContinuousClock.now + timeout
        // The mark goes through the page like every report, so it arrives after them. A
        // navigation can replace the world between the two calls: then try the new one.
        let expression = "\(WorldScript.capture.bindingName)(JSON.stringify({ kind: 'mark', id: \(mark) }))"
        _ = try await poll(until: deadline, backoff: Backoff([.milliseconds(20)])) { @Sendable in
            guard let context = await self.context else { return false }
            return (try? await world.evaluate(expression, in: context, timeout: nil)) != nil
        }
        // When the mark could not be sent, this times out (the deadline has passed).
        let settled = try await poll(until: deadline, backoff: Backoff([.milliseconds(10)])) { @Sendable in await self.marksDone >= mark }
        guard settled else { throw RecorderError.timedOut("settling the recording") }
    }

    /// The steps recorded so far, without the typing, scrolling or toggle still under way.
    public var finishedSteps: [RecordedStep] { translator.steps }

    /// The steps so far, typing and scrolling still under way included (which ends them).
    public func recordedSteps() async -> [RecordedStep] {
        translator.finishPending()
        publish()
        return translator.steps
    }

    /// Stops capturing and returns every step.
    public func stop() async -> [RecordedStep] {
        world?.close()
        world = nil
        return await recordedSteps()
    }

    // MARK: Reports

    private struct Report: Decodable {
        let kind: String
        var x: Double?
        var y: Double?
        var before: String?
        var value: String?
        var key: String?
        var code: String?
        var inField: Bool?
        var shift: Bool?
        var ctrl: Bool?
        var alt: Bool?
        var meta: Bool?
        var dx: Double?
        var dy: Double?
        var url: String?
        var type: String?
        var id: Int?
        var node: Int?
        var box: ElementLocator.Box?
        var point: ElementLocator.Point?
        var testid: String?
        /// The capture script's token of the document the report was made in, and the report's
        /// number there (1, 2, …).
        var doc: String?
        var seq: Int?
    }

    private func receive(_ event: WorldEvent) async {
        switch event {
        case .created(let created):
            context = created
        case .report(let payload, let from):
            guard let report = try? JSONDecoder().decode(Report.self, from: Data(payload.utf8)) else { return }
            context = from
            await handle(report, context: from)
            await refresh(context: from)
            if report.kind == "mark", let id = report.id { marksDone = max(marksDone, id) }
        }
    }

    /// Looks up what `report` is about and hands it to the translator.
    private func handle(_ report: Report, context: WorldContext) async {
        switch report.kind {
        case "press":
            let target = await target(report, context: context, retarget: true)
            apply(.press(target, document: report.doc))
        case "doubleClick":
            apply(.doubleClick)
        case "input":
            apply(.input(await target(report, context: context, retarget: false), before: report.before ?? "", value: report.value ?? ""))
        case "pick":
            apply(.pick(await target(report, context: context, retarget: false), value: report.value))
        case "key":
            guard let domKey = report.key else { return }
            let key = CapturedEvent.Key(
                key: domKey, code: report.code, inField: report.inField ?? false, shift: report.shift ?? false,
                ctrl: report.ctrl ?? false, alt: report.alt ?? false, meta: report.meta ?? false
            )
            if let assertion = key.assertion {
                apply(.assertion(assertion, element: await assertedElement(assertion, report, context: context)))
            } else {
                let target = translator.needsElement(for: key) ? await self.target(report, context: context, retarget: false) : nil
                apply(.key(key, target: target))
            }
        case "wheel":
            apply(.wheel(await target(report, context: context, retarget: true), dx: report.dx ?? 0, dy: report.dy ?? 0))
        case "load":
            var index: Int?
            if let engine = app.runningEngine { index = try? await engine.currentHistoryEntry().index }
            apply(.load(type: report.type, url: report.url, historyIndex: index))
        default:
            break
        }
    }

    private func apply(_ event: CapturedEvent) {
        translator.apply(event)
        publish()
    }

    /// Hands the steps the translator has finished to the observer.
    private func publish() {
        let appended = translator.takeAppended()
        if let observer { appended.forEach(observer) }
    }

    /// The element under the pointer for an assertion, with its label and value; `nil` when
    /// the pointer is over no element of the tree.
    private func assertedElement(
        _ assertion: CapturedEvent.Assertion, _ report: Report, context: WorldContext
    ) async -> CapturedEvent.AssertedElement? {
        guard let world,
              let node = await node(of: "__labNodeAtPointer()", in: report.doc, context: context, world: world),
              let tree = await readTree(context: context), tree.document == report.doc,
              case let snapshot = tree.snapshot,
              let pointed = snapshot.elementIndex(forNode: node), pointed > 0,
              case let index = chooser.assertionTarget(for: pointed, in: snapshot, forValue: assertion == .value),
              let element = try? await chooser.element(for: index, in: snapshot)
        else { return nil }
        let target = snapshot.elements[index]
        return CapturedEvent.AssertedElement(code: element.description, label: target.label, value: target.value ?? "")
    }

    // MARK: Elements

    /// The element a report is about, in a tree of the report's own document read before the
    /// report (else the earliest one read after it): its chosen query, type and value. The node
    /// is asked for by its number (exact) while its document is still there, else found by its
    /// box and the press point (``ElementLocator``). Never looked up in another document's tree.
    /// A switch or check box found is kept, to read its new value after a press.
    private func target(_ report: Report, context: WorldContext, retarget: Bool) async -> CapturedEvent.Target {
        var node: NodeHandle?
        if let number = report.node, let world {
            node = await self.node(of: "__labNode(\(number))", in: report.doc, context: context, world: world)
        }
        let stored = trees.tree(document: report.doc, report: report.seq)
        if let stored, let found = await element(in: stored, node: node, report: report, retarget: retarget) { return found }
        var current: TreeHistory.Tree?
        if node != nil, let now = await readTree(context: context), now.document == report.doc {
            current = now  // a node newer than the stored tree: its document is still there
            if let found = await element(in: now, node: node, report: report, retarget: retarget) { return found }
        }
        return stored == nil && current == nil ? .documentUnread : .noElement
    }

    private func element(in tree: TreeHistory.Tree, node: NodeHandle?, report: Report, retarget: Bool) async -> CapturedEvent.Target? {
        let snapshot = tree.snapshot
        let found = node.flatMap { snapshot.elementIndex(forNode: $0) }
            ?? (node == nil ? ElementLocator(snapshot: snapshot).index(box: report.box, point: report.point, testid: report.testid) : nil)
        guard var index = found, index > 0 else { return nil }
        if retarget { index = chooser.actionTarget(for: index, in: snapshot) }
        guard let element = try? await chooser.element(for: index, in: snapshot) else { return nil }
        let type = snapshot.elements[index].elementType
        if type == .switch || type == .checkBox { pressedToggle = (element.description, element) }
        return .element(code: element.description, type: type, value: snapshot.elements[index].value)
    }

    /// Reads the element tree, tagged with its document when the capture world of `context`
    /// names the same document before and after the read; a tagged tree is kept for lookups.
    /// `nil` when the tree could not be read or not tagged.
    private func readTree(context: WorldContext?) async -> TreeHistory.Tree? {
        guard let context, let world, let first = await documentState(context: context, world: world),
              let snapshot = try? await app.snapshot(),
              let second = await documentState(context: context, world: world), second.document == first.document
        else { return nil }
        let tree = TreeHistory.Tree(snapshot: snapshot, document: first.document, reportsAfter: second.reports)
        trees.keep(tree)
        return tree
    }

    /// The capture world's document token and how many reports it has sent; `nil` when the
    /// world is gone (its document was replaced) or does not answer in time.
    private func documentState(context: WorldContext, world: any PageWorld) async -> (document: String, reports: Int)? {
        guard case .array(let values)? = try? await world.evaluate(
            "globalThis.__labDocumentState()", in: context, timeout: Self.evaluationLimit), values.count == 2,
            let document = values[0].string, let reports = values[1].number
        else { return nil }
        return (document, Int(reports))
    }

    /// The longest the recorder waits for one evaluation in its world.
    private static let evaluationLimit: Duration = .seconds(5)

    /// The page node `expression` returns in the capture world, as the element tree names it —
    /// only while that world's document is still `document` (a context can name another world later).
    private func node(of expression: String, in document: String?, context: WorldContext, world: any PageWorld) async -> NodeHandle? {
        var guarded = expression
        if let document, let literal = try? String(decoding: JSONEncoder().encode(document), as: UTF8.self) {
            guarded = "(globalThis.__labDocumentState()[0] === \(literal) ? \(expression) : null)"
        }
        return try? await world.node(of: guarded, in: context, timeout: Self.evaluationLimit)
    }

    /// Reads the tree again once the app is idle: the "before" of the next event (kept when it
    /// is known to be of the document of `context`'s world); gives the translator the pending
    /// toggle's value in it when it is of the toggle's document.
    private func refresh(context: WorldContext) async {
        try? await app.waitForIdle(timeout: .seconds(5))
        let tree = await readTree(context: context)
        guard let toggle = translator.pendingToggle else { return }
        var value: String?
        if let tree, toggle.document != nil, tree.document == toggle.document,
           let pressed = pressedToggle, pressed.code == toggle.code,
           let indexes = try? await tree.snapshot.indexes(of: pressed.element), indexes.count == 1
        {
            value = tree.snapshot.elements[indexes[0]].value
        }
        apply(.treeRead(toggleValue: value))
    }
}
