import ArgumentParser
import Dispatch
import Foundation
import Recorder
import UIAutomation

/// `lab record <app|URL>`: opens the app in a Chromium window and writes test code from what
/// the person does there (docs/recorder.md).
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Open an app in a Chromium window and write test code from what you do in it.",
        discussion: """
            Tap, type, press keys, toggle switches, scroll and navigate in the window; each step is \
            printed as it is recorded. Alt+Shift+E, Alt+Shift+L and Alt+Shift+V add an assertion \
            (exists, label, value) on the element under the pointer. Ctrl-C (or closing the window) \
            ends the recording and writes the code. Needs a display (Xvfb works) and a full chromium.
            """
    )

    @Argument(help: "A lab app (animals, trivia, toggles) or the http(s) URL of a running site.")
    var target: String

    @Option(help: "xcuitest (an XCTestCase for XCUIAutomation), uiautomation (Swift Testing) or flow (UIFlows).")
    var format: String = "xcuitest"

    @Option(name: .shortAndLong, help: "Write the code to this file instead of standard output.")
    var output: String?

    @Option(help: "The test class (XCUITest) or scenario name (flow).")
    var typeName: String = "RecordedUITests"

    @Option(help: "The test method or function.")
    var testName: String = "testRecorded"

    @Argument(parsing: .postTerminator, help: "Launch arguments for the app, after --.")
    var launchArguments: [String] = []

    func run() async throws {
        guard let format = RecordingFormat(rawValue: format) else {
            throw ValidationError("--format must be one of \(RecordingFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let target = try RecordTarget(self.target, launchArguments: launchArguments)
        let app = Application(host: target.host, configuration: RecordTarget.configuration(headless: false))
        app.launchArguments = launchArguments
        let generator = CodeGenerator(format: format, app: target.recordedApp, typeName: typeName, testName: testName)
        let session = RecordingSession(app: app)
        await session.onStep { step in
            for line in generator.lines(step) { FileHandle.standardError.write(Data("  \(line)\n".utf8)) }
        }
        try await session.start()
        FileHandle.standardError.write(Data("""
            recording \(target.recordedApp.name) — Alt+Shift+E/L/V: assert exists/label/value of the element \
            under the pointer; Ctrl-C or close the window to finish

            """.utf8))
        await Self.waitForEnd(of: app)
        let steps = await session.stop()
        await app.terminate()
        await app.configuration.browser.close()
        let code = generator.file(steps)
        if let output {
            try code.write(toFile: output, atomically: true, encoding: .utf8)
            FileHandle.standardError.write(Data("wrote \(steps.count) steps to \(output)\n".utf8))
        } else {
            print(code, terminator: "")
        }
    }

    /// Returns on SIGINT or SIGTERM, or when the browser goes away (its window closed).
    static func waitForEnd(of app: Application) async {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield() }
            source.resume()
            sources.append(source)
        }
        let watcher = Task {
            while !Task.isCancelled {
                guard let engine = app.runningEngine, (try? await engine.evaluate("1")) != nil else { break }
                try? await Task.sleep(for: .milliseconds(500))
            }
            continuation.yield()
        }
        for await _ in stream { break }
        watcher.cancel()
        for source in sources { source.cancel() }
    }
}

/// `lab inspect <app|URL>`: the element tree with the recommended query for every element; with
/// `--window`, the query of the element under the pointer, in the window and on the terminal.
struct InspectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print an app's element tree with the recommended query for every element.",
        discussion: """
            Opens the app (headless unless --window), optionally goes to --path, and prints each \
            element as XCUITest's debugDescription does, followed by the shortest query that is \
            unique in the live tree now. With --window the app stays open in a Chromium window: \
            move the pointer over an element to see it highlighted with its query beside it (also \
            printed here, after `hover:`); Ctrl-C or closing the window ends it. Needs a display \
            (Xvfb works) and a full chromium.
            """
    )

    @Argument(help: "A lab app (animals, trivia, toggles) or the http(s) URL of a running site.")
    var target: String

    @Option(help: "A path of the app to open after launching (e.g. /animals/detail/lion).")
    var path: String?

    @Flag(help: "Show the browser window (needs a display) and show the query of the element under the pointer, until Ctrl-C.")
    var window = false

    @Flag(help: "With --window: also print the whole tree again after each change.")
    var watch = false

    @Argument(parsing: .postTerminator, help: "Launch arguments for the app, after --.")
    var launchArguments: [String] = []

    func run() async throws {
        let target = try RecordTarget(self.target, launchArguments: launchArguments)
        let app = Application(host: target.host, configuration: RecordTarget.configuration(headless: !window))
        app.launchArguments = launchArguments
        try await app.launch()
        if let path { try await app.open(path) }
        let inspector = Inspector(app: app)
        Self.emit(await inspector.describe(try await app.snapshot()))
        if window {
            let hover = HoverInspector(app: app)
            await hover.onInspect { inspection in
                Self.emit("hover: \(inspection.line)")
            }
            try await hover.start()
            FileHandle.standardError.write(Data("""
                inspecting \(target.recordedApp.name) — move the pointer over an element to see its query; \
                Ctrl-C or close the window to finish

                """.utf8))
            let watcher = watch ? Task { await Self.watch(app, inspector) } : nil
            await RecordCommand.waitForEnd(of: app)
            watcher?.cancel()
            await hover.stop()
        }
        await app.terminate()
        await app.configuration.browser.close()
    }

    /// Writes a line to standard output at once (unbuffered: hover lines appear as they happen).
    static func emit(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Prints the tree again whenever it changes, until cancelled or the browser goes away.
    static func watch(_ app: Application, _ inspector: Inspector) async {
        var last = (try? await app.snapshot())?.treeDescription(includingFrames: false) ?? ""
        while !Task.isCancelled, app.isRunning {
            try? await app.waitForIdle()
            guard let now = try? await app.snapshot() else { break }
            let text = now.treeDescription(includingFrames: false)
            if text != last {
                last = text
                emit("\n" + (await inspector.describe(now)))
            }
            try? await Task.sleep(for: .milliseconds(300))
        }
    }
}
