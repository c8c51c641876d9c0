import Foundation
import LabSupport

/// The clipboard as the page sees it (`navigator.clipboard`), as iOS tests read and set
/// `UIPasteboard.general.string`: text a test copies in the app can be read, and text set here
/// is what the app pastes. Reading or writing it grants the page clipboard access first.
///
/// The clipboard is the browser's, not the launch's: every launch in the same browser (tests
/// running at once, the next launch) sees the same one, as apps on one iPhone share
/// `UIPasteboard.general`. A test that reads it should have written it first.
extension Application {
    /// The clipboard's text (empty when it holds none).
    public func clipboardText(file: StaticString = #filePath, line: UInt = #line) async throws -> String {
        try await called(file, line) {
            let call = "app.clipboardText()"
            return try await step(call, .read) {
                try await allowClipboard(call)
                return try await evaluateJSON("navigator.clipboard.readText()", call: call).string ?? ""
            }
        }
    }

    /// Puts `text` on the clipboard.
    public func setClipboardText(_ text: String, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            let call = "app.setClipboardText(\(SwiftLiteral.string(text)))"
            try await step(call, .action) {
                try await allowClipboard(call)
                _ = try await evaluateJSON("navigator.clipboard.writeText(\(PageScripts.string(text))).then(() => null)", call: call)
            }
        }
    }

    private func allowClipboard(_ call: String) async throws {
        let driver = try driver(for: call)
        try await perform(call) { try await driver.allowClipboardAccess() }
    }
}
