import DevTools

/// A read's accessibility nodes with each node's position by id. The positions are worked out
/// once per tree and kept by a partial read that changes no node's children
/// (``PageDriver/join(_:_:)``): trees of thousands of nodes are read after every change.
struct AXTree: Sendable {
    /// The nodes, in the order the read gave them.
    let nodes: [CDP.Accessibility.AXNode]
    /// Each node's position in ``nodes`` by its id (the last one, should an id repeat).
    let index: [String: Int]
    /// Each node's children that are in the tree, as positions (`childIds` looked up once per
    /// tree, not at every build).
    let children: [[Int]]
    /// How many nodes no longer hang from the tree (a changed text's old inline text boxes,
    /// left in place by ``PageDriver/join(_:_:)``); the next join that reaches many drops them.
    var orphans = 0
    /// The positions of the nodes a partial read put in place (``PageDriver/joinInPlace(_:_:)``):
    /// every other position holds the node it held in the tree this one was joined from, with
    /// the same subtree. `nil` for a tree read whole or rebuilt by a walk.
    var replaced: [Int]?

    /// The tree of `nodes`, positions worked out.
    init(_ nodes: [CDP.Accessibility.AXNode]) {
        var index: [String: Int] = [:]
        index.reserveCapacity(nodes.count)
        for (position, node) in nodes.enumerated() { index[node.nodeId] = position }
        self.init(nodes: nodes, index: index)
    }

    /// `nodes` with positions already known to be theirs.
    init(nodes: [CDP.Accessibility.AXNode], index: [String: Int]) {
        self.init(nodes: nodes, index: index, children: nodes.map { Self.positions(of: $0, in: index) })
    }

    /// `nodes` with positions and children already known to be theirs.
    init(nodes: [CDP.Accessibility.AXNode], index: [String: Int], children: [[Int]], orphans: Int = 0, replaced: [Int]? = nil) {
        self.nodes = nodes
        self.index = index
        self.children = children
        self.orphans = orphans
        self.replaced = replaced
    }

    /// The positions of `node`'s children that are in `index`, in order.
    static func positions(of node: CDP.Accessibility.AXNode, in index: [String: Int]) -> [Int] {
        (node.childIds ?? []).compactMap { index[$0] }
    }

    /// The root's position: the node without a parent, else the first; `nil` for no nodes.
    var root: Int? { nodes.firstIndex { $0.parentId == nil } ?? (nodes.isEmpty ? nil : 0) }
}
