// UIAutomation benchmark: app launch, one query resolution on a 100-element page,
// tap → idle on a navigation, typeText of 20 characters, screenshot, and the scripted
// journey. Prints one JSON object of samples in milliseconds; bench/uiautomation.sh
// compares it with the raw CDP floor (bench/journey_raw.py) and Playwright
// (bench/journey_playwright.py), measured in the same run against the same server.
//
//   UIAutomationBench --serve             serve the journey app, print its URL, run until killed
//   UIAutomationBench --print-arguments   the browser command line DevTools uses (JSON)
//   UIAutomationBench <base-url> [scale]  measure; scale multiplies the number of runs
//   UIAUTOMATION_BENCH_ONLY=small-changes  measure only the named sections (comma-separated:
//                                          launch, query, full-read, small-changes, tap,
//                                          screenshot, type-text, journey)
import DevTools
import Foundation
import TestSupport
import UIAutomation

@main
struct UIAutomationBench {
    let baseURL: String
    let scale: Int

    static func main() async throws {
        let arguments = CommandLine.arguments
        if arguments.contains("--print-arguments") {
            let flags = LaunchOptions().arguments(executable: try BrowserDiscovery.locate(), profileDirectory: "PROFILE")
            print(String(decoding: try JSONEncoder().encode(flags), as: UTF8.self))
            return
        }
        if arguments.contains("--serve") {
            let server = try await FixtureServer.start(pages: JourneyApp.pages)
            FileHandle.standardOutput.write(Data((server.url("") + "\n").utf8))  // unbuffered
            while true { try await Task.sleep(for: .seconds(3_600)) }
        }
        guard arguments.count >= 2 else {
            FileHandle.standardError.write(Data("usage: UIAutomationBench --serve | --print-arguments | <base-url> [scale]\n".utf8))
            exit(2)
        }
        let bench = UIAutomationBench(baseURL: arguments[1], scale: arguments.count > 2 ? Int(arguments[2]) ?? 1 : 1)
        let samples = try await bench.run()
        let json = try JSONSerialization.data(withJSONObject: samples, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
        await SharedBrowser.shared.close()
    }

    /// What the journey checks; the Python clients check the same (cell 3 is the tiger).
    static let cell = "cell-3"
    static let title = "Tiger"

    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// The sections to measure: all, or those `UIAUTOMATION_BENCH_ONLY` names.
    private func runs(_ section: String) -> Bool {
        guard let only = ProcessInfo.processInfo.environment["UIAUTOMATION_BENCH_ONLY"], !only.isEmpty else { return true }
        return only.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == section }
    }

    func run() async throws -> [String: [Double]] {
        var samples: [String: [Double]] = [:]
        func record(_ name: String, _ body: () async throws -> Void) async throws {
            samples[name, default: []].append(try await Self.time(body))
        }
        // Warm-up: starts the shared browser (not measured) and runs the journey once.
        try await journey()

        if runs("launch") {
            // App launch: fresh context and page, device set up, first page loaded and idle.
            for _ in 0..<(40 * scale) {
                let app = Application(url: baseURL + "/")
                try await record("app launch") { try await app.launch() }
                await app.terminate()
            }
        }

        if runs("query") {
            // One query resolution on a 100-element page that has not changed since the last one
            // (the element tree is reused after a 0.2 ms change check).
            let hundred = Application(url: baseURL + "/hundred")
            try await hundred.launch()
            for _ in 0..<20 { _ = try await hundred.buttons["b17"].exists }
            for _ in 0..<(200 * scale) {
                try await record("query (100 elements)") {
                    guard try await hundred.buttons["b17"].exists else { throw Failed(description: "b17 not found") }
                }
            }
            await hundred.terminate()
        }

        if runs("full-read") {
            // The same query on a page that changes all the time: a full read of the tree each time.
            let live = Application(url: baseURL + "/hundred-live")
            try await live.launch()
            for _ in 0..<(100 * scale) {
                try await record("query after a change (full read)") {
                    guard try await live.buttons["b17"].exists else { throw Failed(description: "b17 not found") }
                }
            }
            await live.terminate()
        }

        if runs("small-changes") {
            // A read after one small change made by the page's own script (no input from us): a
            // label changed, an element added, a class toggled, in turn; only the read is timed.
            // The 2,000-element page gets 60 rounds per scale (20 of each kind).
            for (path, name, runs) in [("/hundred", "100", 100 * scale), ("/two-thousand", "2,000", 60 * scale)] {
                let page = Application(url: baseURL + path)
                try await page.launch()
                _ = try await page.buttons["b17"].exists
                for round in 0..<runs {
                    let (kind, change) = [
                        ("label", "document.querySelector('[data-testid=b3]').firstChild.data = 'Button 3 (\(round))'"),
                        ("element added", "document.querySelector('main').insertAdjacentHTML('beforeend', '<p>Added \(round)</p>')"),
                        ("class", "document.querySelector('[data-testid=b5]').classList.toggle('pressed')"),
                    ][round % 3]
                    _ = try await page.evaluate(change + "; 0", as: Int.self)
                    let time = try await Self.time {
                        guard try await page.buttons["b17"].exists else { throw Failed(description: "b17 not found") }
                    }
                    // All three kinds together, and each kind alone.
                    samples["query after a small change (\(name) elements)", default: []].append(time)
                    samples["query after a small change: \(kind) (\(name) elements)", default: []].append(time)
                }
                await page.terminate()
            }
        }

        if runs("tap") {
            // Tap → idle on a navigation: gallery → cell 3 → back → …
            let gallery = Application(url: baseURL + "/")
            try await gallery.launch()
            for round in 0..<(60 * scale) {
                let element = round.isMultiple(of: 2) ? gallery.cells[Self.cell] : gallery.links["back"]
                try await record("tap → idle (navigation)") { try await element.tap() }
            }
            await gallery.terminate()
        }

        if runs("screenshot") {
            // Screenshot of the gallery (PNG, the whole viewport at the device scale).
            let gallery = Application(url: baseURL + "/")
            try await gallery.launch()
            for _ in 0..<(40 * scale) {
                try await record("screenshot") { _ = try await gallery.screenshot() }
            }
            await gallery.terminate()
        }

        if runs("type-text") {
            // typeText of 20 characters into a field (focused by the first call).
            let form = Application(url: baseURL + "/form")
            try await form.launch()
            let field = form.textFields["name"]
            try await field.typeText("x")
            for _ in 0..<(30 * scale) {
                try await record("typeText (20 chars)") { try await field.typeText("abcdefghij0123456789") }
            }
            await form.terminate()
        }

        if runs("journey") {
            // The journey, fresh context per run.
            for _ in 0..<(40 * scale) {
                try await record("journey") { try await journey() }
            }
        }
        return samples
    }

    /// Open the 12-cell grid, count cells, open cell 3, check its title, toggle the
    /// favourite, go back, check the star on cell 3. Fresh context (launch) each time.
    func journey() async throws {
        let app = Application(url: baseURL + "/")
        try await app.launch()
        let count = try await app.cells.count
        guard count == 12 else { throw Failed(description: "\(count) cells") }
        try await app.cells[Self.cell].tap()
        let title = try await app.staticTexts["title"].label
        guard title == Self.title else { throw Failed(description: "title \(title)") }
        try await app.buttons["favourite"].tap()
        try await app.links["back"].tap()
        guard try await app.cells[Self.cell].images["star"].exists else { throw Failed(description: "no star") }
        await app.terminate()
    }

    private static func time(_ body: () async throws -> Void) async rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        let (seconds, attoseconds) = (clock.now - start).components
        return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
    }
}
