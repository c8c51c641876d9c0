import DevTools
import Foundation
import LabSupport
import UIAutomation

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
/// Typing into a field becomes one `typeText` per run (the field's value before and after;
/// deletions as `\u{8}`, Return as `\n`); a press on a switch or check box that changes it
/// becomes `turnSwitchOn`/`turnSwitchOff`; wheel scrolling is joined per element; a navigation
/// the page did not start (an address typed, back, forward, reload) becomes its own step;
/// Alt+Shift+E, L and V add an assertion (exists, label, value) on the element under the pointer.
public actor RecordingSession {
    /// The app being recorded; launched by ``start()``.
    public let app: Application
    private let chooser: QueryChooser
    private var steps: [RecordedStep] = []
    /// The element trees read lately, newest last: a few per document, of a few documents.
    private var trees: [Tree] = []
    private var typing: (element: Element, code: String, before: String, value: String)?
    private var wheel: (code: String, dx: Double, dy: Double)?
    private var toggle: (element: Element, code: String, value: String, document: String?)?
    private var lastPress: (code: String, position: Int)?
    private var gestureSinceLoad = false
    private var loads = 0
    private var historyIndex = 0
    private var origin = ""
    private var context: Int?
    private var marks = 0
    private var marksDone = 0
    private var reader: Task<Void, Never>?
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
        guard let (_, page) = app.runningPage else { throw RecorderError.notRunning }
        let (world, reader) = try await WorldScript.capture.install(on: page) { [weak self] message in
            guard let self else { return false }
            await self.receive(message)
            return true
        }
        self.reader = reader
        context = world
        if let history = try? await page.send(CDP.Page.GetNavigationHistory()) {
            historyIndex = history.currentIndex
            if let url = URL(string: history.entries[history.currentIndex].url), let scheme = url.scheme, let host = url.host {
                origin = "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
            }
        }
        try await WorldScript.capture.run(in: world, on: page)
        // The first tree of this document (its token exists once the script has run).
        _ = await readTree(context: world)
    }

    /// Waits until everything the page reported before this call has been turned into steps
    /// and the element tree has been read again (for tests driving the page: act, settle, act).
    public func settle(timeout: Duration = .seconds(15)) async throws {
        guard let (_, page) = app.runningPage else { throw RecorderError.notRunning }
        marks += 1
        let mark = marks
        let deadline = ContinuousClock.now + timeout
        // The mark goes through the page like every report, so it arrives after them. A
        // navigation can replace the world between the two calls: then try the new one.
        let expression = "\(WorldScript.capture.bindingName)(JSON.stringify({ kind: 'mark', id: \(mark) }))"
        _ = try await poll(until: deadline, backoff: Backoff([.milliseconds(20)])) { @Sendable in
            guard let context = await self.context,
                let result = try? await page.send(CDP.Runtime.Evaluate(expression: expression, contextId: context))
            else { return false }
            return result.exceptionDetails == nil
        }
        // When the mark could not be sent, this times out (the deadline has passed).
        let settled = try await poll(until: deadline, backoff: Backoff([.milliseconds(10)])) { @Sendable in await self.marksDone >= mark }
        guard settled else { throw RecorderError.timedOut("settling the recording") }
    }

    /// The steps recorded so far, without the typing, scrolling or toggle still under way.
    public var finishedSteps: [RecordedStep] { steps }

    /// The steps so far, typing and scrolling still under way included (which ends them).
    public func recordedSteps() async -> [RecordedStep] {
        await finishPending()
        return steps
    }

    /// Stops capturing and returns every step.
    public func stop() async -> [RecordedStep] {
        reader?.cancel()
        reader = nil
        await finishPending()
        return steps
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

    private func receive(_ message: CDPEventMessage) async {
        if message.method == RecorderCDP.ExecutionContextCreated.method {
            if let created = WorldScript.capture.createdContext(message) { context = created }
            return
        }
        guard let call = WorldScript.capture.report(message),
              let report = try? JSONDecoder().decode(Report.self, from: Data(call.payload.utf8))
        else { return }
        context = call.executionContextId
        await handle(report, context: call.executionContextId)
        await refresh(context: call.executionContextId)
        if report.kind == "mark", let id = report.id { marksDone = max(marksDone, id) }
    }

    private func handle(_ report: Report, context: Int) async {
        switch report.kind {
        case "press":
            await finishWheel()
            gestureSinceLoad = true
            await press(report, context: context)
        case "doubleClick":
            // The two presses before it were recorded as taps on the same element: one double tap.
            if steps.count >= 2, case .tap(let first) = steps[steps.count - 2], case .tap(let second) = steps[steps.count - 1],
               first == second
            {
                steps.removeLast(2)
                append(.doubleTap(first))
            }
        case "input":
            await finishWheel()
            await input(report, context: context)
        case "pick":
            await finishPending()
            gestureSinceLoad = true
            switch await pressedElement(report, context: context, retarget: false) {
            case .found(_, let code, _):
                if let value = report.value { append(.pick(code, value: value)) }
            case .documentUnread:
                append(.notRecorded(Self.documentUnread("a choice in a menu")))
            case .noElement:
                break
            }
        case "key":
            await key(report, context: context)
        case "wheel":
            await scroll(report, context: context)
        case "load":
            await load(report)
        default:
            break
        }
    }

    private func press(_ report: Report, context: Int) async {
        let element: Element, code: String, snapshotElement: ElementSnapshot
        switch await pressedElement(report, context: context, retarget: true) {
        case .found(let found, let foundCode, let snapshot):
            (element, code, snapshotElement) = (found, foundCode, snapshot)
        case .noElement:
            await finishPending()
            append(.notRecorded("a press on something that is no element of the accessibility tree"))
            return
        case .documentUnread:
            await finishPending()
            append(.notRecorded(Self.documentUnread("a press")))
            return
        }
        if let typing, typing.code == code { return }  // a press inside the field being typed into
        await finishPending()
        switch snapshotElement.elementType {
        case .switch, .checkBox:
            // Its new state is known after the next read: a toggle when it changed, else a tap.
            toggle = (element, code, snapshotElement.value ?? "", report.doc)
        case .picker:
            break  // the choice is recorded when it is made ("pick")
        default:
            append(.tap(code))
        }
    }

    private func input(_ report: Report, context: Int) async {
        let element: Element, code: String
        switch await pressedElement(report, context: context, retarget: false) {
        case .found(let found, let foundCode, _):
            (element, code) = (found, foundCode)
        case .noElement:
            append(.notRecorded("typing into a field that is no element of the accessibility tree"))
            return
        case .documentUnread:
            await finishPending()
            append(.notRecorded(Self.documentUnread("typing into a field")))
            return
        }
        if let typing, typing.code == code {
            self.typing?.value = report.value ?? ""
            return
        }
        await finishPending()
        typing = (element, code, report.before ?? "", report.value ?? "")
    }

    private func key(_ report: Report, context: Int) async {
        guard let domKey = report.key else { return }
        let alt = report.alt ?? false, shift = report.shift ?? false, ctrl = report.ctrl ?? false, meta = report.meta ?? false
        if alt && shift && !ctrl && !meta, let code = report.code, ["KeyE", "KeyL", "KeyV"].contains(code) {
            await finishPending()
            await assertion(code, report, context: context)
            return
        }
        if ["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock"].contains(domKey) { return }
        let inField = report.inField ?? false
        if inField, let typing, !(ctrl || meta || alt) {
            switch domKey {
            case "Enter":
                self.typing = nil
                gestureSinceLoad = true
                append(.typeText(Self.typed(from: typing.before, to: typing.value) + "\n", into: typing.code))
                return
            case "Tab":
                await finishPending()
            default:
                return  // characters and deletions show in the field's value
            }
        } else if inField && !(ctrl || meta || alt) && (domKey.count == 1 || domKey == "Backspace" || domKey == "Delete") {
            return  // the input that follows records it
        }
        await finishPending()
        gestureSinceLoad = true
        var modifiers: [RecordedModifier] = []
        if shift && domKey.count != 1 { modifiers.append(.shift) }
        if ctrl { modifiers.append(.control) }
        if alt { modifiers.append(.option) }
        if meta { modifiers.append(.command) }
        guard let key = RecordedKey(domKey: domKey) else {
            append(.notRecorded("the key \(domKey)"))
            return
        }
        var on: String?
        if inField {
            switch await pressedElement(report, context: context, retarget: false) {
            case .found(_, let code, _):
                on = code
            case .documentUnread:
                append(.notRecorded(Self.documentUnread("the key \(domKey) in a field")))
                return
            case .noElement:
                break
            }
        }
        if inField, domKey == "Enter", on != nil {
            append(.typeText("\n", into: on!))
            return
        }
        append(.typeKey(key, modifiers: modifiers, on: on))
    }

    private func scroll(_ report: Report, context: Int) async {
        let code: String
        switch await pressedElement(report, context: context, retarget: true) {
        case .found(_, let found, _):
            code = found
        case .documentUnread:
            await finishPending()
            append(.notRecorded(Self.documentUnread("scrolling")))
            return
        case .noElement:
            return
        }
        if let wheel, wheel.code == code {
            self.wheel?.dx += report.dx ?? 0
            self.wheel?.dy += report.dy ?? 0
            return
        }
        await finishPending()
        wheel = (code, report.dx ?? 0, report.dy ?? 0)
    }

    private func load(_ report: Report) async {
        loads += 1
        guard let (_, page) = app.runningPage else { return }
        let history = try? await page.send(CDP.Page.GetNavigationHistory())
        defer {
            if let history { historyIndex = history.currentIndex }
            gestureSinceLoad = false
        }
        // The first document is the one open when recording started (the script ran in it late).
        guard loads > 1, !gestureSinceLoad else { return }
        await finishPending()
        switch report.type {
        case "reload":
            append(.reload)
        case "back_forward":
            if let history, history.currentIndex < historyIndex { append(.goBack) } else { append(.goForward) }
        default:
            guard let url = report.url else { return }
            if !origin.isEmpty, url.hasPrefix(origin + "/") {
                append(.open(String(url.dropFirst(origin.count))))
            } else {
                append(.open(url))
            }
        }
    }

    private func assertion(_ code: String, _ report: Report, context: Int) async {
        guard let (_, page) = app.runningPage,
              let node = await node(of: "__labNodeAtPointer()", in: report.doc, context: context, page: page),
              let tree = await readTree(context: context), tree.document == report.doc,
              case let snapshot = tree.snapshot,
              let pointed = snapshot.elementIndex(forDOMNode: node), pointed > 0,
              case let index = chooser.assertionTarget(for: pointed, in: snapshot, forValue: code == "KeyV"),
              let element = try? await chooser.element(for: index, in: snapshot)
        else {
            append(.notRecorded("an assertion with the pointer over no element of the accessibility tree"))
            return
        }
        let target = snapshot.elements[index]
        switch code {
        case "KeyE": append(.assertExists(element.description))
        case "KeyL": append(.assertLabel(element.description, equals: target.label))
        default: append(.assertValue(element.description, equals: target.value ?? ""))
        }
    }

    // MARK: Elements

    /// An element tree and the document it was read in: the capture script's token read just
    /// before and just after it, equal (a navigation in between leaves a read untagged, and it
    /// is not kept).
    private struct Tree {
        let snapshot: PageSnapshot
        let document: String
        /// Reports the document had sent when the read had ended: one numbered above it was
        /// made after the whole read.
        let reportsAfter: Int
    }

    /// How many trees are kept per document, and of how many documents (the most recently read).
    private static let treesPerDocument = 3
    private static let documentsKept = 4

    /// What a report's element lookup found.
    private enum Lookup {
        case found(Element, code: String, snapshot: ElementSnapshot)
        /// The document has trees, none with the element.
        case noElement
        /// No tree of the report's document was ever read: it was left (a press navigated)
        /// before the recorder could read it.
        case documentUnread
    }

    /// The reason a step is not recorded when its document was never read.
    private static func documentUnread(_ what: String) -> String {
        "\(what) on a page that was left before the recorder could read its elements"
    }

    /// The element a report is about, in a tree of the report's own document read before the
    /// report (else the earliest one read after it): its chosen query and snapshot. The node is
    /// asked for by its number (exact) while its document is still there, else found by its box
    /// and the press point (``ElementLocator``). Never looked up in another document's tree.
    private func pressedElement(_ report: Report, context: Int, retarget: Bool) async -> Lookup {
        var node: Int?
        if let number = report.node, let (_, page) = app.runningPage {
            node = await self.node(of: "__labNode(\(number))", in: report.doc, context: context, page: page)
        }
        let stored = tree(for: report)
        if let stored, let found = await element(in: stored, node: node, report: report, retarget: retarget) { return found }
        var current: Tree?
        if node != nil, let now = await readTree(context: context), now.document == report.doc {
            current = now  // a node newer than the stored tree: its document is still there
            if let found = await element(in: now, node: node, report: report, retarget: retarget) { return found }
        }
        return stored == nil && current == nil ? .documentUnread : .noElement
    }

    private func element(in tree: Tree, node: Int?, report: Report, retarget: Bool) async -> Lookup? {
        let snapshot = tree.snapshot
        let found = node.flatMap { snapshot.elementIndex(forDOMNode: $0) }
            ?? (node == nil ? ElementLocator(snapshot: snapshot).index(box: report.box, point: report.point, testid: report.testid) : nil)
        guard var index = found, index > 0 else { return nil }
        if retarget { index = chooser.actionTarget(for: index, in: snapshot) }
        guard let element = try? await chooser.element(for: index, in: snapshot) else { return nil }
        return .found(element, code: element.description, snapshot: snapshot.elements[index])
    }

    /// The tree to look a report up in: of its document, the newest read wholly before the
    /// report was made; when every kept one was read after it (reports that came faster than
    /// the reads), the earliest of them. `nil` when that document has no tree.
    private func tree(for report: Report) -> Tree? {
        guard let document = report.doc else { return nil }
        let ofDocument = trees.filter { $0.document == document }
        if let number = report.seq, let before = ofDocument.last(where: { $0.reportsAfter < number }) { return before }
        return ofDocument.first
    }

    /// Reads the element tree, tagged with its document when the capture world of `context`
    /// names the same document before and after the read; a tagged tree is kept for lookups.
    /// `nil` when the tree could not be read or not tagged.
    private func readTree(context: Int?) async -> Tree? {
        guard let context, let (_, page) = app.runningPage, let first = await documentState(context: context, page: page),
              let snapshot = try? await app.snapshot(),
              let second = await documentState(context: context, page: page), second.document == first.document
        else { return nil }
        let tree = Tree(snapshot: snapshot, document: first.document, reportsAfter: second.reports)
        keep(tree)
        return tree
    }

    private func keep(_ tree: Tree) {
        trees.append(tree)
        let ofDocument = trees.indices.filter { trees[$0].document == tree.document }
        if ofDocument.count > Self.treesPerDocument { trees.remove(at: ofDocument[0]) }
        // The documents most recently read, newest last.
        var documents: [String] = []
        for kept in trees.reversed() where !documents.contains(kept.document) { documents.append(kept.document) }
        if documents.count > Self.documentsKept {
            let dropped = Set(documents.dropFirst(Self.documentsKept))
            trees.removeAll { dropped.contains($0.document) }
        }
    }

    /// The capture world's document token and how many reports it has sent; `nil` when the
    /// world is gone (its document was replaced) or does not answer in time.
    private func documentState(context: Int, page: PageSession) async -> (document: String, reports: Int)? {
        guard let result = try? await page.send(
            CDP.Runtime.Evaluate(expression: "globalThis.__labDocumentState()", contextId: context), timeout: Self.evaluationLimit),
            result.exceptionDetails == nil, case .array(let values)? = result.result.value, values.count == 2,
            let document = values[0].string, let reports = values[1].number
        else { return nil }
        return (document, Int(reports))
    }

    /// The longest the recorder waits for one evaluation in its world.
    private static let evaluationLimit: Duration = .seconds(5)

    /// The backend node id of what `expression` returns in the capture world — only while that
    /// world's document is still `document` (a context number can name another world later).
    private func node(of expression: String, in document: String?, context: Int, page: PageSession) async -> Int? {
        var guarded = expression
        if let document, let literal = try? String(decoding: JSONEncoder().encode(document), as: UTF8.self) {
            guarded = "(globalThis.__labDocumentState()[0] === \(literal) ? \(expression) : null)"
        }
        guard let result = try? await page.send(
            CDP.Runtime.Evaluate(expression: guarded, returnByValue: false, contextId: context), timeout: Self.evaluationLimit),
            let object = result.result.objectId
        else { return nil }
        defer { Task { _ = try? await page.send(CDP.Runtime.ReleaseObject(objectId: object)) } }
        return try? await page.send(CDP.DOM.DescribeNode(objectId: object), timeout: Self.evaluationLimit).node.backendNodeId
    }

    /// Reads the tree again once the app is idle: the "before" of the next event (kept when it
    /// is known to be of the document of `context`'s world); settles a pending toggle with it
    /// when it is of the toggle's document.
    private func refresh(context: Int) async {
        try? await app.waitForIdle(timeout: .seconds(5))
        let tree = await readTree(context: context)
        if let toggle {
            self.toggle = nil
            if let tree, toggle.document != nil, tree.document == toggle.document,
               let indexes = try? await tree.snapshot.indexes(of: toggle.element), indexes.count == 1,
               let now = tree.snapshot.elements[indexes[0]].value, now != toggle.value
            {
                append(.toggle(toggle.code, on: now == "1"))
            } else {
                append(.tap(toggle.code))
            }
        }
    }

    private func finishWheel() async {
        if let wheel {
            self.wheel = nil
            if wheel.dx != 0 || wheel.dy != 0 { append(.scroll(wheel.code, deltaX: wheel.dx, deltaY: wheel.dy)) }
        }
    }

    private func finishPending() async {
        await finishWheel()
        if let typing {
            self.typing = nil
            let text = Self.typed(from: typing.before, to: typing.value)
            if !text.isEmpty { append(.typeText(text, into: typing.code)) }
        }
        if let toggle {
            self.toggle = nil
            append(.tap(toggle.code))
        }
    }

    private func append(_ step: RecordedStep) {
        steps.append(step)
        observer?(step)
    }

    /// What typing at the end of `before` gives `after`: a Backspace (`\u{8}`) per character
    /// removed after their common beginning, then the characters added.
    static func typed(from before: String, to after: String) -> String {
        let common = zip(before, after).prefix { $0 == $1 }.count
        return String(repeating: "\u{8}", count: before.count - common) + String(after.dropFirst(common))
    }
}

/// Why a recording could not go on.
public enum RecorderError: Error, CustomStringConvertible {
    case notRunning
    case script(String)
    case timedOut(String)

    public var description: String {
        switch self {
        case .notRunning: return "the app is not running"
        case .script(let message): return "the capture script failed: \(message)"
        case .timedOut(let what): return "timed out \(what)"
        }
    }
}
