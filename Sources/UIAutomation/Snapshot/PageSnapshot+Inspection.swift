// What tools built on UIAutomation (the recorder and inspector) read from a snapshot: its
// structure, the element of a DOM node, and which elements a query selects in it — with the
// very evaluator queries use, so a tool's answer is the answer a test would get.

extension PageSnapshot {
    /// How far the page was scrolled when it was read, in CSS pixels: an element's `frame` plus
    /// this is its box in document coordinates.
    public var scrollPosition: (x: Double, y: Double) { scrollOffset }

    /// The index of the element's parent in ``elements``; `nil` for the root.
    public func parentIndex(of index: Int) -> Int? { elements[index].parent }

    /// The indexes of the element's children, in document order.
    public func childIndexes(of index: Int) -> [Int] { elements[index].children }

    /// The indexes of every descendant of the element, in document order.
    public func descendantIndexes(of index: Int) -> [Int] { descendants(of: index) }

    /// The element of page node `node` (a handle as the element tree names nodes: what
    /// ``PageWorld/node(of:in:timeout:)`` gives), or of its nearest DOM ancestor that has one
    /// (text inside a button gives the button); `nil` when none does, or the node is unknown.
    package func elementIndex(forNode node: NodeHandle) -> Int? {
        var byNode: [NodeHandle: Int] = [:]
        for (index, element) in elements.enumerated() {
            if let node = element.node, byNode[node] == nil { byNode[node] = index }
        }
        var current: NodeHandle? = node
        var steps = 0
        while let node = current, steps < 10_000 {
            if let index = byNode[node] { return index }
            current = domParents[node]
            steps += 1
        }
        return nil
    }

    /// The indexes `element` would resolve to in this snapshot: for a strict element
    /// (`app.buttons["Save"]`, `.element`) every match of its query — unique when there is
    /// exactly one —, for `firstMatch` and `element(boundBy:)` the one picked (none when out
    /// of range). Predicates that read `isHittable` and CSS steps cannot be answered from a
    /// snapshot and throw ``UIAutomationError/Reason/invalidRequest(_:)``.
    public func indexes(of element: Element) async throws -> [Int] {
        let matches = try await evaluateOffline(element.query.steps, text: element.description)
        switch element.pick {
        case .unique: return matches
        case .first: return Array(matches.prefix(1))
        case .index(let index): return matches.indices.contains(index) ? [matches[index]] : []
        }
    }

    /// The indexes `query` matches in this snapshot, in document order (none when an element
    /// earlier in its chain is missing or not unique).
    public func indexes(of query: ElementQuery) async throws -> [Int] {
        try await evaluateOffline(query.steps, text: query.description)
    }

    private func evaluateOffline(_ steps: [QueryStep], text: String) async throws -> [Int] {
        var evaluator = QueryEvaluator(snapshot: self) { _ in
            throw UIAutomationError(query: text, reason: .invalidRequest("isHittable cannot be read from a snapshot"))
        }
        evaluator.cssMatches = { _, _ in
            throw UIAutomationError(query: text, reason: .invalidRequest("CSS cannot be matched in a snapshot"))
        }
        switch try await evaluator.evaluate(steps) {
        case .success(let indexes): return indexes
        case .failure: return []
        }
    }
}

extension ElementSnapshot {
    /// The page node it came from, as the element tree names it; `nil` for nodes with no DOM
    /// counterpart. Package-level: node handles belong to the engines.
    package var domNodeId: NodeHandle? { node }
}

extension Application {
    /// The page node that `element` stands for, as a read of the element tree names it,
    /// whichever way it was found (an in-page match is resolved in the page). `nil` for a node
    /// with no DOM counterpart or one that left the document. Package-level, as
    /// ``ElementSnapshot/domNodeId``.
    package func domNodeId(of element: ElementSnapshot) async throws -> NodeHandle? {
        guard let node = element.node else { return nil }
        guard let engine = runningEngine else { return node }
        return try await engine.treeNode(for: node)
    }

    /// The engine of the running launch, for tools in this package (the recorder, the hover
    /// inspector) that ask it for more than tests do (``PageEngine/installWorld(named:binding:script:deliver:)``);
    /// `nil` when not running.
    package var runningEngine: (any PageEngine)? { try? driver(for: "app") }

    /// The code that selects every element of type `type`: `.buttons`, or
    /// `.descendants(matching: .webView)` for a type with no shortcut.
    public static func queryShortcut(for type: ElementType) -> String { shortcut(for: type) }
}
