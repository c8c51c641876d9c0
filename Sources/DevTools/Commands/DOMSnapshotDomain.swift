extension CDP {
    /// The `DOMSnapshot` domain: the whole document with layout and styles in one call.
    public enum DOMSnapshot {
        /// `DOMSnapshot.captureSnapshot`. Strings in the reply are indexes into `strings`.
        public struct CaptureSnapshot: CDPCommand {
            public static let method = "DOMSnapshot.captureSnapshot"
            public var computedStyles: [String]
            public var includePaintOrder: Bool?
            public var includeDOMRects: Bool?
            public init(computedStyles: [String] = [], includePaintOrder: Bool? = nil, includeDOMRects: Bool? = nil) {
                self.computedStyles = computedStyles
                self.includePaintOrder = includePaintOrder
                self.includeDOMRects = includeDOMRects
            }
            public struct Response: Decodable, Sendable {
                public let documents: [DocumentSnapshot]
                public let strings: [String]
            }
        }

        /// One document (the main frame or an iframe) of a snapshot.
        public struct DocumentSnapshot: Decodable, Sendable {
            public let documentURL: Int
            public let nodes: NodeTreeSnapshot
            public let layout: LayoutTreeSnapshot
            public let scrollOffsetX: Double?
            public let scrollOffsetY: Double?
        }

        /// The nodes of a document as parallel arrays.
        public struct NodeTreeSnapshot: Decodable, Sendable {
            public let parentIndex: [Int]?
            public let nodeType: [Int]?
            public let nodeName: [Int]?
            public let backendNodeId: [Int]?
            /// Per node: alternating name and value string indexes.
            public let attributes: [[Int]]?
        }

        /// The laid-out nodes: `nodeIndex[i]` has box `bounds[i]` (x, y, width, height).
        public struct LayoutTreeSnapshot: Decodable, Sendable {
            public let nodeIndex: [Int]
            public let bounds: [[Double]]
            /// Per laid-out node: the indexes of the requested computed styles' values.
            public let styles: [[Int]]
            public let paintOrders: [Int]?
        }
    }
}
