import UIAutomation

/// The element trees a recording read lately, newest last — a few per document, of the few
/// documents read most recently — and which one a report is looked up in. Pure bookkeeping:
/// ``RecordingSession`` reads the trees and keeps them here.
struct TreeHistory: Sendable {
    /// An element tree and the document it was read in: the capture script's token read just
    /// before and just after it, equal (a navigation in between leaves a read untagged, and it
    /// is not kept).
    struct Tree: Sendable {
        let snapshot: PageSnapshot
        let document: String
        /// Reports the document had sent when the read had ended: one numbered above it was
        /// made after the whole read.
        let reportsAfter: Int
    }

    /// How many trees are kept per document, and of how many documents (the most recently read).
    static let treesPerDocument = 3
    static let documentsKept = 4

    private(set) var trees: [Tree] = []

    /// Keeps `tree`, dropping the oldest of its document beyond ``treesPerDocument`` and the
    /// documents read least recently beyond ``documentsKept``.
    mutating func keep(_ tree: Tree) {
        trees.append(tree)
        let ofDocument = trees.indices.filter { trees[$0].document == tree.document }
        if ofDocument.count > Self.treesPerDocument { trees.remove(at: ofDocument[0]) }
        // The documents most recently read, newest last.
        var documents: [String] = []
        for kept in trees.reversed() where !documents.contains(kept.document) { documents.append(kept.document) }
        if documents.count > Self.documentsKept {
            let dropped = Set(documents.dropFirst(Self.documentsKept))
            trees.removeAll { dropped.contains($0.document) }
        }
    }

    /// The tree to look up report number `report` of `document` in: of that document, the
    /// newest read wholly before the report was made; when every kept one was read after it
    /// (reports that came faster than the reads), the earliest of them. `nil` when that
    /// document has no tree.
    func tree(document: String?, report: Int?) -> Tree? {
        guard let document else { return nil }
        let ofDocument = trees.filter { $0.document == document }
        if let report, let before = ofDocument.last(where: { $0.reportsAfter < report }) { return before }
        return ofDocument.first
    }
}
