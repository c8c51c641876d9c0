import Foundation
import LabSupport
import Testing
import WebDriverBiDi

/// The JSON shapes the spec gives, without a browser: what is sent and what is read.
@Suite("BiDi wire shapes")
struct WireShapeTests {
    private func json(_ value: some Encodable) throws -> JSONValue {
        try JSONValue.parse(Array(try JSONEncoder().encode(value)))
    }

    @Test func localValuesSendSpecialNumbersByNameAndNodesByReference() throws {
        #expect(try json(LocalValue.number(.nan)) == .object(["type": .string("number"), "value": .string("NaN")]))
        #expect(try json(LocalValue.number(-0.0)) == .object(["type": .string("number"), "value": .string("-0")]))
        #expect(try json(LocalValue.number(-.infinity)) == .object(["type": .string("number"), "value": .string("-Infinity")]))
        #expect(try json(LocalValue.number(2.5)) == .object(["type": .string("number"), "value": .number(2.5)]))
        #expect(try json(LocalValue.sharedReference(sharedId: "n-1")) == .object(["sharedId": .string("n-1")]))
        #expect(try json(LocalValue(.object(["b": .number(1), "a": .array([.null])]))) == .object([
            "type": .string("object"),
            "value": .array([
                .array([.string("a"), .object(["type": .string("array"), "value": .array([.object(["type": .string("null")])])])]),
                .array([.string("b"), .object(["type": .string("number"), "value": .number(1)])]),
            ]),
        ]))
    }

    @Test func remoteValuesReadNodesObjectsAndSpecialNumbers() throws {
        let text = """
            {"type":"array","value":[
              {"type":"node","sharedId":"s-1","value":{"nodeType":1,"localName":"button","attributes":{"id":"go"},"childNodeCount":1}},
              {"type":"object","value":[["k",{"type":"string","value":"v"}]]},
              {"type":"number","value":"-Infinity"},
              {"type":"undefined"},
              {"type":"function","handle":"h-1"}
            ]}
            """
        let value = try JSONDecoder().decode(RemoteValue.self, from: Data(text.utf8))
        guard case .array(let items, _) = value else { Issue.record("not an array: \(value)"); return }
        #expect(items.count == 5)
        #expect(items[0].sharedId == "s-1")
        #expect(items[0].node?.attributes == ["id": "go"])
        #expect(items[1].json == .object(["k": .string("v")]))
        #expect(items[2] == .number(-.infinity))
        #expect(items[3].json == .null)
        #expect(items[4] == .other(type: "function", value: nil, handle: "h-1"))
        #expect(value.json == nil, "a node has no JSON form")
    }

    @Test func locatorsOriginsAndTheViewportResetHaveTheSpecShapes() throws {
        #expect(try json(BiDi.BrowsingContext.Locator.accessibility(name: "OK", role: "button")) == .object([
            "type": .string("accessibility"), "value": .object(["name": .string("OK"), "role": .string("button")]),
        ]))
        #expect(try json(BiDi.BrowsingContext.Locator.innerText("Lion", matchType: .partial)) == .object([
            "type": .string("innerText"), "value": .string("Lion"), "matchType": .string("partial"),
        ]))
        #expect(try json(BiDi.Input.Origin.element(sharedId: "s-2")) == .object([
            "type": .string("element"), "element": .object(["sharedId": .string("s-2")]),
        ]))
        #expect(try json(BiDi.Input.Origin.viewport) == .string("viewport"))
        #expect(try json(BiDi.BrowsingContext.SetViewport.reset(context: "c")) == .object([
            "context": .string("c"), "viewport": .null, "devicePixelRatio": .null,
        ]))
        #expect(try json(BiDi.BrowsingContext.SetViewport(context: "c", devicePixelRatio: 3)) == .object([
            "context": .string("c"), "devicePixelRatio": .number(3),
        ]))
        let touch = BiDi.Input.Source.pointer(id: "f", type: .touch, actions: [.down(button: 0), .up(button: 0)])
        #expect(try json(touch) == .object([
            "type": .string("pointer"), "id": .string("f"), "parameters": .object(["pointerType": .string("touch")]),
            "actions": .array([
                .object(["type": .string("pointerDown"), "button": .number(0)]),
                .object(["type": .string("pointerUp"), "button": .number(0)]),
            ]),
        ]))
    }

    @Test func errorCodesKeepUnknownText() throws {
        #expect(BiDiErrorCode(rawValue: "no such frame") == .noSuchFrame)
        #expect(BiDiErrorCode(rawValue: "some future error").rawValue == "some future error")
        let error = BiDiError.commandFailed(method: "browsingContext.navigate", error: .noSuchFrame, message: "gone", stacktrace: nil)
        #expect(error.code == .noSuchFrame)
        #expect(error.description == "browsingContext.navigate failed: no such frame — gone")
    }
}
