/// The DevTools engine's node handles: a backend DOM node id (an element read from the
/// accessibility tree, kind 0), or a reference of the in-page query engine (`elementQuery.js`:
/// an element a query resolved in the page; `window.__labInpage.node(ref)` is its node).
extension NodeHandle.Kind {
    /// A backend DOM node id (`DOM.BackendNodeId`).
    static let backend = NodeHandle.Kind(rawValue: 0)
    /// A reference of the in-page query engine.
    static let inPage = NodeHandle.Kind(rawValue: 1)
}

extension NodeHandle {
    /// The node with backend DOM node id `id`.
    static func backend(_ id: Int) -> NodeHandle { NodeHandle(id, kind: .backend) }

    /// The in-page query engine's node `ref`.
    static func inPage(_ ref: Int) -> NodeHandle { NodeHandle(ref, kind: .inPage) }

    /// The backend DOM node id, for a node read from the accessibility tree.
    var backendNodeId: Int? { number(ofKind: .backend) }

    /// The in-page query engine's reference, for a node it resolved.
    var inPageReference: Int? { number(ofKind: .inPage) }
}
