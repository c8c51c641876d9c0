import Foundation
import Testing
@testable import UIAutomation

/// `trimmed` (used on every text of every tree read) trims exactly what Foundation's
/// `.whitespacesAndNewlines` trims on Linux, without bridging to `NSString` (U+200B included:
/// corelibs Foundation counts it, Unicode's White_Space does not).
@Suite("Trimming texts")
struct TrimmingTests {
    @Test(arguments: [
        "", " ", "plain", "  both ends\t", "\n\r\nlines\u{85}", "\u{A0}no-break\u{A0}", "\u{2028}separators\u{2029}",
        "\u{3000}ideographic\u{205F}", "\u{200B}zero width space\u{200B}", "\u{2060}word joiner is kept\u{2060}", "\u{FEFF}byte order mark\u{FEFF}",
        " e\u{301} ", "👨‍👩‍👧 family ", "inner  spaces stay", "\u{1680}\u{2000}\u{200A}\u{202F}",
    ])
    func trimsWhatFoundationTrims(_ text: String) {
        #expect(text.trimmed == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
