import DevTools
import LabSupport

/// Builds a ``PageSnapshot`` from the page's accessibility nodes and its DOM facts.
struct SnapshotBuilder {
    let identifierAttribute: String

    /// DOM facts of one node.
    struct DOMFacts: Sendable {
        var attributes: [String: String] = [:]
        var bounds: Rect?
    }

    /// What the DOM gives a tree, by backend node id: the attributes it reads (identifier,
    /// placeholder, type), boxes, each node's DOM parent, and the scroll offset. Read whole from
    /// `DOMSnapshot.captureSnapshot` (``facts(_:)``), or carried over from the last read with
    /// the changed subtrees' attributes described again (``updating(_:with:)``), boxes then stale.
    struct PageFacts: Sendable {
        var nodes: [Int: DOMFacts] = [:]
        var parents: [NodeHandle: NodeHandle] = [:]
        var scrollOffset: (x: Double, y: Double) = (0, 0)
    }

    /// Whether elements of `type` own their inner text nodes, shown as their value: text fields.
    private static func ownsItsTexts(_ type: ElementType) -> Bool {
        switch type {
        case .textField, .secureTextField, .searchField: true
        default: false
        }
    }

    /// The attributes a snapshot reads.
    private var wantedAttributes: Set<String> { [identifierAttribute, "placeholder", "aria-placeholder", "type"] }

    /// What a build leaves for the next build of a tree that keeps node positions (a partial
    /// read joined in place, ``PageDriver/joinInPlace(_:_:)``): per node position, the element
    /// made of it and the text under it, where worked out.
    struct Layout: Sendable {
        /// Per node position: the index of the element made of it, or -1.
        var elementAt: [Int32] = []
        /// Per node position: the text under it (its `StaticText`s, concatenated), where worked out.
        var texts: [String?] = []
    }

    /// What a build may take from the last one: its snapshot, layout and DOM facts, and the
    /// positions of the nodes read again since (``AXTree/replaced``). Every other position
    /// holds the same node with the same subtree, so its element is the same but for its place
    /// (parent, depth, children) and, when the boxes were read again, its frame.
    struct Reuse {
        let snapshot: PageSnapshot
        let layout: Layout
        let facts: [Int: DOMFacts]
        let replaced: [Int]
    }

    /// A build's snapshot, and its layout for the next build.
    struct Built {
        let snapshot: PageSnapshot
        let layout: Layout
    }

    /// The tree with boxes from `dom`, read at the same moment.
    func build(axNodes: [CDP.Accessibility.AXNode], dom: CDP.DOMSnapshot.CaptureSnapshot.Response) -> PageSnapshot {
        build(AXTree(axNodes), facts: facts(dom), framesAreCurrent: true).snapshot
    }

    /// The tree from `tree`'s nodes and `facts`; `framesAreCurrent` says whether the facts' boxes
    /// were read with the nodes (``PageSnapshot/framesAreCurrent``). With `reuse`, the elements
    /// of nodes not read again whose DOM attributes did not change are the last build's, moved
    /// to their places: a small change to a page of thousands of elements makes a few again.
    func build(_ tree: AXTree, facts pageFacts: PageFacts, framesAreCurrent: Bool, reuse: Reuse? = nil) -> Built {
        let facts = pageFacts.nodes
        // Nodes are reached by their positions (`tree.children`), never copied into a
        // dictionary: a tree of thousands of nodes is read after every change.
        let axNodes = tree.nodes, children = tree.children
        guard let rootIndex = tree.root else {
            return Built(snapshot: PageSnapshot(elements: [Self.emptyRoot], domParents: pageFacts.parents, framesAreCurrent: framesAreCurrent),
                         layout: Layout())
        }
        // The text under a node (its `StaticText`s, concatenated) is worked out only where it is
        // read — a control with a name, a text without one — and once: most containers need none.
        var texts = [String?](repeating: nil, count: axNodes.count)
        // The last build's element of each node that was not read again, by position.
        var previous = [Int32](repeating: -1, count: axNodes.count)
        if let reuse, reuse.layout.elementAt.count <= axNodes.count {
            let known = reuse.layout.elementAt.count
            texts.replaceSubrange(0..<known, with: reuse.layout.texts)
            previous.replaceSubrange(0..<known, with: reuse.layout.elementAt)
            // A node read again, and its ancestors (their texts, and a combo box's popup, are
            // made of their children), are made again.
            for position in reuse.replaced where position < axNodes.count {
                var current: Int? = position
                var steps = 0
                while let at = current, steps < axNodes.count {
                    texts[at] = nil
                    previous[at] = -1
                    current = axNodes[at].parentId.flatMap { tree.index[$0] }
                    steps += 1
                }
            }
        }
        func text(at index: Int) -> String {
            if let known = texts[index] { return known }
            texts[index] = ""  // a cycle (which joins never make) reads as no text, not as a loop
            var joined = ""
            if axNodes[index].role?.value?.string == "StaticText" {
                joined = axNodes[index].name?.value?.text ?? ""
            } else {
                for child in children[index] { joined += text(at: child) }
            }
            texts[index] = joined
            return joined
        }
        var visited = [Bool](repeating: false, count: axNodes.count)
        var elementAt = [Int32](repeating: -1, count: axNodes.count)

        var elements: [ElementSnapshot] = []
        elements.reserveCapacity(reuse?.snapshot.elements.count ?? 0)
        // Nodes are read in place (`axNodes[nodeIndex].…`), never bound whole: a node is a large
        // value, and copying each of thousands was a fifth of a build.
        func visit(at nodeIndex: Int, parent: Int?, depth: Int, owner: (label: String, node: Int)?) {
            guard !visited[nodeIndex] else { return }
            visited[nodeIndex] = true
            let role = axNodes[nodeIndex].role?.value?.string ?? ""
            let keep = parent == nil || (!axNodes[nodeIndex].ignored && !RoleMapping.transparentRoles.contains(role))
            var nextParent = parent
            var nextDepth = depth
            var nextOwner = owner
            if keep {
                // A control's name that is its own text appears once, as its label.
                if role == "StaticText", let owner, !owner.label.isEmpty,
                   owner.label.trimmed == text(at: owner.node).trimmed {
                    return
                }
                let domNode = axNodes[nodeIndex].backendDOMNodeId
                let domFacts = domNode.flatMap { facts[$0] } ?? DOMFacts()
                var element: ElementSnapshot
                let last = Int(previous[nodeIndex])
                if last >= 0, let reuse, parent != nil,
                   reuse.facts[domNode ?? -1]?.attributes ?? [:] == domFacts.attributes {
                    element = reuse.snapshot.elements[last]
                    element.parent = parent
                    element.depth = depth
                    element.children = []
                    element.frame = domFacts.bounds ?? .zero
                } else {
                    element = makeElement(axNodes[nodeIndex], role: role, facts: domFacts, text: { text(at: nodeIndex) }, in: tree,
                                          parent: parent, depth: depth)
                }
                let index = elements.count
                elements.append(element)
                elementAt[nodeIndex] = Int32(index)
                if let parent { elements[parent].children.append(index) }
                nextParent = index
                nextDepth = depth + 1
                nextOwner = (element.label, nodeIndex)
                // Text fields own their inner text nodes: they show as the field's value.
                if Self.ownsItsTexts(element.elementType) { return }
            }
            for child in children[nodeIndex] {
                visit(at: child, parent: nextParent, depth: nextDepth, owner: nextOwner)
            }
        }
        visit(at: rootIndex, parent: nil, depth: 0, owner: nil)
        let snapshot = PageSnapshot(elements: elements, domParents: pageFacts.parents, scrollOffset: pageFacts.scrollOffset,
                                    framesAreCurrent: framesAreCurrent)
        return Built(snapshot: snapshot, layout: Layout(elementAt: elementAt, texts: texts))
    }

    /// Every node's facts, parent and the scroll offset, from the DOM snapshot.
    func facts(_ dom: CDP.DOMSnapshot.CaptureSnapshot.Response) -> PageFacts {
        let document = dom.documents.first
        return PageFacts(nodes: domFacts(dom), parents: domParents(dom),
                         scrollOffset: (document?.scrollOffsetX ?? 0, document?.scrollOffsetY ?? 0))
    }

    /// `facts` with the attributes and parents of `described` nodes and their descendants
    /// (`DOM.describeNode` replies) in place of the old ones; boxes and scroll offset stay.
    func updating(_ facts: PageFacts, with described: [CDP.DOM.Node]) -> PageFacts {
        var facts = facts
        let wanted = wantedAttributes
        func visit(_ node: CDP.DOM.Node) {
            if let attributes = node.attributes {
                var found: [String: String] = [:]
                var cursor = 0
                while cursor + 1 < attributes.count {
                    if wanted.contains(attributes[cursor]) { found[attributes[cursor]] = attributes[cursor + 1] }
                    cursor += 2
                }
                facts.nodes[node.backendNodeId, default: DOMFacts()].attributes = found
            }
            for child in node.children ?? [] {
                facts.parents[.backend(child.backendNodeId)] = .backend(node.backendNodeId)
                visit(child)
            }
        }
        described.forEach(visit)
        return facts
    }

    private func domParents(_ snapshot: CDP.DOMSnapshot.CaptureSnapshot.Response) -> [NodeHandle: NodeHandle] {
        guard let nodes = snapshot.documents.first?.nodes, let ids = nodes.backendNodeId,
              let parentIndex = nodes.parentIndex else { return [:] }
        var parents: [NodeHandle: NodeHandle] = [:]
        parents.reserveCapacity(ids.count)
        for (index, parent) in parentIndex.enumerated() where parent >= 0 && parent < ids.count && index < ids.count {
            parents[.backend(ids[index])] = .backend(ids[parent])
        }
        return parents
    }

    private func makeElement(_ node: CDP.Accessibility.AXNode, role: String, facts: DOMFacts, text: () -> String,
                             in tree: AXTree,
                             parent: Int?, depth: Int) -> ElementSnapshot {
        let nodeFacts = RoleMapping.NodeFacts(
            isMultiline: node.property("multiline")?.bool ?? false,
            hasValue: node.value?.value?.text != nil,
            ownsListPopup: role == "combobox"
                && (node.childIds ?? []).contains { tree.index[$0].map { tree.nodes[$0].role?.value?.string == "MenuListPopup" } ?? false })
        let type = parent == nil ? .application : RoleMapping.elementType(role: role, attributes: facts.attributes, facts: nodeFacts)
        var label = node.name?.value?.text ?? ""
        if label.isEmpty && type == .staticText { label = text().trimmed }
        let checked = node.property("checked")?.text
        var value: String?
        switch type {
        case .switch, .checkBox, .radioButton:
            value = checked == "true" ? "1" : checked == "mixed" ? "2" : "0"
        default:
            // Elements without an AX value (buttons, texts) report their accessible description
            // (aria-description, aria-describedby): the web's nearest thing to UIKit's accessibilityValue.
            value = node.value?.value?.text ?? node.description?.value?.text.flatMap { $0.isEmpty ? nil : $0 }
        }
        let placeholder = facts.attributes["placeholder"] ?? facts.attributes["aria-placeholder"]
        // An empty text field reads as XCUITest's does: its placeholder, else "" (never nil).
        if [.textField, .secureTextField, .searchField, .textView].contains(type), value?.isEmpty ?? true {
            value = placeholder ?? ""
        }
        let disabled = node.property("disabled")?.bool ?? false
        return ElementSnapshot(
            elementType: type,
            identifier: facts.attributes[identifierAttribute] ?? "",
            label: label,
            value: value,
            placeholderValue: placeholder,
            isEnabled: !disabled,
            isSelected: node.property("selected")?.bool ?? false,
            hasFocus: parent != nil && (node.property("focused")?.bool ?? false),
            frame: facts.bounds ?? .zero,
            role: role,
            node: node.backendDOMNodeId.map { NodeHandle.backend($0) },
            parent: parent,
            depth: depth)
    }

    private func domFacts(_ snapshot: CDP.DOMSnapshot.CaptureSnapshot.Response) -> [Int: DOMFacts] {
        guard let document = snapshot.documents.first else { return [:] }
        let strings = snapshot.strings
        let wanted = wantedAttributes
        let backendIds = document.nodes.backendNodeId ?? []
        var facts: [Int: DOMFacts] = [:]
        if let attributes = document.nodes.attributes {
            for (index, pairs) in attributes.enumerated() where !pairs.isEmpty && index < backendIds.count {
                var found: [String: String] = [:]
                var cursor = 0
                while cursor + 1 < pairs.count {
                    let name = strings[pairs[cursor]]
                    if wanted.contains(name) { found[name] = strings[pairs[cursor + 1]] }
                    cursor += 2
                }
                if !found.isEmpty { facts[backendIds[index], default: DOMFacts()].attributes = found }
            }
        }
        let scrollX = document.scrollOffsetX ?? 0, scrollY = document.scrollOffsetY ?? 0
        for (layoutIndex, nodeIndex) in document.layout.nodeIndex.enumerated() where nodeIndex < backendIds.count {
            let box = document.layout.bounds[layoutIndex]
            guard box.count == 4 else { continue }
            let rect = Rect(x: box[0] - scrollX, y: box[1] - scrollY, width: box[2], height: box[3])
            let id = backendIds[nodeIndex]
            // A node can have several layout objects (text split over lines): keep their union.
            if let existing = facts[id]?.bounds {
                let left = min(existing.x, rect.x), top = min(existing.y, rect.y)
                facts[id]?.bounds = Rect(x: left, y: top, width: max(existing.maxX, rect.maxX) - left,
                                         height: max(existing.maxY, rect.maxY) - top)
            } else {
                facts[id, default: DOMFacts()].bounds = rect
            }
        }
        return facts
    }

    private static let emptyRoot = ElementSnapshot(
        elementType: .application, identifier: "", label: "", value: nil, placeholderValue: nil, isEnabled: true,
        isSelected: false, hasFocus: false, frame: .zero, role: "RootWebArea", node: nil, parent: nil, depth: 0)
}
