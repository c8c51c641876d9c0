import DevTools
import Foundation
import Synchronization

/// Page handles (`Runtime` remote objects) on DOM nodes, each made once and kept, so that a
/// call on many nodes (a CSS selector tried on every candidate, an audit of every element)
/// costs one `Runtime.callFunctionOn` once its nodes are known, not a `DOM.resolveNode` per
/// node every time. The handles live in one object group; ``reset()`` releases the group (a
/// navigation has released it already: the caller resets when the page says a handle is gone),
/// and so does growing past ``capacity`` (a page that replaces its nodes for ever must not keep
/// them all alive).
final class NodeHandles: Sendable {
    /// The most handles kept before they are all released and made again as needed.
    static let capacity = 20_000

    private struct State {
        var group = NodeHandles.newGroup()
        var objects: [NodeHandle: String] = [:]
    }

    private let state = Mutex(State())
    private let page: PageSession

    init(page: PageSession) { self.page = page }

    /// The handles of `nodes` still in the page (a node that left it is skipped), in the
    /// order given; the ones not yet known are made now, all at once.
    func objects(for nodes: [NodeHandle], limit: Duration) async throws -> [(node: NodeHandle, objectId: String)] {
        let (group, known) = current(of: nodes)
        let missing = nodes.filter { known[$0] == nil }
        var made: [NodeHandle: String] = [:]
        if !missing.isEmpty {
            let page = self.page
            made = try await withThrowingTaskGroup(of: (NodeHandle, String?).self) { tasks in
                for node in Set(missing) {
                    tasks.addTask {
                        (node, try await Self.object(for: node, in: page, group: group, limit: limit))
                    }
                }
                var made: [NodeHandle: String] = [:]
                for try await (node, objectId) in tasks { if let objectId { made[node] = objectId } }
                return made
            }
            keep(made, in: group)
        }
        return nodes.compactMap { node in (known[node] ?? made[node]).map { (node, $0) } }
    }

    // The state is read and written in functions of their own, never inlined into the async
    // one: a `Mutex` inlined into an async function crashed release builds.

    /// The group and the handles of `nodes` already made, after releasing them all if making
    /// the others could pass the capacity. (Only those nodes' entries are taken out: a copy of
    /// the whole table would be copied again when the new handles are merged.)
    @inline(never)
    private func current(of nodes: [NodeHandle]) -> (group: String, objects: [NodeHandle: String]) {
        state.withLock { state in
            if state.objects.count + nodes.count > Self.capacity { state = releasing(state) }
            var known: [NodeHandle: String] = [:]
            for node in nodes { if let object = state.objects[node] { known[node] = object } }
            return (state.group, known)
        }
    }

    @inline(never)
    private func keep(_ made: [NodeHandle: String], in group: String) {
        state.withLock { state in
            guard state.group == group else { return }  // reset meanwhile: these handles are released
            state.objects.merge(made) { _, new in new }
        }
    }

    /// How many of `nodes` have no handle yet.
    @inline(never)
    func unknownCount(of nodes: [NodeHandle]) -> Int {
        state.withLock { state in nodes.count { state.objects[$0] == nil } }
    }

    /// Forgets every handle and releases them in the page.
    @inline(never)
    func reset() {
        state.withLock { state in state = releasing(state) }
    }

    private func releasing(_ state: State) -> State {
        let page = self.page, group = state.group
        Task { _ = try? await page.send(CDP.Runtime.ReleaseObjectGroup(objectGroup: group), timeout: .seconds(5)) }
        return State()
    }

    private static func newGroup() -> String { "automationlab-handles-" + UUID().uuidString }

    /// A new page handle on `node` in object group `group`, or `nil` when the node left the
    /// document: a backend node through `DOM.resolveNode`, an in-page engine's reference through
    /// `window.__labInpage.node(ref)` (one round trip either way).
    static func object(for node: NodeHandle, in page: PageSession, group: String?, limit: Duration) async throws -> String? {
        if let id = node.backendNodeId {
            do {
                return try await page.send(CDP.DOM.ResolveNode(backendNodeId: id, objectGroup: group), timeout: limit).object.objectId
            } catch DevToolsError.protocolError {
                return nil  // "No node with given id found": it left the document
            }
        } else if let ref = node.inPageReference {
            let reply = try await page.send(CDP.Runtime.Evaluate(
                expression: PageScripts.inPageNode(ref), returnByValue: false, objectGroup: group), timeout: limit)
            guard reply.exceptionDetails == nil, reply.result.subtype != "null" else { return nil }
            return reply.result.objectId
        } else {
            return nil  // no handle of this engine's
        }
    }

    /// Whether a protocol error says a handle no longer stands for anything (its document was
    /// replaced, or its group released): the call is worth making again with fresh handles.
    static func isStale(_ message: String) -> Bool {
        message.contains("Could not find object with given id") || PageDriver.isNavigationRace(message)
    }
}
