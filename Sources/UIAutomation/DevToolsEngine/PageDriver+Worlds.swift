import DevTools
import Foundation
import LabSupport
import Synchronization

// The tools' side of the DevTools engine (``PageWorld``, the overlay highlight, the history):
// isolated worlds with a binding only they see, `Overlay.highlightNode`, `Page.getNavigationHistory`.

extension PageDriver {
    func installWorld(named worldName: String, binding bindingName: String, script: String,
                      deliver: @escaping @Sendable (WorldEvent) async -> Bool) async throws -> any PageWorld {
        let events = page.session.events(methods: [WorldCommands.BindingCalled.method, WorldCommands.ExecutionContextCreated.method])
        let reader = Task {
            do {
                for try await message in events {
                    let event: WorldEvent
                    if message.method == WorldCommands.ExecutionContextCreated.method {
                        guard let created = try? message.decode(WorldCommands.ExecutionContextCreated.self),
                              created.context.name == worldName
                        else { continue }
                        event = .created(WorldContext(String(created.context.id)))
                    } else {
                        guard let call = try? message.decode(WorldCommands.BindingCalled.self), call.name == bindingName else { continue }
                        event = .report(payload: call.payload, context: WorldContext(String(call.executionContextId)))
                    }
                    guard await deliver(event) else { return }
                }
            } catch {}
        }
        do {
            let limit = configuration.responseTimeout
            _ = try await page.send(WorldCommands.AddBinding(name: bindingName, executionContextName: worldName), timeout: limit)
            _ = try await page.send(WorldCommands.AddScriptToEvaluateInWorld(source: script, worldName: worldName), timeout: limit)
            _ = try await page.send(CDP.Runtime.Enable(), timeout: limit)
            let frame = try await page.send(WorldCommands.GetFrameTree(), timeout: limit).frameTree.frame.id
            let world = try await page.send(WorldCommands.CreateIsolatedWorld(frameId: frame, worldName: worldName), timeout: limit)
            return DevToolsWorld(
                page: page, initialContext: WorldContext(String(world.executionContextId)), reader: reader, limit: limit)
        } catch {
            reader.cancel()
            throw error
        }
    }

    func highlight(_ node: NodeHandle?) async throws {
        let limit = configuration.responseTimeout
        guard let node else {
            if overlayEnabled.load(ordering: .relaxed) { _ = try await page.send(WorldCommands.HideHighlight(), timeout: limit) }
            return
        }
        guard let id = try await backendNodeId(of: node) else { return }
        if !overlayEnabled.exchange(true, ordering: .relaxed) {
            _ = try await page.send(CDP.DOM.Enable(), timeout: limit)
            _ = try await page.send(WorldCommands.OverlayEnable(), timeout: limit)
        }
        _ = try await page.send(WorldCommands.HighlightNode(backendNodeId: id), timeout: limit)
    }

    func stopHighlighting() async {
        guard overlayEnabled.exchange(false, ordering: .relaxed) else { return }
        _ = try? await page.send(WorldCommands.HideHighlight(), timeout: configuration.responseTimeout)
        _ = try? await page.send(WorldCommands.OverlayDisable(), timeout: configuration.responseTimeout)
    }

    func currentHistoryEntry() async throws -> HistoryEntry {
        let history = try await page.send(CDP.Page.GetNavigationHistory(), timeout: configuration.responseTimeout)
        let url = history.entries.indices.contains(history.currentIndex) ? history.entries[history.currentIndex].url : ""
        return HistoryEntry(index: history.currentIndex, url: url)
    }

    func treeNode(for node: NodeHandle) async throws -> NodeHandle? {
        try await backendNodeId(of: node).map { NodeHandle.backend($0) }
    }
}

/// A tool's isolated world in a DevTools page: its instances are execution contexts.
struct DevToolsWorld: PageWorld {
    let page: PageSession
    let initialContext: WorldContext
    let reader: Task<Void, Never>
    /// The longest one call waits when the caller gives no timeout (the response timeout).
    let limit: Duration

    func evaluate(_ expression: String, in context: WorldContext, timeout: Duration?) async throws -> JSONValue {
        let result = try await page.send(
            CDP.Runtime.Evaluate(expression: expression, contextId: try executionContext(context)), timeout: timeout ?? limit)
        if let failure = result.exceptionDetails { throw UIAutomationError(query: "", reason: .scriptFailed(failure.message)) }
        return result.result.value ?? .null
    }

    func node(of expression: String, in context: WorldContext, timeout: Duration?) async throws -> NodeHandle? {
        let limit = timeout ?? self.limit
        let result = try await page.send(
            CDP.Runtime.Evaluate(expression: expression, returnByValue: false, contextId: try executionContext(context)), timeout: limit)
        guard result.exceptionDetails == nil, let object = result.result.objectId else { return nil }
        defer { Task { [page] in _ = try? await page.send(CDP.Runtime.ReleaseObject(objectId: object)) } }
        return NodeHandle.backend(try await page.send(CDP.DOM.DescribeNode(objectId: object), timeout: limit).node.backendNodeId)
    }

    func callFunction(_ declaration: String, on node: NodeHandle, in context: WorldContext, arguments: [JSONValue]) async throws -> JSONValue? {
        guard let backendNodeId = node.backendNodeId else {
            throw UIAutomationError(query: "", reason: .invalidRequest("\(node) is not a node of the element tree"))
        }
        let group = "automationlab-world-" + UUID().uuidString
        defer { Task { [page] in _ = try? await page.send(CDP.Runtime.ReleaseObjectGroup(objectGroup: group)) } }
        let resolved: WorldCommands.ResolveNodeInContext.Response
        do {
            resolved = try await page.send(
                WorldCommands.ResolveNodeInContext(backendNodeId: backendNodeId, executionContextId: try executionContext(context), objectGroup: group),
                timeout: limit)
        } catch DevToolsError.protocolError {
            return nil  // it left the document
        }
        guard let object = resolved.object.objectId else { return nil }
        let reply = try await page.send(
            CDP.Runtime.CallFunctionOn(functionDeclaration: declaration, objectId: object, arguments: arguments.map { CDP.Runtime.CallArgument(value: $0) }),
            timeout: limit)
        if let failure = reply.exceptionDetails { throw UIAutomationError(query: "", reason: .scriptFailed(failure.message)) }
        return reply.result.value ?? .null
    }

    func close() { reader.cancel() }

    private func executionContext(_ context: WorldContext) throws -> Int {
        guard let id = Int(context.id) else {
            throw UIAutomationError(query: "", reason: .invalidRequest("\(context) is not an execution context of this page"))
        }
        return id
    }
}
