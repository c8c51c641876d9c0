/// Which text `typeText` can type: every character has a key or is inserted as text, except
/// control characters other than newline, return, tab, backspace and delete.
enum TypableText {
    /// The first character of `text` that typing (``PageEngine/type(_:)``) cannot send: a control character
    /// other than `\n`, `\r`, `\t`, `\u{8}` and `\u{7F}`.
    static func unsupportedCharacter(in text: String) -> Character? {
        text.first { character in
            switch character {
            case "\n", "\r", "\r\n", "\t", "\u{8}", "\u{7F}": return false
            default: return character.unicodeScalars.contains { $0.properties.generalCategory == .control }
            }
        }
    }

    /// Throws ``UIAutomationError/Reason/invalidRequest(_:)`` if `text` holds a control character
    /// `typeText` has no key for (see ``unsupportedCharacter(in:)``).
    static func check(_ text: String, query: String) throws {
        guard let bad = unsupportedCharacter(in: text) else { return }
        let scalars = bad.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
        throw UIAutomationError(query: query, reason: .invalidRequest(
            "typeText cannot type the control character \(scalars); press a key with typeKey(_:modifierFlags:), e.g. typeKey(.escape)"))
    }
}
