import Foundation

/// The capture script (`Scripts/capture.js`, checked by scripts/check-js) and the names it uses.
enum CaptureScript {
    /// The isolated world the script runs in: shares the DOM, none of the app's JavaScript.
    static let worldName = "__labRecorder"
    /// The binding the script reports through, exposed only in that world.
    static let bindingName = "__labRecord"

    static let source: String = {
        guard let url = Bundle.module.url(forResource: "capture", withExtension: "js", subdirectory: "Scripts")
            ?? Bundle.module.url(forResource: "capture", withExtension: "js"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { fatalError("Recorder's Scripts/capture.js is missing from the bundle") }
        return text
    }()
}
