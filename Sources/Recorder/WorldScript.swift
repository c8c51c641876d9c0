import Foundation
import UIAutomation

/// A script of the recorder's that runs in an isolated world of the app's page (it shares the
/// DOM, none of the app's JavaScript) and reports through a binding only that world sees:
/// the capture script (`Scripts/capture.js`) and the hover inspector's (`Scripts/inspect.js`),
/// each with a world and a binding of its own. Both are checked by scripts/check-js. The
/// engine makes the world (``PageEngine/installWorld(named:binding:script:deliver:)``): the
/// recorder speaks no browser protocol.
struct WorldScript: Sendable {
    /// The isolated world the script runs in.
    let worldName: String
    /// The binding the script reports through, exposed only in that world.
    let bindingName: String
    let source: String

    static let capture = WorldScript(worldName: "__labRecorder", bindingName: "__labRecord", source: bundledScript("capture"))
    static let inspect = WorldScript(worldName: "__labInspector", bindingName: "__labInspect", source: bundledScript("inspect"))

    /// The text of `Scripts/<name>.js` in the module's bundle.
    static func bundledScript(_ name: String) -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: "js", subdirectory: "Scripts")
            ?? Bundle.module.url(forResource: name, withExtension: "js"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { fatalError("Recorder's Scripts/\(name).js is missing from the bundle") }
        return text
    }

    /// Sets the world up in the running app's page: every report and every new instance of the
    /// world goes to `deliver`, in order, until it answers `false` or the world is closed; the
    /// binding and the script are installed for every new document, and the world is made in
    /// the document open now (its ``PageWorld/initialContext``, the script not yet run there:
    /// see ``run(in:context:)``).
    func install(in app: Application, deliver: @escaping @Sendable (WorldEvent) async -> Bool) async throws -> any PageWorld {
        guard let engine = app.runningEngine else { throw RecorderError.notRunning }
        return try await engine.installWorld(named: worldName, binding: bindingName, script: source, deliver: deliver)
    }

    /// Runs the script in `context` of `world` (the document open now).
    func run(in world: any PageWorld, context: WorldContext) async throws {
        do {
            _ = try await world.evaluate(source, in: context, timeout: nil)
        } catch let error as UIAutomationError where error.reason.kind == .scriptFailed {
            throw RecorderError.script(error.reason.description)
        }
    }
}
