import DevTools
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
    private var reader: Task<Void, Never>?
    private var context: Int?
    private var latest: (node: Int, context: Int)?
    private var draining = false
    private var shownNode: Int?
    private var labels = 0
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
        guard let (_, page) = app.runningPage else { throw RecorderError.notRunning }
        _ = try await page.send(CDP.DOM.Enable())
        _ = try await page.send(RecorderCDP.OverlayEnable())
        let (world, reader) = try await WorldScript.inspect.install(on: page) { [weak self] message in
            guard let self else { return false }
            await self.receive(message)
            return true
        }
        self.reader = reader
        context = world
        try await WorldScript.inspect.run(in: world, on: page)
    }

    /// Stops following the pointer; removes the label from the window and the highlight.
    public func stop() async {
        reader?.cancel()
        reader = nil
        latest = nil
        guard let (_, page) = app.runningPage else { return }
        if let context {
            _ = try? await page.send(CDP.Runtime.Evaluate(expression: "globalThis.__labInspectEnd && __labInspectEnd()", contextId: context))
        }
        _ = try? await page.send(RecorderCDP.HideHighlight())
        _ = try? await page.send(RecorderCDP.OverlayDisable())
    }

    /// The label the window shows now, read from the page's rendering of it; `nil` when none is.
    public func shownLabel() async -> ShownLabel? {
        guard let (_, page) = app.runningPage, let context,
              let reply = try? await page.send(CDP.Runtime.Evaluate(expression: "__labInspectLabel()", contextId: context)),
              reply.exceptionDetails == nil, let value = reply.result.value, let text = value["text"]?.string,
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

    private func receive(_ message: CDPEventMessage) async {
        if message.method == RecorderCDP.ExecutionContextCreated.method {
            if let created = WorldScript.inspect.createdContext(message) {
                context = created
                shownNode = nil
            }
            return
        }
        guard let call = WorldScript.inspect.report(message),
              let report = try? JSONDecoder().decode(Report.self, from: Data(call.payload.utf8))
        else { return }
        context = call.executionContextId
        switch report.kind {
        case "hover":
            guard let node = report.node else { return }
            // Only the newest position matters: a pointer that crossed ten elements while the
            // last one was being looked up is shown where it is now.
            latest = (node, call.executionContextId)
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
    private func show(node number: Int, context: Int) async {
        guard let (_, page) = app.runningPage,
              let backendNode = await node(of: "__labNode(\(number))", context: context, page: page),
              let snapshot = try? await app.snapshot()
        else { return }
        guard let index = snapshot.elementIndex(forDOMNode: backendNode), index > 0, let elementNode = snapshot.elements[index].domNodeId else {
            shownNode = nil
            _ = try? await page.send(CDP.Runtime.Evaluate(expression: "__labInspectHide()", contextId: context))
            _ = try? await page.send(RecorderCDP.HideHighlight())
            return
        }
        if elementNode == shownNode { return }  // the pointer moved onto a part of the same element
        let element = snapshot.elements[index]
        let chosen = try? await chooser.element(for: index, in: snapshot)
        var live = false
        if let chosen { live = await chooser.verifyLive(chosen, is: elementNode) }
        let text = chosen.map { live ? $0.description : "\($0.description)  (changed since the tree was read)" } ?? "(no unique query)"
        _ = try? await page.send(RecorderCDP.HighlightNode(backendNodeId: elementNode))
        let shown = await label(text, on: elementNode, context: context, page: page)
        shownNode = elementNode
        let inspection = HoverInspection(
            element: element.line(includingFrame: false), query: chosen?.description, live: live, shownInWindow: shown)
        inspections.append(inspection)
        observer?(inspection)
    }

    /// Shows `text` next to DOM node `backendNode`, from the inspector's world.
    private func label(_ text: String, on backendNode: Int, context: Int, page: PageSession) async -> Bool {
        labels += 1
        let group = "lab-inspect-\(labels)"
        defer { Task { _ = try? await page.send(CDP.Runtime.ReleaseObjectGroup(objectGroup: group)) } }
        guard let resolved = try? await page.send(
            RecorderCDP.ResolveNodeInContext(backendNodeId: backendNode, executionContextId: context, objectGroup: group)),
            let object = resolved.object.objectId,
            let reply = try? await page.send(CDP.Runtime.CallFunctionOn(
                functionDeclaration: "function (text) { return __labInspectShow(this, text); }", objectId: object,
                arguments: [.init(value: .string(text))]))
        else { return false }
        return reply.exceptionDetails == nil && reply.result.value?.bool == true
    }

    /// The backend node id of what `expression` returns in the inspector's world.
    private func node(of expression: String, context: Int, page: PageSession) async -> Int? {
        guard let result = try? await page.send(CDP.Runtime.Evaluate(expression: expression, returnByValue: false, contextId: context)),
              let object = result.result.objectId
        else { return nil }
        defer { Task { _ = try? await page.send(CDP.Runtime.ReleaseObject(objectId: object)) } }
        return try? await page.send(CDP.DOM.DescribeNode(objectId: object)).node.backendNodeId
    }
}
