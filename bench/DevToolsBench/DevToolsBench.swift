// DevTools benchmark: launch, round trip, new context + page, navigate to load, and decoding
// the replies a whole read of the element tree gets.
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
        try await measureDecoding(page, into: &samples)
        try await context.dispose()
        return samples
    }

    private struct Reply<Result: Decodable>: Decodable { let result: Result }

    /// Decoding the two replies every whole read of the element tree gets, `JSONDecoder`
    /// against the hand reader DevTools uses (`result(ofReply:)`), on the journey bench's
    /// 100- and 2,000-element pages (sections of heading, button, link, field), built in the
    /// page. No browser time: the replies are captured once, then decoded again and again.
    private func measureDecoding(_ page: PageSession, into samples: inout [String: [Double]]) async throws {
        for (name, sections, runs) in [("100 elements", 25, 200), ("2,000 elements", 500, 20)] {
            _ = try await page.evaluate("""
                document.body.innerHTML = '<main>' + Array.from({ length: \(sections) }, (_, i) =>
                  `<section><h2>Section ${i}</h2><button data-testid="b${i}">Button ${i}</button>` +
                  `<a href="#s${i}">Link ${i}</a><input aria-label="Field ${i}"></section>`).join('') + '</main>'; 1
                """)
            let connection = page.session.connection
            let tree = try await connection.call(CDP.Accessibility.GetFullAXTree.method, params: CDP.Empty(), sessionId: page.session.id)
            let dom = try await connection.call(CDP.DOMSnapshot.CaptureSnapshot.method, params: CDP.DOMSnapshot.CaptureSnapshot(), sessionId: page.session.id)
            for _ in 0..<(runs * scale) {
                samples["decode AX tree, JSONDecoder (\(name))", default: []].append(try await Self.time {
                    _ = try JSONDecoder().decode(Reply<CDP.Accessibility.GetFullAXTree.Response>.self, from: tree)
                })
                samples["decode AX tree, by hand (\(name))", default: []].append(try await Self.time {
                    _ = try CDP.Accessibility.GetFullAXTree.result(ofReply: tree)
                })
                samples["decode DOM snapshot, JSONDecoder (\(name))", default: []].append(try await Self.time {
                    _ = try JSONDecoder().decode(Reply<CDP.DOMSnapshot.CaptureSnapshot.Response>.self, from: dom)
                })
                samples["decode DOM snapshot, by hand (\(name))", default: []].append(try await Self.time {
                    _ = try CDP.DOMSnapshot.CaptureSnapshot.result(ofReply: dom)
                })
            }
        }
    }

    private static func time(_ body: () async throws -> Void) async rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        let (seconds, attoseconds) = (clock.now - start).components
        return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
    }
}
