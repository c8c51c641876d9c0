import DevTools
import LabSupport
import Foundation

/// Partial reads: after DOM mutations the page's instrumentation could bound to a few
/// subtrees (``PageScripts/beginRead(identifierAttribute:afterInput:)``), only those subtrees and their ancestors are read
/// from the browser's accessibility tree and joined with the last full set of nodes.
///
/// What the page vouches for (`partial` in `instrumentation.js`): every mutation since the
/// last read was in the document's light tree outside the head; text changes and nodes added
/// or removed lie in the logged subtrees; attribute changes were to attributes neither CSS nor
/// the accessibility tree reads; no text in a changed subtree names another element
/// (`aria-labelledby`, `<label for>`, a wrapping `<label>`); no `aria-owns` reparents nodes;
/// and when elements came or went, no CSS rule depends on siblings, order or counters.
/// Under those conditions a mutation changes the accessibility nodes of its subtree and the
/// names of its ancestors (names from contents), which is what is read again here.
extension PageDriver {
    /// A partial read's result: the joined accessibility nodes, and the changed subtrees' DOM
    /// nodes as `DOM.describeNode` gave them (attributes, children) when asked for.
    struct RefreshedTree {
        let tree: AXTree
        let described: [CDP.DOM.Node]
    }

    /// The last tree's accessibility nodes with the changed subtrees (the page's
    /// `lab.readRoots`: `roots` read whole, then `shallow` block containers read as their own
    /// node and children, descending only into children new to the tree) and their ancestors
    /// and siblings read again; `nil` when that cannot be done (a root without an accessibility
    /// node, a reply that does not join): the caller then reads the whole tree.
    /// With `describing`, the changed subtrees' DOM nodes come too (a root read whole with all
    /// its descendants, a shallow one with its children), for a read that skips the DOM snapshot.
    /// `firstRoot` is a handle on the first root already asked for, and its object group (the
    /// read's other handles join it; it is released when the read is done).
    func refreshedTree(_ old: AXTree, roots: Int, shallow: Int = 0, describing: Bool = false,
                       firstRoot: (objectId: String, group: String)? = nil, limit: Duration) async throws -> RefreshedTree? {
        guard roots + shallow > 0 else {
            if let firstRoot { releaseInBackground(CDP.Runtime.ReleaseObjectGroup(objectGroup: firstRoot.group)) }
            return RefreshedTree(tree: old, described: [])
        }
        do {
            return try await refresh(old, roots: roots, shallow: shallow, describing: describing, firstRoot: firstRoot, limit: limit)
        } catch DevToolsError.protocolError {
            // A node gone or an accessibility object replaced while reading ("No node with given
            // id", "Invalid ID"): the page changed under the read; read it whole.
            return nil
        }
    }

    private func refresh(_ old: AXTree, roots deepCount: Int, shallow: Int, describing: Bool,
                         firstRoot: (objectId: String, group: String)?, limit: Duration) async throws -> RefreshedTree? {
        let page = self.page
        let roots = deepCount + shallow
        // A handle on each root's DOM node (one group, released once used), then on that
        // handle at once: its DOM node described (for its backend id, and its attributes when
        // `describing`) and its accessibility node with its ancestors and children.
        let group = firstRoot?.group ?? "automationlab-read-" + UUID().uuidString
        let firstHandle = firstRoot?.objectId
        let read: [(node: CDP.DOM.Node, tree: [CDP.Accessibility.AXNode])?]
        do {
            read = try await withThrowingTaskGroup(of: (Int, (CDP.DOM.Node, [CDP.Accessibility.AXNode])?).self) { tasks in
                for index in 0..<roots {
                    tasks.addTask {
                        let given = index == 0 ? firstHandle : nil
                        let handle = given == nil ? try await page.send(CDP.Runtime.Evaluate(
                            expression: PageScripts.readRoot(index), returnByValue: false, objectGroup: group), timeout: limit) : nil
                        guard let objectId = given ?? handle?.result.objectId else { return (index, nil) }
                        let depth: Int? = describing && index < deepCount ? -1 : nil  // nil: the node and its children
                        async let node = page.send(CDP.DOM.DescribeNode(objectId: objectId, depth: depth), timeout: limit).node
                        async let tree = page.send(CDP.Accessibility.GetPartialAXTree(objectId: objectId, fetchRelatives: true), timeout: limit).nodes
                        return (index, (try await node, try await tree))
                    }
                }
                var read = [(node: CDP.DOM.Node, tree: [CDP.Accessibility.AXNode])?](repeating: nil, count: roots)
                for try await (index, pair) in tasks { read[index] = pair.map { (node: $0.0, tree: $0.1) } }
                return read
            }
        } catch {
            releaseInBackground(CDP.Runtime.ReleaseObjectGroup(objectGroup: group))
            throw error
        }
        releaseInBackground(CDP.Runtime.ReleaseObjectGroup(objectGroup: group))
        let rootReads = read.compactMap { $0 }
        guard rootReads.count == roots else { return nil }
        let rootNodes = rootReads.map(\.node)
        let rootIds = rootNodes.map(\.backendNodeId)
        let partials = rootReads.enumerated().map { ($0.offset, $0.element.tree) }
        var fresh: [String: CDP.Accessibility.AXNode] = [:]
        var subtree: [String] = []
        var shallowRoots: [String] = []
        for (_, nodes) in partials {
            for node in nodes { fresh[node.nodeId] = node }
        }
        for (index, nodes) in partials {
            // An ignored node's place in the tree is not what getFullAXTree gives it (measured:
            // its children may hang from a kept ancestor there): such a change is read whole.
            guard let root = nodes.first(where: { $0.backendDOMNodeId == rootIds[index] }), !root.ignored else { return nil }
            if index < deepCount { subtree.append(root.nodeId) } else { shallowRoots.append(root.nodeId) }
        }
        // A shallow root's children new to the tree are read whole; the others keep their
        // subtrees from the last tree (their own nodes are fresh).
        for id in shallowRoots {
            for child in fresh[id]?.childIds ?? [] where old.index[child] == nil { subtree.append(child) }
        }
        // The rest of each subtree, a level at a time: children not in hand are asked for. A
        // text's children are its inline text boxes, which no element is made of (and which the
        // browser lays out on demand, ~10 ms for a few): they are not read (``textHasChildren(_:)``).
        var frontier = subtree.filter { fresh[$0].map(Self.textHasChildren) != true }
        var inSubtree = Set(subtree)
        while !frontier.isEmpty {
            let missing = frontier.filter { id in (fresh[id]?.childIds ?? []).contains { fresh[$0] == nil } }
            if !missing.isEmpty {
                let replies = try await withThrowingTaskGroup(of: [CDP.Accessibility.AXNode].self) { tasks in
                    for id in missing {
                        tasks.addTask { try await page.send(CDP.Accessibility.GetChildAXNodes(id: id), timeout: limit).nodes }
                    }
                    var all: [CDP.Accessibility.AXNode] = []
                    for try await nodes in tasks { all += nodes }
                    return all
                }
                for node in replies { fresh[node.nodeId] = node }
            }
            var next: [String] = []
            for id in frontier {
                for child in fresh[id]?.childIds ?? [] {
                    guard let node = fresh[child] else { return nil }  // the browser did not give it: do not guess
                    if inSubtree.insert(child).inserted, !Self.textHasChildren(node) { next.append(child) }
                }
            }
            frontier = next
        }
        return Self.join(old, fresh).map { RefreshedTree(tree: $0, described: describing ? rootNodes : []) }
    }

    /// `old` with `fresh` nodes in place of theirs, keeping only the nodes reachable from
    /// the root (removed subtrees drop out), root first; `nil` if the root is lost or a node's
    /// child was not read. When every fresh node replaces an old one with the same children —
    /// a label, a state, a value changed — the tree keeps its shape: the fresh nodes are put in
    /// their old places and the positions kept. A text's children are its inline text boxes,
    /// which no element is made of and a partial read does not read: a text with new ones
    /// keeps the shape too, its old boxes left behind as orphans (dropped by the next walk once
    /// they are a quarter of the tree).
    static func join(_ old: AXTree, _ fresh: [String: CDP.Accessibility.AXNode]) -> AXTree? {
        guard let oldRoot = old.root else { return nil }
        var orphans = old.orphans
        let sameShape = fresh.allSatisfy { id, node in
            guard let position = old.index[id] else { return false }
            let before = old.nodes[position]
            if before.childIds == node.childIds {
                return (node.childIds ?? []).allSatisfy { old.index[$0] != nil } || textHasChildren(node)
            }
            guard isText(before), isText(node) else { return false }
            orphans += before.childIds?.count ?? 0
            return true
        }
        if sameShape && orphans * 4 <= old.nodes.count {
            var nodes = old.nodes
            var children = old.children
            for (id, node) in fresh {
                let position = old.index[id]!
                nodes[position] = node
                children[position] = AXTree.positions(of: node, in: old.index)
            }
            return AXTree(nodes: nodes, index: old.index, children: children, orphans: orphans)
        }
        // Walked by reference — an old node by its position, a fresh one by its id — so each
        // node is copied once, into the result; a fresh node wins over its old self.
        enum Ref { case old(Int), fresh(String) }
        var seenOld = [Bool](repeating: false, count: old.nodes.count)
        var seenFresh: Set<String> = []
        func ref(_ id: String) -> Ref? {
            if fresh[id] != nil { return .fresh(id) }
            return old.index[id].map { .old($0) }
        }
        func firstVisit(_ ref: Ref) -> Bool {
            switch ref {
            case .old(let position):
                defer { seenOld[position] = true }
                return !seenOld[position]
            case .fresh(let id):
                return seenFresh.insert(id).inserted
            }
        }
        guard let root = ref(old.nodes[oldRoot].nodeId) else { return nil }
        _ = firstVisit(root)
        var joined: [CDP.Accessibility.AXNode] = []
        joined.reserveCapacity(old.nodes.count + fresh.count)
        var index: [String: Int] = [:]
        index.reserveCapacity(old.nodes.count + fresh.count)
        var stack = [root]
        while let top = stack.popLast() {
            switch top {
            case .old(let position): joined.append(old.nodes[position])
            case .fresh(let id): joined.append(fresh[id]!)
            }
            let current = joined[joined.count - 1]
            index[current.nodeId] = joined.count - 1
            let text = Self.textHasChildren(current)
            for child in (current.childIds ?? []).reversed() {
                guard let next = ref(child) else {
                    if text { continue }  // an inline text box not read (see the walk above)
                    return nil
                }
                if firstVisit(next) { stack.append(next) }
            }
        }
        return AXTree(nodes: joined, index: index)
    }

    /// Whether `node` is a text (`StaticText`) with children: its inline text boxes, which a
    /// partial read leaves out (no element is made of them: a transparent role without children).
    static func textHasChildren(_ node: CDP.Accessibility.AXNode) -> Bool {
        isText(node) && !(node.childIds ?? []).isEmpty
    }

    /// Whether `node` is a text (`StaticText`): its children, if any, are inline text boxes.
    static func isText(_ node: CDP.Accessibility.AXNode) -> Bool {
        node.role?.value?.string == "StaticText"
    }
}
