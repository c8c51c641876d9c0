@testable import DevTools
import Foundation
import LabSupport
import TestSupport
import Testing

/// Accessibility trees and DOM snapshots are read by hand (``JSONReader``); they must give
/// exactly what `JSONDecoder` gives, on handwritten edge cases, on thousands of random replies,
/// and on real pages from the browser — and fail where it fails.
@Suite("Replies read by hand")
struct HandReadReplyTests {
    private struct Reply: Decodable { let result: CDP.Accessibility.GetFullAXTree.Response }
    private struct SnapshotReply: Decodable { let result: CDP.DOMSnapshot.CaptureSnapshot.Response }

    /// Every field of a DOM snapshot the types declare.
    static func fingerprint(_ snapshot: CDP.DOMSnapshot.CaptureSnapshot.Response) -> String {
        let documents = snapshot.documents.map { document in
            "\(document.documentURL) \(document.scrollOffsetX.map { "\($0)" } ?? "-") \(document.scrollOffsetY.map { "\($0)" } ?? "-") "
                + "\(document.nodes.parentIndex ?? []) \(document.nodes.nodeType ?? []) \(document.nodes.nodeName ?? []) "
                + "\(document.nodes.backendNodeId ?? []) \(document.nodes.attributes ?? []) "
                + "\(document.layout.nodeIndex) \(document.layout.bounds) \(document.layout.styles) \(document.layout.paintOrders ?? [])"
        }
        return documents.joined(separator: "\n") + "\n" + snapshot.strings.joined(separator: "|")
    }

    @Test func aSnapshotReplyReadsAsDecoded() throws {
        let reply = #"""
        {"id":9,"result":{"documents":[{"documentURL":0,"title":1,"baseURL":0,"contentLanguage":-1,"frameId":2,
          "nodes":{"parentIndex":[-1,0,1],"nodeType":[9,1,3],"shadowRootType":{"index":[],"value":[]},"nodeName":[3,4,5],
            "nodeValue":[-1,-1,6],"backendNodeId":[1,2,3],"attributes":[[],[7,8],[]],"textValue":{"index":[],"value":[]},
            "isClickable":{"index":[1]}},
          "layout":{"nodeIndex":[1,2],"styles":[[],[]],"bounds":[[0,0,393,852],[8.5,-2.25e1,100,20]],"text":[-1,6],
            "stackingContexts":{"index":[0]},"paintOrders":null},
          "textBoxes":{"layoutIndex":[1],"bounds":[[8,8,10,10]],"start":[0],"length":[5]},"scrollOffsetX":0,"scrollOffsetY":12.5}],
         "strings":["http://x/","T\u00edtle","F","#document","BODY","#text","hello ]}","data-testid","a\"b"]}}
        """#
        let decoded = try JSONDecoder().decode(SnapshotReply.self, from: Data(reply.utf8)).result
        let read = try CDP.DOMSnapshot.CaptureSnapshot.result(ofReply: Data(reply.utf8))
        #expect(Self.fingerprint(decoded) == Self.fingerprint(read))
        #expect(read.documents.first?.layout.bounds.last == [8.5, -22.5, 100, 20])
        #expect(read.documents.first?.layout.paintOrders == nil)
        #expect(throws: (any Error).self) {
            try CDP.DOMSnapshot.CaptureSnapshot.result(ofReply: Data(#"{"id":1,"result":{"documents":[{"documentURL":0}],"strings":[]}}"#.utf8))
        }
    }

    /// The nodes both ways, or the first difference.
    static func compare(_ message: Data) throws -> String? {
        let decoded = try JSONDecoder().decode(Reply.self, from: message).result.nodes
        let read = try CDP.Accessibility.GetFullAXTree.result(ofReply: message).nodes
        guard decoded.count == read.count else { return "\(decoded.count) nodes decoded, \(read.count) read" }
        for (a, b) in zip(decoded, read) where fingerprint(a) != fingerprint(b) {
            return "decoded: \(fingerprint(a))\nread:    \(fingerprint(b))"
        }
        return nil
    }

    /// Every field of a node, the values' JSON compared by `==` through their description.
    static func fingerprint(_ node: CDP.Accessibility.AXNode) -> String {
        func value(_ value: CDP.Accessibility.AXValue?) -> String {
            guard let value else { return "-" }
            return "\(value.type)=\(value.value.map(canonical) ?? "nil")"
        }
        let properties = node.properties.map { $0.map { "\($0.name):\(value($0.value))" }.joined(separator: ",") } ?? "-"
        return [node.nodeId, "\(node.ignored)", value(node.role), value(node.chromeRole), value(node.name), value(node.description),
                value(node.value), properties, node.parentId ?? "-", node.childIds.map { $0.joined(separator: ",") } ?? "-",
                node.backendDOMNodeId.map(String.init) ?? "-", node.frameId ?? "-"].joined(separator: " | ")
    }

    /// JSON text with sorted keys, so equal values print alike.
    static func canonical(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let bool): return "\(bool)"
        case .number(let number): return "\(number)"
        case .string(let string): return String(reflecting: string)
        case .array(let array): return "[" + array.map(canonical).joined(separator: ",") + "]"
        case .object(let object): return "{" + object.keys.sorted().map { "\($0):\(canonical(object[$0]!))" }.joined(separator: ",") + "}"
        }
    }

    @Test func edgeCasesReadAsDecoded() throws {
        let reply = #"""
        {"id":3,"result":{"nodes":[
         {"nodeId":"1","ignored":false,"role":{"type":"role","value":"RootWebArea"},"chromeRole":{"type":"internalRole","value":144},
          "name":{"type":"computedString","value":"T\u00e9st \ud83e\udd81 \"q\" \\ \/ \n\t\b\f\r ünï 🦁","sources":[{"type":"relatedElement","attribute":"aria-labelledby"},
            {"type":"contents","value":{"type":"computedString","value":"x ] } [ \" {"}}]},
          "properties":[{"name":"focusable","value":{"type":"booleanOrUndefined","value":true}},{"name":"level","value":{"type":"integer","value":2}},
            {"name":"labelledby","value":{"type":"nodeList","value":[],"relatedNodes":[{"idref":"a","backendDOMNodeId":9}]}},
            {"name":"valuetext","value":{"type":"string","value":-1.5e-3}}],
          "childIds":["2","3"],"backendDOMNodeId":7,"frameId":"F1"},
         {"nodeId":"2","ignored":true,"ignoredReasons":[{"name":"uninteresting","value":{"type":"boolean","value":true}}],
          "role":{"type":"role","value":"none"},"parentId":"1","childIds":[],"backendDOMNodeId":8},
         { "nodeId" : "3" , "ignored" : false , "parentId":"1","description":{"type":"computedString","value":""},
           "value":{"type":"string","value":null},"childIds":null,"backendDOMNodeId":null,"name":null,
           "extra":{"deep":[[[{"a":"]"}]]]}}
        ],"more":1},"sessionId":"S"}
        """#
        #expect(try Self.compare(Data(reply.utf8)) == nil)
        let nodes = try CDP.Accessibility.GetFullAXTree.result(ofReply: Data(reply.utf8)).nodes
        #expect(nodes[0].name?.value == .string("Tést 🦁 \"q\" \\ / \n\t\u{8}\u{C}\r ünï 🦁"))
        #expect(nodes[2].childIds == nil && nodes[2].value?.value == nil && nodes[2].name == nil)
    }

    @Test func aLoneSurrogateBecomesTheReplacementCharacter() throws {
        let reply = #"{"id":1,"result":{"nodes":[{"nodeId":"\ud800x\udc00\ud83e","ignored":false}]}}"#
        let nodes = try CDP.Accessibility.GetFullAXTree.result(ofReply: Data(reply.utf8)).nodes
        #expect(nodes.first?.nodeId == "\u{FFFD}x\u{FFFD}\u{FFFD}")
    }

    @Test(arguments: [
        #"{"id":1,"result":{"nodes":[{"nodeId":"1","ignored":false}"#,          // truncated
        #"{"id":1,"result":{"nodes":[{"ignored":false}]}}"#,                     // no nodeId
        #"{"id":1,"result":{"nodes":[{"nodeId":"1"}]}}"#,                        // no ignored
        #"{"id":1,"result":{}}"#,                                                // no nodes
        #"{"id":1}"#,                                                            // no result
        #"{"id":1,"result":{"nodes":[{"nodeId":"1\q","ignored":false}]}}"#,      // bad escape
        #"{"id":1,"result":{"nodes":[{"nodeId":1,"ignored":false}]}}"#,          // id of the wrong type
        #"{"id":1,"result":{"nodes":[{"nodeId":"1","ignored":"no"}]}}"#,         // flag of the wrong type
        #"{"id":1,"result":{"nodes":[{"nodeId":"1","ignored":false,"properties":[{"name":"a","value":null}]}]}}"#,
        #"{"id":1,"result":{"nodes":[{"nodeId":"1","ignored":false,"role":{"value":"x"}}]}}"#,  // value without type
        #"{"id":1,"result":{"nodes":[]}} x"#,                                    // trailing text
    ])
    func malformedRepliesFailBothWays(_ reply: String) {
        #expect(throws: (any Error).self) { try JSONDecoder().decode(Reply.self, from: Data(reply.utf8)) }
        #expect(throws: (any Error).self) { try CDP.Accessibility.GetFullAXTree.result(ofReply: Data(reply.utf8)) }
    }

    /// Thousands of random replies: fields present, absent or null, strings with every kind of
    /// escape and non-ASCII text, values of every JSON kind, unknown keys, random whitespace.
    @Test func randomRepliesReadAsDecoded() throws {
        let seed = UInt64.random(in: 1...1_000_000)
        var random = SeededRandom(seed: seed)
        for index in 0..<2_000 {
            let reply = RandomReply.make(&random)
            let difference = try Self.compare(Data(reply.utf8))
            #expect(difference == nil, "seed \(seed), case \(index):\n\(reply)\n\(difference ?? "")")
            if difference != nil { break }
        }
    }

    /// Real trees: a page with landmarks, forms, tables, lists, names from many sources and
    /// text in several scripts, read from the browser and decoded both ways.
    @Test func realTreesReadAsDecoded() async throws {
        let page = """
            <title>Tree</title><main aria-label="Main «landmark»"><h1>Héllo 🦁 "world" \\ slash</h1>
            <nav><ul><li><a href="#a">One</a></li><li><a href="#b" aria-current="page">Two</a></li></ul></nav>
            <form><label>Name <input placeholder="Your name" value="x\ty"></label><input type="checkbox" checked aria-label="Agree">
            <select><option>A</option><option selected>B</option></select><textarea aria-describedby="d">multi
            line</textarea><p id="d">Described by me</p><button disabled>Off</button>
            <input type="range" min="0" max="10" value="3" aria-valuetext="three"><progress value="0.4"></progress></form>
            <table><tr><th>Head</th></tr><tr><td>Cell</td></tr></table><div role="tree"><div role="treeitem" aria-expanded="false">Node</div></div>
            <p>中文 العربية עברית <span aria-hidden="true">hidden</span> <img alt="An image"></p></main>
            """
        let server = try await FixtureServer.start(pages: ["/": page])
        defer { Task { await server.stop() } }
        try await withBrowser { browser in
            let context = try await browser.newContext()
            let tab = try await context.newPage()
            try await tab.navigate(to: server.url())
            let message = try await tab.session.connection.call(
                CDP.Accessibility.GetFullAXTree.method, params: CDP.Empty(), sessionId: tab.session.id)
            #expect(try Self.compare(message) == nil)
            #expect(try CDP.Accessibility.GetFullAXTree.result(ofReply: message).nodes.count > 40)
            let snapshot = try await tab.session.connection.call(
                CDP.DOMSnapshot.CaptureSnapshot.method, params: CDP.DOMSnapshot.CaptureSnapshot(), sessionId: tab.session.id)
            let decoded = try JSONDecoder().decode(SnapshotReply.self, from: snapshot).result
            let read = try CDP.DOMSnapshot.CaptureSnapshot.result(ofReply: snapshot)
            #expect(Self.fingerprint(decoded) == Self.fingerprint(read))
            #expect(read.documents.first?.layout.nodeIndex.count ?? 0 > 40)
            try await context.dispose()
        }
    }
}

/// Random accessibility replies as JSON text.
enum RandomReply {
    static func make(_ random: inout SeededRandom) -> String {
        let count = Int.random(in: 0...6, using: &random)
        let nodes = (0..<count).map { _ in node(&random) }
        return "{\"id\":\(Int.random(in: 1...99, using: &random)),\(space(&random))\"result\":{\"nodes\":["
            + nodes.joined(separator: "," + space(&random)) + "]}" + (Bool.random(using: &random) ? ",\"sessionId\":\"S1\"" : "") + "}"
    }

    private static func space(_ random: inout SeededRandom) -> String {
        ["", "", " ", "\n  ", "\t"].randomElement(using: &random)!
    }

    private static func node(_ random: inout SeededRandom) -> String {
        var fields = ["\"nodeId\":\(string(&random))", "\"ignored\":\(Bool.random(using: &random))"]
        for key in ["role", "chromeRole", "name", "description", "value"] {
            switch Int.random(in: 0...3, using: &random) {
            case 0: break
            case 1: fields.append("\"\(key)\":null")
            default: fields.append("\"\(key)\":\(axValue(&random))")
            }
        }
        if Bool.random(using: &random) {
            let properties = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                "{\"name\":\(string(&random)),\"value\":\(axValue(&random))}"
            }
            fields.append("\"properties\":[" + properties.joined(separator: ",") + "]")
        }
        for key in ["parentId", "frameId"] where Bool.random(using: &random) {
            fields.append("\"\(key)\":" + (Bool.random(using: &random) ? "null" : string(&random)))
        }
        if Bool.random(using: &random) {
            fields.append("\"childIds\":[" + (0..<Int.random(in: 0...3, using: &random)).map { _ in string(&random) }.joined(separator: ",") + "]")
        }
        if Bool.random(using: &random) { fields.append("\"backendDOMNodeId\":\(Int.random(in: 1...99_999, using: &random))") }
        if Bool.random(using: &random) { fields.append("\"ignoredReasons\":[{\"name\":\"x\",\"value\":\(axValue(&random))}]") }
        if Bool.random(using: &random) { fields.append("\"unknown\":\(json(&random, depth: 0))") }
        fields.shuffle(using: &random)
        return "{" + fields.joined(separator: "," + space(&random)) + "}"
    }

    private static func axValue(_ random: inout SeededRandom) -> String {
        let type = ["role", "computedString", "boolean", "booleanOrUndefined", "integer", "number", "tristate", "token",
                    "idrefList", "nodeList", "valueUndefined", "internalRole", "string"].randomElement(using: &random)!
        var fields = ["\"type\":\"\(type)\""]
        if Int.random(in: 0...4, using: &random) > 0 { fields.append("\"value\":\(json(&random, depth: 1))") }
        if Bool.random(using: &random) { fields.append("\"sources\":[{\"type\":\"contents\",\"value\":{\"type\":\"computedString\",\"value\":\(string(&random))}}]") }
        fields.shuffle(using: &random)
        return "{" + fields.joined(separator: ",") + "}"
    }

    private static func json(_ random: inout SeededRandom, depth: Int) -> String {
        switch Int.random(in: 0...(depth < 3 ? 7 : 4), using: &random) {
        case 0: return "null"
        case 1: return "\(Bool.random(using: &random))"
        case 2: return ["0", "-1", "3.25", "1e3", "-2.5E-2", "123456789", "0.1"].randomElement(using: &random)!
        case 3, 4: return string(&random)
        case 5: return "[" + (0..<Int.random(in: 0...3, using: &random)).map { _ in json(&random, depth: depth + 1) }.joined(separator: ",") + "]"
        default:
            let members = (0..<Int.random(in: 0...3, using: &random)).map { index in "\"k\(index)\":\(json(&random, depth: depth + 1))" }
            return "{" + members.joined(separator: ",") + "}"
        }
    }

    /// A JSON string literal mixing plain text, escapes, `\u` escapes (pairs included) and raw UTF-8.
    private static func string(_ random: inout SeededRandom) -> String {
        let pieces = ["a", "Lion", " ", "é", "中", "🦁", "\\\"", "\\\\", "\\/", "\\n", "\\t", "\\b", "\\f", "\\r", "\\u00e9",
                      "\\u4e2d", "\\ud83e\\udd81", "\\u0000", "\\u001f", "]", "}", "{", "[", ",", ":"]
        return "\"" + (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined() + "\""
    }
}
