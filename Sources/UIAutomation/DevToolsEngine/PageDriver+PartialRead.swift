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
    /// How many of the page's changed subtrees' roots (`lab.readRoots`, in this order) are read
    /// which way.
    struct ChangedRoots: Sendable {
        /// Roots read whole: their nodes, ancestors and every descendant.
        var deep = 0
        /// Block containers whose children came or went, read as their own node and their
        /// children's nodes (their new children are among the deep roots).
        var shallow = 0
        /// Block containers like `shallow` ones whose children's nodes cannot have changed (no
        /// text of their own renders): read as their own node and ancestors only.
        var lean = 0

        /// All the roots.
        var count: Int { deep + shallow + lean }
    }

    /// A handle on the first changed root, asked for with the start of the read (one round trip
    /// less), and the object group it was made in: a partial read's other handles join it, and
    /// it is released when the read is done.
    struct FirstRoot: Sendable {
        let objectId: String
        let group: String
    }

    /// A partial read's result: the joined accessibility nodes, and the changed subtrees' DOM
    /// nodes as `DOM.describeNode` gave them (attributes, children) when asked for.
    struct RefreshedTree {
        let tree: AXTree
        let described: [CDP.DOM.Node]
    }

    /// The last tree's accessibility nodes with the changed subtrees (the page's
    /// `lab.readRoots`, see ``ChangedRoots``; a shallow root's children new to the tree are
    /// descended into) and their ancestors read again; `nil` when that cannot be done (a root
    /// without an accessibility node, a reply that does not join): the caller then reads the
    /// whole tree.
    /// With `describing`, the changed subtrees' DOM nodes come too (a root read whole with all
    /// its descendants, a shallow one with its children), for a read that skips the DOM snapshot.
    /// `firstRoot`: the first root's handle, when already asked for.
    func refreshedTree(_ old: AXTree, roots: ChangedRoots, describing: Bool = false,
                       firstRoot: FirstRoot? = nil, limit: Duration) async throws -> RefreshedTree? {
        guard roots.count > 0 else {
            if let firstRoot { releaseInBackground(CDP.Runtime.ReleaseObjectGroup(objectGroup: firstRoot.group)) }
            return RefreshedTree(tree: old, described: [])
        }
        do {
            return try await refresh(old, roots: roots, describing: describing, firstRoot: firstRoot, limit: limit)
        } catch DevToolsError.protocolError {
            // A node gone or an accessibility object replaced while reading ("No node with given
            // id", "Invalid ID"): the page changed under the read; read it whole.
            return nil
        }
    }

    private func refresh(_ old: AXTree, roots changed: ChangedRoots, describing: Bool,
                         firstRoot: FirstRoot?, limit: Duration) async throws -> RefreshedTree? {
        let page = self.page
        let roots = changed.count, deepCount = changed.deep, leanFrom = changed.deep + changed.shallow
        // A handle on each root's DOM node (one group, released once used), then on that
        // handle at once: its DOM node described (for its backend id, and its attributes when
        // `describing`) and its accessibility node with its ancestors and children.
        let group = firstRoot?.group ?? "automationlab-read-" + UUID().uuidString
        let read: [(node: CDP.DOM.Node, tree: [CDP.Accessibility.AXNode])?]
        do {
            read = try await withThrowingTaskGroup(of: (Int, (CDP.DOM.Node, [CDP.Accessibility.AXNode])?).self) { tasks in
                for index in 0..<roots {
                    tasks.addTask {
                        let known = index == 0 ? firstRoot?.objectId : nil
                        let handle = known == nil ? try await page.send(CDP.Runtime.Evaluate(
                            expression: PageScripts.readRoot(index), returnByValue: false, objectGroup: group), timeout: limit) : nil
                        guard let objectId = known ?? handle?.result.objectId else { return (index, nil) }
                        let depth: Int? = describing && index < deepCount ? -1 : nil  // nil: the node and its children
                        async let node = page.send(CDP.DOM.DescribeNode(objectId: objectId, depth: depth), timeout: limit).node
                        if index >= leanFrom {
                            async let tree = page.send(CDP.Accessibility.GetAXNodeAndAncestors(objectId: objectId), timeout: limit).nodes
                            return (index, (try await node, try await tree))
                        }
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
        // Released once the read is done: the browser runs a session's commands in order, so a
        // release sent now would hold up the levels below.
        defer { releaseInBackground(CDP.Runtime.ReleaseObjectGroup(objectGroup: group)) }
        var rootReads = read.compactMap { $0 }
        guard rootReads.count == roots else { return nil }
        // An ignored node's place in the tree may not be what getFullAXTree gives it (measured:
        // a partial read lists it twice among its parent's children, and its children may hang
        // from a kept ancestor in a whole read): a deep root that is ignored is read again from
        // its nearest kept ancestor, as if the page had named that one; short of the document
        // (then the read is whole). A generic `<div>` is often ignored: a class changed in a
        // form group is read from its form.
        for index in 0..<deepCount {
            let (node, tree) = rootReads[index]
            guard let root = tree.first(where: { $0.backendDOMNodeId == node.backendNodeId }), root.ignored else { continue }
            guard let kept = Self.nearestKeptAncestor(of: root, in: tree), let backend = kept.backendDOMNodeId else { return nil }
            async let described = page.send(CDP.DOM.DescribeNode(backendNodeId: backend, depth: describing ? -1 : nil), timeout: limit).node
            async let nodes = page.send(CDP.Accessibility.GetPartialAXTree(backendNodeId: backend, fetchRelatives: true), timeout: limit).nodes
            rootReads[index] = (try await described, try await nodes)
        }
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

    /// `old` with `fresh` nodes in place of theirs, the nodes no longer reachable from the root
    /// left out or (``joinInPlace(_:_:)``) left behind as orphans; `nil` if the root is lost or a
    /// node's child was not read. A text's children are its inline text boxes, which no element
    /// is made of and a partial read does not read: a text without them joins.
    static func join(_ old: AXTree, _ fresh: [String: CDP.Accessibility.AXNode]) -> AXTree? {
        guard let oldRoot = old.root else { return nil }
        if let joined = joinInPlace(old, fresh) { return joined }
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

    /// `old` with each fresh node put in its old place and new ones after the rest, positions
    /// and child lists kept but the fresh nodes' — a label, a state, a value changed, elements
    /// added or removed: no walk over the whole tree, no rehash. Nodes no node lists any more
    /// (a removed subtree, a changed text's old inline boxes) stay behind as orphans, out of
    /// the index; `nil` (the caller walks the tree instead) once they would be a quarter of the
    /// tree, when a fresh node's child is neither fresh nor old, or when a new node hangs from
    /// no fresh node.
    static func joinInPlace(_ old: AXTree, _ fresh: [String: CDP.Accessibility.AXNode]) -> AXTree? {
        var nodes = old.nodes, children = old.children, index = old.index
        nodes.reserveCapacity(nodes.count + fresh.count)  // one copy, with room for new nodes
        var positions: [Int] = []
        positions.reserveCapacity(fresh.count)
        for (id, node) in fresh {
            if let position = index[id] {
                nodes[position] = node
                positions.append(position)
            } else {
                index[id] = nodes.count
                positions.append(nodes.count)
                nodes.append(node)
                children.append([])
            }
        }
        // The fresh nodes' children; those an old node had and no longer has are candidates
        // for orphans (unless listed again, by another fresh node: moved).
        var listed = Set<Int>()
        var dropped: [Int] = []
        for position in positions {
            let node = nodes[position]
            // A child neither fresh nor old was not read, unless it is a text's inline box.
            if !isText(node), (node.childIds ?? []).contains(where: { index[$0] == nil }) { return nil }
            let list = AXTree.positions(of: node, in: index)
            if position < old.nodes.count, children[position] != list {
                let kept = Set(list)
                dropped += children[position].filter { !kept.contains($0) }
            }
            children[position] = list
            listed.formUnion(list)
        }
        // Every new node hangs from a fresh one (else the slow walk decides what is reachable).
        for position in positions where position >= old.nodes.count && !listed.contains(position) { return nil }
        var orphans = old.orphans
        var stack = dropped.filter { !listed.contains($0) }
        var seen = Set<Int>()
        while let position = stack.popLast() {
            guard seen.insert(position).inserted else { continue }
            let id = nodes[position].nodeId
            if index[id] == position { index[id] = nil }
            orphans += 1
            stack += children[position].filter { !listed.contains($0) }
        }
        guard orphans * 4 <= nodes.count else { return nil }
        return AXTree(nodes: nodes, index: index, children: children, orphans: orphans, replaced: positions)
    }

    /// The nearest ancestor of `node` that is not ignored, among `nodes` (a partial read's,
    /// which holds the ancestors); `nil` when that is the document or the chain breaks.
    static func nearestKeptAncestor(of node: CDP.Accessibility.AXNode, in nodes: [CDP.Accessibility.AXNode]) -> CDP.Accessibility.AXNode? {
        let byId = Dictionary(nodes.map { ($0.nodeId, $0) }, uniquingKeysWith: { first, _ in first })
        var current = node
        var steps = 0
        while current.ignored, steps < nodes.count {
            guard let parent = current.parentId.flatMap({ byId[$0] }) else { return nil }
            current = parent
            steps += 1
        }
        return current.ignored || current.parentId == nil ? nil : current
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
