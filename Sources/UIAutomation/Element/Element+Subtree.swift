/// The element with its descendants.
extension Element {
    /// The page as it is now and the element's index in it: its subtree is
    /// `page.elements[index]` and its descendants (`page.treeDescription(from: index)`).
    /// Throws if the element does not resolve to exactly one element.
    public func resolvedInPage() async throws -> (page: PageSnapshot, index: Int) {
        do {
            let (snapshot, indexes) = try await app.resolveWithSnapshot(steps: steps, query: description, tree: true)
            return (snapshot, indexes[0])
        } catch let error as UIAutomationError {
            throw await app.recordFailure(error)
        }
    }

    /// The first of the elements this one's query matches, in document order — where the
    /// element itself would fail for several matches (XCUITest's `XCUIElement.firstMatch`).
    public var firstMatch: Element {
        pick == .first ? self : Element(query: query, pick: .first, suffix: suffix + ".firstMatch")
    }

    /// The element and its descendants, one per line, indented by depth (XCUITest's `debugDescription`).
    public func treeDescription() async throws -> String {
        let (page, index) = try await resolvedInPage()
        return page.treeDescription(from: index)
    }
}

extension PageSnapshot {
    /// The indexes of the children of the element at `index`, in document order.
    public func children(of index: Int) -> [Int] { elements[index].children }
}
