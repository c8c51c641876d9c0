import DevTools
import Foundation
import Recorder
import TestSupport
import UIAutomation

/// A display of its own (Xvfb, `-displayfd` says when it is ready) for one recording.
struct VirtualDisplay {
    let process: ChildProcess
    let display: String

    static var isAvailable: Bool { executable != nil && RecordingHarness.headedBrowser != nil }

    static var executable: String? {
        ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func start() async throws -> VirtualDisplay {
        let (process, number) = try await ChildProcess.start(
            try requireExecutable(), arguments: ["-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            readyWithin: .seconds(20)
        ) { line in Int(line.trimmingCharacters(in: .whitespaces)) }
        return VirtualDisplay(process: process, display: ":\(number)")
    }

    /// Ends the display; throws if it does not end within 10 s of SIGTERM (it is killed then).
    func stop() async throws {
        try await process.stop(signal: SIGTERM, within: .seconds(10))
    }

    private static func requireExecutable() throws -> String {
        guard let executable else { throw ChildProcessError("no Xvfb (apt-get install xvfb)") }
        return executable
    }
}


/// Records in a headed Chromium on a virtual display: the app launched as `lab record` launches
/// it, the journey driven by `body`, the steps returned.
enum RecordingHarness {
    static var headedBrowser: String? {
        ["/usr/lib/chromium/chromium", "/usr/bin/chromium"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func record(
        _ host: any AppHost, arguments: [String] = [],
        _ body: (Application, RecordingSession, VirtualDisplay) async throws -> Void
    ) async throws -> [RecordedStep] {
        let display = try await VirtualDisplay.start()
        let (app, browser) = headedApp(host, on: display)
        app.launchArguments = arguments
        let session = RecordingSession(app: app)
        do {
            try await session.start()
            try await body(app, session, display)
            try await session.settle()
        } catch {
            await app.terminate()
            await browser.close()
            try? await display.stop()
            throw error
        }
        let steps = await session.stop()
        await app.terminate()
        await browser.close()
        try await display.stop()
        return steps
    }
}

extension RecordingHarness {
    /// The app in a headed Chromium window on `display`, as `lab record` opens it (not launched).
    static func headedApp(_ host: any AppHost, on display: VirtualDisplay) -> (Application, SharedBrowser) {
        var options = BrowserLaunchOptions(executable: headedBrowser)
        options.headless = false
        options.extraArguments = ["--window-position=0,0", "--window-size=\(Device.iPhone.width + 40),\(Device.iPhone.height + 140)"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display.display
        options.environment = environment
        let browser = SharedBrowser(options: options)
        var configuration = Configuration()
        configuration.device = Device(width: Device.iPhone.width, height: Device.iPhone.height, scale: 1)
        configuration.browser = browser
        configuration.preparesNextLaunch = false
        return (Application(host: host, configuration: configuration), browser)
    }
}

extension RecordingSession {
    /// Acts, then waits until the recording has taken in everything the action caused.
    func after(_ action: () async throws -> Void) async throws {
        try await action()
        try await settle()
    }
}
