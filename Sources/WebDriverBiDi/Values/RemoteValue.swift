public import LabSupport

/// A value the browser serialised (the spec's `script.RemoteValue`): what `script.evaluate`,
/// `script.callFunction` and `browsingContext.locateNodes` return, and a log entry's arguments.
///
/// Nodes carry a `sharedId`, the string that refers to the same node from any later command
/// (``LocalValue/sharedReference(sharedId:)``). Values that are kept alive in the page (with
/// `resultOwnership: .root`) carry a `handle`.
public indirect enum RemoteValue: Sendable, Equatable, Decodable {
    case undefined
    case null
    case string(String)
    /// A number; `NaN`, `-0` and the infinities arrive as their names and become the `Double`s.
    case number(Double)
    case boolean(Bool)
    /// A BigInt, in decimal.
    case bigint(String)
    case array([RemoteValue], handle: String?)
    /// An object's own enumerable properties, in order.
    case object([Property], handle: String?)
    case map([Property], handle: String?)
    case set([RemoteValue], handle: String?)
    /// A DOM node.
    case node(Node)
    /// A window: the browsing context it is.
    case window(context: String)
    /// Anything else (`function`, `date`, `regexp`, `error`, `promise`, `symbol`, `proxy`, …):
    /// its type, its serialised value when it has one, and its handle.
    case other(type: String, value: JSONValue?, handle: String?)

    /// One property of an object or entry of a map: keys are strings, or any value in a map.
    public struct Property: Sendable, Equatable {
        public let key: Key
        public let value: RemoteValue
    }

    /// An object's or a map's key.
    public enum Key: Sendable, Equatable {
        case string(String)
        case value(RemoteValue)
    }

    /// A serialised DOM node (`script.NodeRemoteValue`).
    public struct Node: Sendable, Equatable {
        /// The node's reference, valid for as long as the node lives in its document.
        public let sharedId: String?
        public let handle: String?
        /// The DOM's `nodeType` (1 element, 3 text, 9 document, …).
        public let nodeType: Int?
        public let localName: String?
        public let namespaceURI: String?
        public let nodeValue: String?
        public let attributes: [String: String]?
        public let childNodeCount: Int?
        /// Children, when the serialisation went deep enough to include them.
        public let children: [RemoteValue]?
    }

    /// The node's `sharedId`, when this is a node.
    public var sharedId: String? {
        if case .node(let node) = self { return node.sharedId }
        return nil
    }

    /// The node, when this is one.
    public var node: Node? {
        if case .node(let node) = self { return node }
        return nil
    }

    /// The value as JSON: primitives, arrays and objects with string keys (`undefined` becomes
    /// `null`); `nil` for what JSON cannot hold (nodes, functions, maps, BigInts, …).
    public var json: JSONValue? {
        switch self {
        case .undefined, .null: return .null
        case .string(let value): return .string(value)
        case .number(let value): return value.isFinite ? .number(value) : nil
        case .boolean(let value): return .bool(value)
        case .array(let items, _):
            let values = items.compactMap(\.json)
            return values.count == items.count ? .array(values) : nil
        case .object(let properties, _):
            var members: [String: JSONValue] = [:]
            for property in properties {
                guard case .string(let key) = property.key, let value = property.value.json else { return nil }
                members[key] = value
            }
            return .object(members)
        default: return nil
        }
    }

    private enum CodingKeys: String, CodingKey { case type, value, handle, sharedId }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        let handle = try container.decodeIfPresent(String.self, forKey: .handle)
        switch type {
        case "undefined": self = .undefined
        case "null": self = .null
        case "string": self = .string(try container.decode(String.self, forKey: .value))
        case "boolean": self = .boolean(try container.decode(Bool.self, forKey: .value))
        case "bigint": self = .bigint(try container.decode(String.self, forKey: .value))
        case "number":
            if let special = try? container.decode(String.self, forKey: .value) {
                switch special {
                case "NaN": self = .number(.nan)
                case "-0": self = .number(-0.0)
                case "Infinity": self = .number(.infinity)
                case "-Infinity": self = .number(-.infinity)
                default: throw DecodingError.dataCorruptedError(forKey: .value, in: container, debugDescription: "number \(special)")
                }
            } else {
                self = .number(try container.decode(Double.self, forKey: .value))
            }
        case "array": self = .array(try container.decodeIfPresent([RemoteValue].self, forKey: .value) ?? [], handle: handle)
        case "set": self = .set(try container.decodeIfPresent([RemoteValue].self, forKey: .value) ?? [], handle: handle)
        case "object": self = .object(try Self.properties(in: container), handle: handle)
        case "map": self = .map(try Self.properties(in: container), handle: handle)
        case "node":
            let value = try container.decodeIfPresent(NodeProperties.self, forKey: .value)
            self = .node(Node(
                sharedId: try container.decodeIfPresent(String.self, forKey: .sharedId), handle: handle,
                nodeType: value?.nodeType, localName: value?.localName, namespaceURI: value?.namespaceURI,
                nodeValue: value?.nodeValue, attributes: value?.attributes, childNodeCount: value?.childNodeCount,
                children: value?.children))
        case "window":
            self = .window(context: try container.decode(WindowProperties.self, forKey: .value).context)
        default:
            self = .other(type: type, value: try? container.decodeIfPresent(JSONValue.self, forKey: .value), handle: handle)
        }
    }

    /// `[[key, value], …]`: a key is a string, or a serialised value.
    private static func properties(in container: KeyedDecodingContainer<CodingKeys>) throws -> [Property] {
        guard container.contains(.value) else { return [] }
        var pairs = try container.nestedUnkeyedContainer(forKey: .value)
        var properties: [Property] = []
        while !pairs.isAtEnd {
            var pair = try pairs.nestedUnkeyedContainer()
            let key: Key = if let text = try? pair.decode(String.self) { .string(text) } else { .value(try pair.decode(RemoteValue.self)) }
            properties.append(Property(key: key, value: try pair.decode(RemoteValue.self)))
        }
        return properties
    }

    private struct NodeProperties: Decodable {
        let nodeType: Int?
        let localName: String?
        let namespaceURI: String?
        let nodeValue: String?
        let attributes: [String: String]?
        let childNodeCount: Int?
        let children: [RemoteValue]?
    }

    private struct WindowProperties: Decodable {
        let context: String
    }
}
