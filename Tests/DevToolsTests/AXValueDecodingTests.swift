import DevTools
import Foundation
import LabSupport
import Testing

/// `AXValue` decodes `value` as the kind its `type` promises (fast path) and falls back to
/// the general `JSONValue` decoding for anything else, with the same results as before.
@Suite("AXValue decoding")
struct AXValueDecodingTests {
    private func decode(_ json: String) throws -> CDP.Accessibility.AXValue {
        try JSONDecoder().decode(CDP.Accessibility.AXValue.self, from: Data(json.utf8))
    }

    @Test func decodesEachPromisedKind() throws {
        #expect(try decode(#"{"type":"boolean","value":true}"#).value == .bool(true))
        #expect(try decode(#"{"type":"booleanOrUndefined","value":false}"#).value == .bool(false))
        #expect(try decode(#"{"type":"internalRole","value":211}"#).value == .number(211))
        #expect(try decode(#"{"type":"integer","value":2}"#).value == .number(2))
        #expect(try decode(#"{"type":"number","value":0.5}"#).value == .number(0.5))
        #expect(try decode(#"{"type":"role","value":"button"}"#).value == .string("button"))
        #expect(try decode(#"{"type":"tristate","value":"mixed"}"#).value == .string("mixed"))
        #expect(try decode(#"{"type":"computedString","value":"Lion","sources":[{"type":"attribute"}]}"#).value == .string("Lion"))
    }

    @Test func fallsBackForOtherKindsAndSurprises() throws {
        #expect(try decode(#"{"type":"valueUndefined"}"#).value == nil)
        #expect(try decode(#"{"type":"computedString","value":null}"#).value == nil)
        #expect(try decode(#"{"type":"idrefList","value":[]}"#).value == .array([]))
        #expect(try decode(#"{"type":"nodeList","value":[{"backendDOMNodeId":4}]}"#).value
            == .array([.object(["backendDOMNodeId": .number(4)])]))
        // A value of another kind than its type promises still decodes, as JSONValue would.
        #expect(try decode(#"{"type":"boolean","value":"true"}"#).value == .string("true"))
        #expect(try decode(#"{"type":"string","value":3}"#).value == .number(3))
        #expect(throws: DecodingError.self) { try decode(#"{"value":1}"#) }
    }
}
