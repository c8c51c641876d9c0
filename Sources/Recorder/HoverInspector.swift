import Foundation
import LabSupport
public import UIAutomation

/// What the hover inspector found under the pointer: the element and its recommended query.
public struct HoverInspection: Sendable, Equatable {
    /// The element as `lab inspect` prints it (type, identifier, label), without its frame.
    public let element: String
    /// The query ``QueryChooser`` recommends for it; `nil` when no query selects it alone.
    public let query: String?
    /// Whether the query, checked against the running app after it was chosen, still selects
    /// exactly this element.
    public let live: Bool
    /// Whether the query was shown in the window, next to the element (not when the page's
    /// `<body>` has a shadow root of its own: see docs/recorder.md).
    public let shownInWindow: Bool

    /// The line `lab inspect --window` prints: the element, then `→ query`.
    public var line: String {
        guard let query else { return "\(element)  →  (no unique query)" }
        return live ? "\(element)  →  \(query)" : "\(element)  →  \(query)  (changed since the tree was read)"
    }
}

/// What the window shows now: the label's text, and the boxes (viewport coordinates, CSS pixels)
/// of the label and of the element it is about.
public struct ShownLabel: Sendable, Equatable {
    public let text: String
    public let box: Box
    public let elementBox: Box

    /// A rectangle in the viewport.
    public struct Box: Sendable, Equatable {
        public let x: Double
        public let y: Double
        public let width: Double
        public let height: Double
    }
}

/// `lab inspect --window`: as the pointer moves over the app's window, the element under it is
/// highlighted by DevTools' own overlay (drawn outside the page) and its recommended query is
/// shown in a label next to it and handed to ``onInspect(_:)`` (the CLI prints it).
///
/// Nothing the app's scripts can see changes: the script (`Scripts/inspect.js`) runs in an
/// isolated world of its own and only listens (capture phase, passive, trusted events); the label
/// lives in a closed shadow root on `<body>` (a slot renders the body's children as before), so
/// the page's DOM gains no node and no mutation, and the label is `aria-hidden` (not in the
/// element tree) and takes no pointer events. ``stop()`` removes the label and the highlight.
public actor HoverInspector {
    /// The app inspected; launched by ``start()`` unless it runs already.
    public let app: Application
    private let chooser: QueryChooser
    private var world: (any PageWorld)?
    private var context: WorldContext?
    private var latest: (node: Int, context: WorldContext)?
    private var draining = false
    private var shownNode: NodeHandle?
    private var observer: (@Sendable (HoverInspection) -> Void)?
    /// Every inspection so far, in order (one per element the pointer came to).
    public private(set) var inspections: [HoverInspection] = []

    public init(app: Application) {
        self.app = app
        self.chooser = QueryChooser(app: app)
    }

    /// Called with each element the pointer comes to, once its query is shown.
    public func onInspect(_ observer: @escaping @Sendable (HoverInspection) -> Void) { self.observer = observer }

    /// Launches the app (unless it runs already) and starts following the pointer.
    public func start() async throws {
        if !app.isRunning { try await app.launch() }
        let world = try await WorldScript.inspect.install(in: app) { [weak self] event in
            guard let self else { return false }
            await self.receive(event)
            return true
        }
        self.world = world
        context = world.initialContext
        try await WorldScript.inspect.run(in: world, context: world.initialContext)
    }

    /// Stops following the pointer; removes the label from the window and the highlight.
    public func stop() async {
        let world = self.world
        world?.close()
        self.world = nil
        latest = nil
        guard let engine = app.runningEngine else { return }
        if let world, let context {
            _ = try? await world.evaluate("globalThis.__labInspectEnd && __labInspectEnd()", in: context, timeout: nil)
        }
        _ = try? await engine.highlight(nil)
        await engine.stopHighlighting()
    }

    /// The label the window shows now, read from the page's rendering of it; `nil` when none is.
    public func shownLabel() async -> ShownLabel? {
        guard app.isRunning, let world, let context,
              let value = try? await world.evaluate("__labInspectLabel()", in: context, timeout: nil), let text = value["text"]?.string,
              let box = Self.box(value["box"]), let elementBox = Self.box(value["element"])
        else { return nil }
        return ShownLabel(text: text, box: box, elementBox: elementBox)
    }

    private static func box(_ value: JSONValue?) -> ShownLabel.Box? {
        guard let value, let x = value["x"]?.number, let y = value["y"]?.number,
              let width = value["width"]?.number, let height = value["height"]?.number
        else { return nil }
        return ShownLabel.Box(x: x, y: y, width: width, height: height)
    }

    // MARK: Reports

    private struct Report: Decodable {
        let kind: String
        var node: Int?
    }

    private func receive(_ event: WorldEvent) async {
        guard case .report(let payload, let from) = event else {
            if case .created(let created) = event {
                context = created
                shownNode = nil
            }
            return
        }
        guard let report = try? JSONDecoder().decode(Report.self, from: Data(payload.utf8)) else { return }
        context = from
        switch report.kind {
        case "hover":
            guard let node = report.node else { return }
            // Only the newest position matters: a pointer that crossed ten elements while the
            // last one was being looked up is shown where it is now.
            latest = (node, from)
            if !draining {
                draining = true
                Task { await self.drain() }
            }
        case "load":
            shownNode = nil
        default:
            break
        }
    }

    private func drain() async {
        while let next = latest {
            latest = nil
            await show(node: next.node, context: next.context)
        }
        draining = false
    }

    /// Looks up the element of the report's node in a fresh element tree, chooses its query,
    /// checks it against the running app, highlights the element and shows the query beside it.
    private func show(node number: Int, context: WorldContext) async {
        guard let engine = app.runningEngine, let world,
              let pointed = try? await world.node(of: "__labNode(\(number))", in: context, timeout: nil),
              let snapshot = try? await app.snapshot()
        else { return }
        guard let index = snapshot.elementIndex(forNode: pointed), index > 0, let elementNode = snapshot.elements[index].domNodeId else {
            shownNode = nil
            _ = try? await world.evaluate("__labInspectHide()", in: context, timeout: nil)
            _ = try? await engine.highlight(nil)
            return
        }
        if elementNode == shownNode { return }  // the pointer moved onto a part of the same element
        let element = snapshot.elements[index]
        let chosen = try? await chooser.element(for: index, in: snapshot)
        var live = false
        if let chosen { live = await chooser.verifyLive(chosen, is: elementNode) }
        let text = chosen.map { live ? $0.description : "\($0.description)  (changed since the tree was read)" } ?? "(no unique query)"
        _ = try? await engine.highlight(elementNode)
        let shown = await label(text, on: elementNode, context: context, world: world)
        shownNode = elementNode
        let inspection = HoverInspection(
            element: element.line(includingFrame: false), query: chosen?.description, live: live, shownInWindow: shown)
        inspections.append(inspection)
        observer?(inspection)
    }

    /// Shows `text` next to the page node `node`, from the inspector's world.
    private func label(_ text: String, on node: NodeHandle, context: WorldContext, world: any PageWorld) async -> Bool {
        let shown = try? await world.callFunction(
            "function (text) { return __labInspectShow(this, text); }", on: node, in: context, arguments: [.string(text)])
        return shown?.bool == true
    }
}
