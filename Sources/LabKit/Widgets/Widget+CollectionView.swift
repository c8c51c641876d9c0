extension Widget {
    /// A cell of ``collectionView(identifier:cells:)``.
    public struct Cell: Sendable {
        /// The cell's identifier.
        public var identifier: String
        /// Its accessible name: the cell's own (`app.cells["Lion"]`) and the link's inside it.
        public var label: String
        /// Where tapping it goes (a push).
        public var href: String
        /// What the cell shows: artwork, badges, a caption.
        public var content: [HTMLNode]

        /// A cell identified by `identifier` that pushes `href`.
        public init(identifier: String, label: String, href: String, content: [HTMLNode]) {
            self.identifier = identifier
            self.label = label
            self.href = href
            self.content = content
        }
    }

    /// A grid of cells (`<ul>` of `<li>`: a collection view of cells), three to a row.
    public static func collectionView(identifier: String, cells: [Cell]) -> HTMLNode {
        .el("ul", [.class("lab-grid"), .testID(identifier)], cells.map { cell in
            .el("li", [.testID(cell.identifier), .ariaLabel(cell.label)], [
                .el("a", [.class("lab-grid-item"), .href(cell.href), .ariaLabel(cell.label), HTMLAttribute("data-transition", "push")], cell.content),
            ])
        })
    }
}
