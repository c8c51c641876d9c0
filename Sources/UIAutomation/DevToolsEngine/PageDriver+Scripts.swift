import DevTools
import Foundation
import LabSupport
import Synchronization

/// Scripts and CSS in the page: the actionability check and the one hit test, functions called on
/// DOM nodes (one or many, with kept handles), expressions, and CSS selectors matched against
/// nodes.
extension PageDriver {
    /// Whether a tap would reach `element` now: the one hit test (``PageScripts/actionability``
    /// in its `hitTest` mode: visible, and the node hit at the point a tap aims at — through open
    /// shadow roots — is the element or inside it), without scrolling. `false` when it has no
    /// DOM node or its node has gone.
    func isHittable(_ element: ElementSnapshot) async throws -> Bool {
        guard let node = element.node else { return false }
        return try await actionability(node: node, offsetX: 0.5, offsetY: 0.5, mode: "hitTest", guardHits: false).state == .ok
    }

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
        if let ref = node.inPageReference { return try await callFunction(declaration, onInPageNode: ref, arguments: arguments) }
        return try await browser.run {
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

    /// ``callFunction(_:on:arguments:)`` on a node the in-page engine resolved: one
    /// `Runtime.evaluate` that finds the node by its reference and calls `declaration` on it,
    /// where a remote object would cost a round trip to make it and one to release it.
    private func callFunction(_ declaration: String, onInPageNode ref: Int, arguments: [JSONValue]) async throws -> JSONValue? {
        let encoded = String(decoding: try JSONEncoder().encode(arguments), as: UTF8.self)
        let expression = """
            (() => { const node = \(PageScripts.inPageNode(ref)); if (node == null) return { gone: true };
              return Promise.resolve((\(declaration)).apply(node, \(encoded))).then((value) => ({ value })); })()
            """
        return try await browser.run {
            let reply = try await page.send(
                CDP.Runtime.Evaluate(expression: expression, returnByValue: true, awaitPromise: true), timeout: configuration.responseTimeout)
            if let exception = reply.exceptionDetails {
                throw DevToolsError.javaScriptException(message: exception.message)
            }
            // `undefined` has no `value` (as `callFunctionOn` answers no value for it).
            guard case .object(let answer)? = reply.result.value, answer["gone"] == nil else { return nil }
            return answer["value"]
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
                for try await id in tasks { found.insert(.backend(id)) }
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
}
