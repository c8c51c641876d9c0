import LabSupport
import Testing

@Suite("JSON skipping")
struct JSONSkippingTests {
    /// The index `JSONSkipping.value` ends at in `text` (from its first byte), or its failure.
    private func skip(_ text: String) -> Result<Int, JSONSkipping.Failure> {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            Result { () throws(JSONSkipping.Failure) -> Int in try JSONSkipping.value(in: bytes, from: 0) }
        }
    }

    @Test func aContainerEndsAtItsMatchingBracketWhateverItsStringsHold() {
        let value = #"{"a": ["}", "]\"", {"b": [1, 2]}], "c": "\\"}"#
        #expect(skip(value + #", "next": 1"#) == .success(value.utf8.count))
        #expect(skip("  [[], [[]]]]") == .success(12))
    }

    @Test func aStringEndsAtItsClosingQuoteAfterEscapes() {
        let value = #""say \"hi\" \\""#
        #expect(skip(value + "}") == .success(value.utf8.count))
    }

    @Test func aNumberOrLiteralEndsAtADelimiterOrWhitespace() {
        #expect(skip("-12.5e3,") == .success(7))
        #expect(skip(" true}") == .success(5))
        #expect(skip("null ]") == .success(4))
        #expect(skip("42") == .success(2))
    }

    @Test func whatCannotBeSkippedSaysWhereAndWhy() {
        #expect(skip("") == .failure(.init(offset: 0, reason: "a value")))
        #expect(skip("   ,") == .failure(.init(offset: 3, reason: "a value")))
        #expect(skip(#"["a", {"#) == .failure(.init(offset: 7, reason: "an unterminated container")))
        #expect(skip(#""abc\""#) == .failure(.init(offset: 6, reason: "an unterminated string")))
        #expect(skip(#"{"key": "open}"#) == .failure(.init(offset: 14, reason: "an unterminated string")))
    }

    @Test func whitespaceIsTheFourJSONCharactersOnly() {
        let text = " \t\r\n\u{0B}x"
        #expect(Array(text.utf8).withUnsafeBufferPointer { JSONSkipping.whitespace(in: $0, from: 0) } == 4)
    }
}
