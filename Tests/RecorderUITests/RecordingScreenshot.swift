import Foundation
import LabSupport
import LabTesting
import Recorder
import TestSupport
import UIAutomation

/// The screenshot of a recording session in docs/recorder.md, taken by the browser: the app's
/// window as it was mid-recording (a screenshot of the headed page) beside the lines
/// `lab record` had printed, laid out on a page and shot with UIAutomation. Written to
/// docs/screenshots/recorder-session.png only with `LAB_WRITE_SCREENSHOTS=1`.
enum RecordingScreenshot {
    static func shoot(window: Screenshot, steps: [RecordedStep], app recorded: RecordedApp) async throws -> Screenshot {
        let generator = CodeGenerator(format: .xcuitest, app: recorded)
        let lines = steps.flatMap { generator.lines($0) }.map { "  " + $0 }
        let printed = ["$ lab record animals", "recording \(recorded.name) — Alt+Shift+E/L/V: assert exists/label/value", "of the element under the pointer; Ctrl-C or close the window to finish"] + lines
        let page = """
            <!doctype html><html lang="en"><head><title>lab record</title><style>
            body { margin: 0; background: #2b2b2b; display: flex; gap: 16px; padding: 16px; font: 13px/1.45 monospace; }
            img { width: 393px; border: 1px solid #555; }
            pre { color: #e6e6e6; background: #1e1e1e; margin: 0; padding: 12px; flex: 1; white-space: pre-wrap; border: 1px solid #555; }
            </style></head><body>
            <img alt="The app's window while recording" src="data:image/png;base64,\(window.pngData.base64EncodedString())">
            <pre>\(HTMLEscape.escape(printed.joined(separator: "\n")))</pre>
            </body></html>
            """
        let server = try await FixtureServer.start(pages: ["/": page])
        var configuration = Configuration()
        configuration.device = Device(width: 1100, height: 880, scale: 1, isMobile: false, hasTouch: false)
        let app = Application(url: server.url("/"), configuration: configuration)
        do {
            try await app.launch()
            let shot = try await DocumentationScreenshots.shoot(app, "recorder-session")
            await app.terminate()
            await server.stop()
            return shot
        } catch {
            await app.terminate()
            await server.stop()
            throw error
        }
    }
}
