import Foundation
import NIOCore
import Testing

@testable import MessagesService

/// The responses' JSON strings: exactly RFC 8259's escapes, and whatever the text, JSON that
/// Foundation's parser reads back to the same text.
@Suite struct JSONWriterTests {
    static func written(_ text: String) -> String {
        var writer = JSONWriter(capacity: 4)
        writer.string(text)
        return writer.buffer.getString(at: writer.buffer.readerIndex, length: writer.buffer.readableBytes) ?? ""
    }

    @Test func quotesBackslashesAndControlCharactersAreEscapedAndNothingElse() {
        #expect(Self.written("") == #""""#)
        #expect(Self.written("plain é 🙂") == "\"plain é 🙂\"")
        #expect(Self.written("a\"b\\c/d") == #""a\"b\\c/d""#)
        #expect(Self.written("\n\r\t\u{8}\u{C}") == #""\n\r\t\b\f""#)
        #expect(Self.written("\u{0}\u{1}\u{1F}\u{7F}") == "\"\\u0000\\u0001\\u001f\u{7F}\"")
    }

    @Test(arguments: [
        String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) }),
        String(repeating: "\u{1}", count: 4_000),
        String(repeating: "ab\"\\\n", count: 1_000) + "end",
        "\u{10FFFF} \u{2028} e\u{301} 👩‍👩‍👧‍👦",
    ])
    func anyTextReadsBackUnchanged(_ text: String) throws {
        let json = Self.written(text)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) as? String
        #expect(parsed == text)
    }
}
