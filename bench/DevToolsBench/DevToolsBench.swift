// DevTools benchmark: launch, round trip, new context + page, navigate to load.
// Prints one JSON object of samples in milliseconds; bench/devtools.sh compares it with
// the raw CDP floor (bench/raw_cdp.py) measured in the same run.
import DevTools
import Foundation

@main
struct DevToolsBench {
    let pageURL: String
    let scale: Int
    /// Runs the measured loops inside `Browser.run`, on the connection's own thread.
    let onConnectionThread: Bool

    static func main() async throws {
        let arguments = CommandLine.arguments
        if arguments.contains("--print-arguments") {
            // The exact browser command line, so the raw floor launches the same browser.
            let flags = LaunchOptions().arguments(executable: try BrowserDiscovery.locate(), profileDirectory: "PROFILE")
            print(String(decoding: try JSONEncoder().encode(flags), as: UTF8.self))
            return
        }
        guard arguments.count >= 2 else {
            FileHandle.standardError.write(Data("usage: DevToolsBench <page-url> [scale] [--on-connection-thread]\n".utf8))
            exit(2)
        }
        let bench = DevToolsBench(
            pageURL: arguments[1],
            scale: arguments.count > 2 ? Int(arguments[2]) ?? 1 : 1,
            onConnectionThread: arguments.contains("--on-connection-thread"))
        let samples = try await bench.run()
        let json = try JSONSerialization.data(withJSONObject: samples, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }

    func run() async throws -> [String: [Double]] {
        var samples: [String: [Double]] = [:]
        // Launch to first reply: spawn, then the first Browser.getVersion answered.
        for _ in 0..<(15 * scale) {
            var browser: Browser?
            samples["launch", default: []].append(try await Self.time { browser = try await Browser.launch() })
            await browser?.close()
        }
        let browser = try await Browser.launch()
        let measured = onConnectionThread
            ? try await browser.run { try await measure(browser) }
            : try await measure(browser)
        await browser.close()
        return samples.merging(measured) { $0 + $1 }
    }

    private func measure(_ browser: Browser) async throws -> [String: [Double]] {
        var samples: [String: [Double]] = [:]
        for _ in 0..<200 { _ = try await browser.version() }  // warm-up
        for _ in 0..<(2_000 * scale) {
            samples["round trip", default: []].append(try await Self.time { _ = try await browser.version() })
        }
        for _ in 0..<(40 * scale) {
            var context: BrowserContext?
            samples["new context + page", default: []].append(try await Self.time {
                let made = try await browser.newContext()
                _ = try await made.newPage()
                context = made
            })
            try await context?.dispose()
        }
        let context = try await browser.newContext()
        let page = try await context.newPage()
        try await page.navigate(to: pageURL)
        for _ in 0..<(60 * scale) {
            samples["navigate to load", default: []].append(try await Self.time { try await page.navigate(to: pageURL) })
        }
        try await context.dispose()
        return samples
    }

    private static func time(_ body: () async throws -> Void) async rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        let (seconds, attoseconds) = (clock.now - start).components
        return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
    }
}
