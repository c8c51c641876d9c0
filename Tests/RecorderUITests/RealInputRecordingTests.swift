import Foundation
import Recorder
import Testing
import TestSupport
import UIAutomation

/// Recording with input from the X server, as a person's: `xdotool` moves the pointer, clicks
/// and types on the headed Chromium's window in Xvfb. The steps come out as the person did them:
/// the switch by the toggle helper, the typing as one `typeText` ending in Return, an assertion
/// added with Alt+Shift+L, and the page's own state shows the recording changed nothing it sees.
@Suite("Recording real X input", .enabled(if: VirtualDisplay.isAvailable && RealInput.xdotool != nil, "needs Xvfb, xdotool and a full chromium"), .heavyWork)
struct RealInputRecordingTests {
    static let form = """
        <!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Sign up</title></head><body><main>
        <form action="/done" method="get">
          <label><input type="checkbox" role="switch" data-testid="wifi"> Wi-Fi</label>
          <label for="name">Name</label> <input id="name" name="name" data-testid="name" autocomplete="off">
          <button data-testid="go">Go</button>
        </form>
        <script>
          window.seen = null; window.prevented = 0;
          addEventListener('mousemove', (e) => { window.seen = [e.clientX, e.clientY]; });
          for (const type of ['pointerdown', 'click', 'keydown', 'input']) addEventListener(type, (e) => { if (e.defaultPrevented) window.prevented++; });
        </script>
        </main></body></html>
        """
    static let done = """
        <!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Done</title></head><body><main><p data-testid="hello">Welcome aboard</p></main></body></html>
        """

    @Test func clicksTypingReturnAndAnAssertionFromTheXServer() async throws {
        let server = try await FixtureServer.start(pages: ["/": Self.form, "/done": Self.done])
        defer { Task { await server.stop() } }
        let steps = try await RecordingHarness.record(URLHost(server.url("/"))) { app, session, display in
            let input = RealInput(display: display.display)
            let offset = try await input.calibrate(app)
            func centre(_ element: Element) async throws -> (Int, Int) {
                let frame = try await element.frame
                return (Int((offset.x + frame.midX * offset.scaleX).rounded()), Int((offset.y + frame.midY * offset.scaleY).rounded()))
            }
            // The switch: its own box (the label's text beside it does the same, as a person expects).
            let wifi = try await centre(app.switches["wifi"])
            try await input.run("mousemove", "\(wifi.0)", "\(wifi.1)", "click", "1")
            try await app.switches["wifi"].expect(ElementPredicate.key("value").equals("1"))
            try await session.settle()
            let name = try await centre(app.textFields["name"])
            try await input.run("mousemove", "\(name.0)", "\(name.1)", "click", "1")
            try await app.textFields["name"].expect(ElementPredicate.key("hasFocus").equals(true))
            try await input.run("type", "--delay", "20", "Ada Lovelacx")
            try await input.run("key", "BackSpace")
            try await input.run("type", "e")
            try await app.textFields["name"].expect(ElementPredicate.key("value").equals("Ada Lovelace"))
            try await session.settle()
            // The page saw its events as ever: none had its default prevented, nothing was stored.
            #expect(try await app.evaluate("window.prevented", as: Int.self) == 0)
            #expect(try await app.evaluate("localStorage.length + sessionStorage.length + document.cookie.length", as: Int.self) == 0)
            try await input.run("key", "Return")
            let hello = app.staticTexts["hello"]
            #expect(try await hello.waitForExistence(timeout: 10))
            try await session.settle()
            let text = try await centre(hello)
            try await input.run("mousemove", "\(text.0)", "\(text.1)", "key", "alt+shift+l")
            try await input.waitUntil(session) { $0.count >= 4 }
        }
        #expect(
            steps == [RecordedStep]([
                .toggle(#"app.switches["wifi"]"#, on: true),
                .tap(#"app.textFields["name"]"#),
                .typeText("Ada Lovelace\n", into: #"app.textFields["name"]"#),
                .assertLabel(#"app.staticTexts["hello"]"#, equals: "Welcome aboard"),
            ]))
    }
}

/// `xdotool` on the virtual display.
struct RealInput {
    static var xdotool: String? {
        ["/usr/bin/xdotool", "/usr/local/bin/xdotool"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    let display: String

    func run(_ arguments: String...) async throws {
        let result = try await ChildProcess.run(Self.xdotool ?? "xdotool", arguments: arguments, environment: ["DISPLAY": display])
        guard result.exit == .exited(0) else { throw ChildProcessError("xdotool \(arguments): \(result.exit) \(result.standardError)") }
    }

    /// Where the page's viewport is on the screen, and at what scale: the pointer is moved to
    /// two known points and the page's own `mousemove` says where it saw each.
    func calibrate(_ app: Application) async throws -> Calibration {
        // Where the page sees the pointer once it rests at (x, y): the same point read twice in a
        // row, so a move still queued from before (a loaded machine delivers late) is not taken
        // for this one.
        func seen(at x: Int, _ y: Int) async throws -> [Double] {
            var last: [Double]?
            let deadline = ContinuousClock.now + .seconds(10)
            while ContinuousClock.now < deadline {
                _ = try await app.evaluate("window.seen = null", as: String?.self)
                try await run("mousemove", "\(x + 1)", "\(y)")
                try await run("mousemove", "\(x)", "\(y)")
                let point = try await app.evaluate("window.seen", as: [Double]?.self)
                if let point, point.count == 2, point == last { return point }
                last = point
            }
            throw ChildProcessError("the page never saw the pointer rest at \(x), \(y)")
        }
        let first = try await seen(at: 100, 300)
        let second = try await seen(at: 300, 500)
        let scaleX = 200 / (second[0] - first[0]), scaleY = 200 / (second[1] - first[1])
        guard scaleX.isFinite, scaleY.isFinite, scaleX > 0, scaleY > 0 else {
            throw ChildProcessError("calibration failed: the page saw the pointer at \(first) and then \(second)")
        }
        return Calibration(x: 100 - first[0] * scaleX, y: 300 - first[1] * scaleY, scaleX: scaleX, scaleY: scaleY)
    }

    /// Screen point = origin + page point × scale.
    struct Calibration {
        let x: Double
        let y: Double
        let scaleX: Double
        let scaleY: Double
    }

    /// Waits until the session's steps (typing under way not flushed) satisfy `condition`.
    func waitUntil(_ session: RecordingSession, _ condition: ([RecordedStep]) -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(15)
        while ContinuousClock.now < deadline {
            try await session.settle()
            if condition(await session.finishedSteps) { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw ChildProcessError("the recording never got there: \(await session.finishedSteps)")
    }
}
