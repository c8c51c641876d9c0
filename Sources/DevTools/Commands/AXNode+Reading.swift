import Foundation
import LabSupport

extension CDP.Accessibility.AXNode {
    /// The `result.nodes` of an accessibility reply (`getFullAXTree`, `getPartialAXTree`,
    /// `getChildAXNodes`), read with ``JSONReader``: the nodes `JSONDecoder` gives, without
    /// building what is thrown away (every name's `sources`, `ignoredReasons`, related nodes)
    /// — the largest part of a 300-node tree's 160 KB. `HandReadReplyTests` compares the two.
    static func nodes(ofReply message: Data) throws -> [Self] {
        try JSONReader.read(message) { reader in
            var nodes: [Self]?
            try reader.readObject { reader, key in
                guard key == "result" else { return try reader.skipValue() }
                try reader.readObject { reader, key in
                    guard key == "nodes" else { return try reader.skipValue() }
                    var list: [Self] = []
                    try reader.readElements { reader in list.append(try read(&reader)) }
                    nodes = list
                }
            }
            try reader.end()
            guard let nodes else { throw JSONReader.Malformed(offset: 0, reason: "a reply without result.nodes") }
            return nodes
        }
    }

    private static func read(_ reader: inout JSONReader) throws -> Self {
        typealias AXValue = CDP.Accessibility.AXValue
        var nodeId: String?, ignored: Bool?
        var role: AXValue?, chromeRole: AXValue?, name: AXValue?, description: AXValue?, value: AXValue?
        var properties: [CDP.Accessibility.AXProperty]?
        var parentId: String?, childIds: [String]?, backendDOMNodeId: Int?, frameId: String?
        try reader.readObject { reader, key in
            switch key {
            case "nodeId": nodeId = try reader.readString()
            case "ignored": ignored = try reader.readBool()
            case "role": role = try AXValue.readIfPresent(&reader)
            case "chromeRole": chromeRole = try AXValue.readIfPresent(&reader)
            case "name": name = try AXValue.readIfPresent(&reader)
            case "description": description = try AXValue.readIfPresent(&reader)
            case "value": value = try AXValue.readIfPresent(&reader)
            case "properties":
                guard !reader.readNull() else { properties = nil; return }
                var list: [CDP.Accessibility.AXProperty] = []
                try reader.readElements { reader in list.append(try CDP.Accessibility.AXProperty.read(&reader)) }
                properties = list
            case "parentId":
                if !reader.readNull() { parentId = try reader.readString() }
            case "childIds":
                if !reader.readNull() { childIds = try reader.readStrings() }
            case "backendDOMNodeId":
                if !reader.readNull() { backendDOMNodeId = try reader.readInt() }
            case "frameId":
                if !reader.readNull() { frameId = try reader.readString() }
            default:
                try reader.skipValue()
            }
        }
        guard let nodeId, let ignored else { throw JSONReader.Malformed(offset: 0, reason: "a node without nodeId or ignored") }
        return Self(nodeId: nodeId, ignored: ignored, role: role, chromeRole: chromeRole, name: name, description: description,
                    value: value, properties: properties, parentId: parentId, childIds: childIds,
                    backendDOMNodeId: backendDOMNodeId, frameId: frameId)
    }
}

extension CDP.Accessibility.AXValue {
    init(type: String, value: JSONValue?) {
        self.type = type
        self.value = value
    }

    /// An `AXValue` object, or `nil` for `null`. Its `value` is read as whatever JSON it is:
    /// what `init(from:)` gives, whose typed fast path and fallback agree on every kind.
    static func readIfPresent(_ reader: inout JSONReader) throws -> Self? {
        if reader.readNull() { return nil }
        var type: String?, value: JSONValue?
        try reader.readObject { reader, key in
            switch key {
            case "type": type = try reader.readString()
            case "value":
                let read = try reader.readValue()
                value = read == .null ? nil : read
            default: try reader.skipValue()
            }
        }
        guard let type else { throw JSONReader.Malformed(offset: 0, reason: "a value without type") }
        return Self(type: type, value: value)
    }
}

extension CDP.Accessibility.AXProperty {
    static func read(_ reader: inout JSONReader) throws -> Self {
        var name: String?, value: CDP.Accessibility.AXValue?
        try reader.readObject { reader, key in
            switch key {
            case "name": name = try reader.readString()
            case "value": value = try CDP.Accessibility.AXValue.readIfPresent(&reader)
            default: try reader.skipValue()
            }
        }
        guard let name, let value else { throw JSONReader.Malformed(offset: 0, reason: "a property without name or value") }
        return Self(name: name, value: value)
    }
}
