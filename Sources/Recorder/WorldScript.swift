import Foundation

/// The capture script (`Scripts/capture.js`, checked by scripts/check-js) and the names it uses.
enum CaptureScript {
    /// The isolated world the script runs in: shares the DOM, none of the app's JavaScript.
    static let worldName = "__labRecorder"
    /// The binding the script reports through, exposed only in that world.
    static let bindingName = "__labRecord"

    static let source: String = bundledScript("capture")

    /// The text of `Scripts/<name>.js` in the module's bundle.
    static func bundledScript(_ name: String) -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: "js", subdirectory: "Scripts")
            ?? Bundle.module.url(forResource: name, withExtension: "js"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { fatalError("Recorder's Scripts/\(name).js is missing from the bundle") }
        return text
    }
}

/// The hover inspector's script (`Scripts/inspect.js`) and the names it uses: a world and a
/// binding of its own, apart from the recorder's.
enum InspectScript {
    /// The isolated world the script runs in.
    static let worldName = "__labInspector"
    /// The binding the script reports through, exposed only in that world.
    static let bindingName = "__labInspect"

    static let source: String = CaptureScript.bundledScript("inspect")
}
