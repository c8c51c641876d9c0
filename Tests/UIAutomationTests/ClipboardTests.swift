import Testing
import UIAutomation

/// The page's clipboard, as `UIPasteboard.general.string` is on iOS: what the page copies can be
/// read, and what the test sets is what the page reads.
@Suite("Clipboard")
struct ClipboardTests {
    @Test func theTestAndThePageShareTheLaunchsClipboard() async throws {
        try await withApp("/basics") { (app) async throws in
            try await app.setClipboardText("Ada \"Lovelace\" ✓")
            #expect(try await app.evaluate("navigator.clipboard.readText()", as: String.self) == "Ada \"Lovelace\" ✓")
            try await app.run(javaScript: "navigator.clipboard.writeText('copied by the page')")
            #expect(try await app.clipboardText() == "copied by the page")
        }
    }
}
