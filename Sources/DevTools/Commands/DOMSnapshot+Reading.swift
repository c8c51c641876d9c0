public import Foundation

extension CDP.DOMSnapshot.CaptureSnapshot {
    /// The snapshot in a reply, read by hand (`JSONReader`): the fields the snapshot types declare,
    /// as `JSONDecoder` gives them, without building the rest (text boxes, values, shadow
    /// types, …). `HandReadReplyTests` compares the two on real pages.
    public static func result(ofReply message: Data) throws -> Response {
        try JSONReader.read(message) { reader in
            var response: Response?
            try reader.readObject { reader, key in
                guard key == "result" else { return try reader.skipValue() }
                var documents: [CDP.DOMSnapshot.DocumentSnapshot]?, strings: [String]?
                try reader.readObject { reader, key in
                    switch key {
                    case "documents": documents = try reader.readArray(of: CDP.DOMSnapshot.DocumentSnapshot.read)
                    case "strings": strings = try reader.readStrings()
                    default: try reader.skipValue()
                    }
                }
                guard let documents, let strings else { throw JSONReader.Malformed(offset: 0, reason: "a snapshot without documents or strings") }
                response = Response(documents: documents, strings: strings)
            }
            try reader.end()
            guard let response else { throw JSONReader.Malformed(offset: 0, reason: "a reply without result") }
            return response
        }
    }
}

extension CDP.DOMSnapshot.DocumentSnapshot {
    static func read(_ reader: inout JSONReader) throws -> Self {
        var documentURL: Int?, nodes: CDP.DOMSnapshot.NodeTreeSnapshot?, layout: CDP.DOMSnapshot.LayoutTreeSnapshot?
        var scrollOffsetX: Double?, scrollOffsetY: Double?
        try reader.readObject { reader, key in
            switch key {
            case "documentURL": documentURL = try reader.readInt()
            case "nodes": nodes = try CDP.DOMSnapshot.NodeTreeSnapshot.read(&reader)
            case "layout": layout = try CDP.DOMSnapshot.LayoutTreeSnapshot.read(&reader)
            case "scrollOffsetX": if !reader.readNull() { scrollOffsetX = try reader.readNumber() }
            case "scrollOffsetY": if !reader.readNull() { scrollOffsetY = try reader.readNumber() }
            default: try reader.skipValue()
            }
        }
        guard let documentURL, let nodes, let layout else {
            throw JSONReader.Malformed(offset: 0, reason: "a document without documentURL, nodes or layout")
        }
        return Self(documentURL: documentURL, nodes: nodes, layout: layout, scrollOffsetX: scrollOffsetX, scrollOffsetY: scrollOffsetY)
    }
}

extension CDP.DOMSnapshot.NodeTreeSnapshot {
    static func read(_ reader: inout JSONReader) throws -> Self {
        var parentIndex: [Int]?, nodeType: [Int]?, nodeName: [Int]?, backendNodeId: [Int]?, attributes: [[Int]]?
        try reader.readObject { reader, key in
            guard !reader.readNull() else { return }
            switch key {
            case "parentIndex": parentIndex = try reader.readInts()
            case "nodeType": nodeType = try reader.readInts()
            case "nodeName": nodeName = try reader.readInts()
            case "backendNodeId": backendNodeId = try reader.readInts()
            case "attributes": attributes = try reader.readArray(of: { (reader: inout JSONReader) in try reader.readInts() })
            default: try reader.skipValue()
            }
        }
        return Self(parentIndex: parentIndex, nodeType: nodeType, nodeName: nodeName, backendNodeId: backendNodeId, attributes: attributes)
    }
}

extension CDP.DOMSnapshot.LayoutTreeSnapshot {
    static func read(_ reader: inout JSONReader) throws -> Self {
        var nodeIndex: [Int]?, bounds: [[Double]]?, styles: [[Int]]?, paintOrders: [Int]?
        try reader.readObject { reader, key in
            switch key {
            case "nodeIndex": nodeIndex = try reader.readInts()
            case "bounds":
                bounds = try reader.readArray(of: { (reader: inout JSONReader) in
                    try reader.readArray(of: { (reader: inout JSONReader) in try reader.readNumber() })
                })
            case "styles": styles = try reader.readArray(of: { (reader: inout JSONReader) in try reader.readInts() })
            case "paintOrders": if !reader.readNull() { paintOrders = try reader.readInts() }
            default: try reader.skipValue()
            }
        }
        guard let nodeIndex, let bounds, let styles else { throw JSONReader.Malformed(offset: 0, reason: "a layout without nodeIndex, bounds or styles") }
        return Self(nodeIndex: nodeIndex, bounds: bounds, styles: styles, paintOrders: paintOrders)
    }
}
