extension CDP {
    /// The `DOM` domain: nodes, boxes, focus, scrolling.
    public enum DOM {
        /// `DOM.enable`.
        public struct Enable: CDPCommand {
            public static let method = "DOM.enable"
            public init() {}
        }

        /// `DOM.getDocument`: the root node (optionally with descendants).
        public struct GetDocument: CDPCommand {
            public static let method = "DOM.getDocument"
            public var depth: Int?
            public init(depth: Int? = nil) { self.depth = depth }
            public struct Response: Decodable, Sendable { public let root: Node }
        }

        /// `DOM.querySelector`.
        public struct QuerySelector: CDPCommand {
            public static let method = "DOM.querySelector"
            public var nodeId: Int
            public var selector: String
            public init(nodeId: Int, selector: String) {
                self.nodeId = nodeId
                self.selector = selector
            }
            public struct Response: Decodable, Sendable { public let nodeId: Int }
        }

        /// `DOM.describeNode`: a node's name and attributes from any of its ids, with its
        /// children to `depth` levels (the browser's default 1; -1 for the whole subtree).
        public struct DescribeNode: CDPCommand {
            public static let method = "DOM.describeNode"
            public var backendNodeId: Int?
            public var objectId: String?
            public var depth: Int?
            public init(backendNodeId: Int? = nil, objectId: String? = nil, depth: Int? = nil) {
                self.backendNodeId = backendNodeId
                self.objectId = objectId
                self.depth = depth
            }
            public struct Response: Decodable, Sendable { public let node: Node }
        }

        /// `DOM.resolveNode`: a JavaScript handle (`objectId`) on a node.
        public struct ResolveNode: CDPCommand {
            public static let method = "DOM.resolveNode"
            public var backendNodeId: Int
            /// The object group the handle joins (released together with `Runtime.releaseObjectGroup`).
            public var objectGroup: String?
            public init(backendNodeId: Int, objectGroup: String? = nil) {
                self.backendNodeId = backendNodeId
                self.objectGroup = objectGroup
            }
            public struct Response: Decodable, Sendable { public let object: Runtime.RemoteObject }
        }

        /// `DOM.getBoxModel`: content, padding, border and margin quads of a node.
        public struct GetBoxModel: CDPCommand {
            public static let method = "DOM.getBoxModel"
            public var backendNodeId: Int
            public init(backendNodeId: Int) { self.backendNodeId = backendNodeId }
            public struct Response: Decodable, Sendable { public let model: BoxModel }
        }

        /// `DOM.getContentQuads`: the node's visible quads in viewport coordinates.
        public struct GetContentQuads: CDPCommand {
            public static let method = "DOM.getContentQuads"
            public var backendNodeId: Int
            public init(backendNodeId: Int) { self.backendNodeId = backendNodeId }
            public struct Response: Decodable, Sendable { public let quads: [[Double]] }
        }

        /// `DOM.scrollIntoViewIfNeeded`.
        public struct ScrollIntoViewIfNeeded: CDPCommand {
            public static let method = "DOM.scrollIntoViewIfNeeded"
            public var backendNodeId: Int
            public init(backendNodeId: Int) { self.backendNodeId = backendNodeId }
        }

        /// `DOM.focus`.
        public struct Focus: CDPCommand {
            public static let method = "DOM.focus"
            public var backendNodeId: Int?
            /// The node as a `Runtime` handle, in place of its backend id.
            public var objectId: String?
            public init(backendNodeId: Int? = nil, objectId: String? = nil) {
                self.backendNodeId = backendNodeId
                self.objectId = objectId
            }
        }

        /// `DOM.getNodeForLocation`: the node that receives hits at a viewport point.
        public struct GetNodeForLocation: CDPCommand {
            public static let method = "DOM.getNodeForLocation"
            public var x: Int
            public var y: Int
            public var includeUserAgentShadowDOM: Bool?
            public var ignorePointerEventsNone: Bool?
            public init(x: Int, y: Int, includeUserAgentShadowDOM: Bool? = true, ignorePointerEventsNone: Bool? = nil) {
                self.x = x
                self.y = y
                self.includeUserAgentShadowDOM = includeUserAgentShadowDOM
                self.ignorePointerEventsNone = ignorePointerEventsNone
            }
            public struct Response: Decodable, Sendable {
                public let backendNodeId: Int
                public let frameId: String?
                public let nodeId: Int?
            }
        }

        /// A DOM node. `attributes` alternates names and values.
        public struct Node: Decodable, Sendable {
            public let nodeId: Int
            public let backendNodeId: Int
            public let nodeType: Int
            public let nodeName: String
            public let localName: String?
            public let nodeValue: String?
            public let childNodeCount: Int?
            public let children: [Node]?
            public let attributes: [String]?

            /// The value of attribute `name`, if the node has it.
            public func attribute(_ name: String) -> String? {
                guard let attributes else { return nil }
                var index = 0
                while index + 1 < attributes.count {
                    if attributes[index] == name { return attributes[index + 1] }
                    index += 2
                }
                return nil
            }
        }

        /// Box model quads: eight numbers each, the corners clockwise from top-left.
        public struct BoxModel: Decodable, Sendable {
            public let content: [Double]
            public let padding: [Double]
            public let border: [Double]
            public let margin: [Double]
            public let width: Int
            public let height: Int
        }
    }
}
