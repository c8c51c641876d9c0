import LabSupport

/// The element tree of a page at one moment, built from the browser's computed
/// accessibility tree joined with the DOM (identifiers, placeholders, boxes).
///
/// Like XCUITest's hierarchy it holds only meaningful elements: ignored and presentational
/// nodes are dropped (their children move up), a control's own text is not repeated as a
/// child `StaticText`, and the insides of text fields are hidden.
public struct PageSnapshot: Sendable {
    /// All elements in document order; index 0 is the application (the page root).
    public let elements: [ElementSnapshot]
    /// DOM parent of each DOM node, for "is this node inside that one".
    package let domParents: [NodeHandle: NodeHandle]
    /// How far the page is scrolled, in CSS pixels (frames are relative to the viewport).
    package let scrollOffset: (x: Double, y: Double)
    /// Whether every frame was read with the tree. A read for a caller that reads no frame
    /// (`exists`, `label`, an action's resolution) may skip the boxes: then frames are those of
    /// the last read that had them (`.zero` for elements new since), and this is `false`.
    package let framesAreCurrent: Bool
    /// Whether it holds a query's matches only (resolved in the page: the application and the
    /// matches as its children), not the page's whole element tree.
    package let matchesOnly: Bool

    /// The same elements, their frames no longer current (the page's boxes moved since).
    package func withStaleFrames() -> PageSnapshot {
        PageSnapshot(elements: elements, domParents: domParents, scrollOffset: scrollOffset, framesAreCurrent: false, matchesOnly: matchesOnly)
    }

    /// The root (the page itself, of type `.application`).
    public var root: ElementSnapshot { elements[0] }

    /// A tree as an engine read it: `elements` in document order, the application (the page
    /// root) first, each placed by its `parent`, `children` and `depth`; the DOM parent of each
    /// node the engine knows (for "is this node inside that one": may be empty when elements'
    /// own parents say enough); the page's scroll offset; whether every frame was read with it;
    /// and whether it holds a query's matches only.
    package init(elements: [ElementSnapshot], domParents: [NodeHandle: NodeHandle] = [:], scrollOffset: (x: Double, y: Double) = (0, 0),
         framesAreCurrent: Bool = true, matchesOnly: Bool = false) {
        self.elements = elements
        self.domParents = domParents
        self.scrollOffset = scrollOffset
        self.framesAreCurrent = framesAreCurrent
        self.matchesOnly = matchesOnly
    }

    /// The tree for a failure message, or `nil` when frames are stale or the snapshot holds
    /// matches only: the failure report then reads the tree again, frames and all
    /// (`Application.recordFailure`).
    var failureTree: String? { framesAreCurrent && !matchesOnly ? treeDescription() : nil }

    /// Whether DOM node `node` is `ancestor` or lies inside it.
    func isDOMNode(_ node: NodeHandle, inside ancestor: NodeHandle) -> Bool {
        var current: NodeHandle? = node
        var steps = 0
        while let id = current, steps < 10_000 {
            if id == ancestor { return true }
            current = domParents[id]
            steps += 1
        }
        return false
    }

    /// Indexes of every descendant of `index`, in document order.
    func descendants(of index: Int) -> [Int] {
        var result: [Int] = []
        var stack = Array(elements[index].children.reversed())
        while let next = stack.popLast() {
            result.append(next)
            stack.append(contentsOf: elements[next].children.reversed())
        }
        return result
    }

    /// The tree as text, one element per line, indented by depth (XCUITest's debugDescription);
    /// without frames when `includingFrames` is false.
    public func treeDescription(from index: Int = 0, includingFrames: Bool = true) -> String {
        var lines: [String] = []
        func visit(_ node: Int, _ depth: Int) {
            lines.append(String(repeating: "  ", count: depth) + elements[node].line(includingFrame: includingFrames))
            for child in elements[node].children { visit(child, depth + 1) }
        }
        visit(index, 0)
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// Without white space and line breaks at either end, as Foundation's
    /// `.whitespacesAndNewlines` on Linux trims (Unicode's White_Space property and U+200B, the
    /// zero-width space: checked over every scalar), without bridging to `NSString` — it runs
    /// for every text of every tree read, and a string with nothing to trim is returned as it is.
    var trimmed: String {
        let scalars = unicodeScalars
        // Printable ASCII at both ends, as almost every label has: nothing to trim, no lookups.
        if let head = scalars.first, let tail = scalars.last, (0x21...0x7E).contains(head.value), (0x21...0x7E).contains(tail.value) {
            return self
        }
        func trims(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace || scalar == "\u{200B}" }
        guard let first = scalars.firstIndex(where: { !trims($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !trims($0) })!
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }
}

import Foundation
