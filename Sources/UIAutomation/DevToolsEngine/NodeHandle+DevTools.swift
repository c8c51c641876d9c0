/// The DevTools engine's node handles: a backend DOM node id (an element read from the
/// accessibility tree, kind 0), or a reference of the in-page query engine
/// (``NodeHandle/Kind/inPage``, shared by every engine that runs `elementQuery.js`).
extension NodeHandle.Kind {
    /// A backend DOM node id (`DOM.BackendNodeId`).
    static let backend = NodeHandle.Kind(rawValue: 0)
}

extension NodeHandle {
    /// The node with backend DOM node id `id`.
    static func backend(_ id: Int) -> NodeHandle { NodeHandle(id, kind: .backend) }

    /// The backend DOM node id, for a node read from the accessibility tree.
    var backendNodeId: Int? { number(ofKind: .backend) }
}
