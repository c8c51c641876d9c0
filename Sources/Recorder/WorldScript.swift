import DevTools
import Foundation

/// A script of the recorder's that runs in an isolated world of the app's page (it shares the
/// DOM, none of the app's JavaScript) and reports through a binding only that world sees:
/// the capture script (`Scripts/capture.js`) and the hover inspector's (`Scripts/inspect.js`),
/// each with a world and a binding of its own. Both are checked by scripts/check-js.
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

    /// Sets the world up in `page`: every binding call and new execution context goes to
    /// `deliver`, in order, until it answers `false` or the page closes; the binding and the
    /// script are installed for every new document, and the world is made in the document
    /// open now. Returns that world's execution context (the script not yet run there: see
    /// ``run(in:on:)``) and the task reading the events, which the caller cancels to stop.
    func install(on page: PageSession, deliver: @escaping @Sendable (CDPEventMessage) async -> Bool) async throws
        -> (context: Int, reader: Task<Void, Never>) {
        let events = page.session.events(methods: [RecorderCDP.BindingCalled.method, RecorderCDP.ExecutionContextCreated.method])
        let reader = Task {
            do {
                for try await message in events {
                    guard await deliver(message) else { return }
                }
            } catch {}
        }
        do {
            _ = try await page.send(RecorderCDP.AddBinding(name: bindingName, executionContextName: worldName))
            _ = try await page.send(RecorderCDP.AddScriptToEvaluateInWorld(source: source, worldName: worldName))
            _ = try await page.send(CDP.Runtime.Enable())
            let frame = try await page.send(RecorderCDP.GetFrameTree()).frameTree.frame.id
            let world = try await page.send(RecorderCDP.CreateIsolatedWorld(frameId: frame, worldName: worldName))
            return (world.executionContextId, reader)
        } catch {
            reader.cancel()
            throw error
        }
    }

    /// Runs the script in the world `context` of the document open now.
    func run(in context: Int, on page: PageSession) async throws {
        let result = try await page.send(CDP.Runtime.Evaluate(expression: source, contextId: context))
        if let failure = result.exceptionDetails { throw RecorderError.script(failure.message) }
    }

    /// Whether `message` says this script's world was made in a new document: its context id.
    func createdContext(_ message: CDPEventMessage) -> Int? {
        guard let created = try? message.decode(RecorderCDP.ExecutionContextCreated.self), created.context.name == worldName else { return nil }
        return created.context.id
    }

    /// The report the script made through its binding, if `message` is one.
    func report(_ message: CDPEventMessage) -> RecorderCDP.BindingCalled? {
        guard let call = try? message.decode(RecorderCDP.BindingCalled.self), call.name == bindingName else { return nil }
        return call
    }
}
