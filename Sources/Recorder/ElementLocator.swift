import UIAutomation

/// Finds the element of a DOM node in an element tree read *before* the node was reported,
/// when the node itself can no longer be asked about (the press navigated away): by its box
/// and the press point in document coordinates, which do not change when the page scrolls.
struct ElementLocator {
    struct Box: Decodable, Sendable {
        let x: Double
        let y: Double
        let width: Double
        let height: Double
    }

    struct Point: Decodable, Sendable {
        let x: Double
        let y: Double
    }

    let snapshot: PageSnapshot

    /// The innermost element whose box is the node's (within a pixel), else the innermost
    /// element containing the point — kept only when it lies inside the one element whose
    /// identifier is the node's nearest `testid` (the tree may be older than the page by an
    /// instant); otherwise that identified element.
    func index(box: Box?, point: Point?, testid: String?) -> Int? {
        let found = geometric(box: box, point: point)
        guard let testid else { return found }
        let identified = snapshot.elements.indices.dropFirst().filter { snapshot.elements[$0].identifier == testid }
        guard identified.count == 1 else { return found }
        if let found, isInside(found, identifier: testid) { return found }
        return identified[0]
    }

    private func geometric(box: Box?, point: Point?) -> Int? {
        let scroll = snapshot.scrollPosition
        func documentFrame(_ index: Int) -> (x: Double, y: Double, width: Double, height: Double) {
            let frame = snapshot.elements[index].frame
            return (frame.x + scroll.x, frame.y + scroll.y, frame.width, frame.height)
        }
        let indexes = snapshot.elements.indices.dropFirst()
        if let box {
            let same = indexes.filter { index in
                let frame = documentFrame(index)
                return abs(frame.x - box.x) <= 1 && abs(frame.y - box.y) <= 1 && abs(frame.width - box.width) <= 1
                    && abs(frame.height - box.height) <= 1
            }
            if let innermost = same.last { return innermost }
        }
        if let point {
            let containing = indexes.filter { index in
                let frame = documentFrame(index)
                return frame.width > 0 && frame.height > 0 && point.x >= frame.x && point.x < frame.x + frame.width
                    && point.y >= frame.y && point.y < frame.y + frame.height
            }
            // The smallest box containing the point: the innermost element there.
            return containing.min { area(documentFrame($0)) < area(documentFrame($1)) }
        }
        return nil
    }

    private func area(_ frame: (x: Double, y: Double, width: Double, height: Double)) -> Double { frame.width * frame.height }

    /// Whether the element or one of its ancestors has `identifier`.
    private func isInside(_ index: Int, identifier: String) -> Bool {
        var current: Int? = index
        while let at = current {
            if snapshot.elements[at].identifier == identifier { return true }
            current = snapshot.parentIndex(of: at)
        }
        return false
    }
}
