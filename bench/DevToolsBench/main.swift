// DevTools benchmark: launch, round trip, new context + page, navigate to load.
// Prints one JSON object of samples in milliseconds; bench/devtools.sh compares it with
// the raw CDP floor (bench/raw_cdp.py) measured in the same run.
import DevTools
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: DevToolsBench <page-url> [rounds]\n".utf8))
    exit(2)
}
let pageURL = arguments[1]
let scale = arguments.count > 2 ? Int(arguments[2]) ?? 1 : 1

let clock = ContinuousClock()
func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
}
func time(_ body: () async throws -> Void) async rethrows -> Double {
    let start = clock.now
    try await body()
    return milliseconds(clock.now - start)
}

var samples: [String: [Double]] = [:]

// Launch to first reply: spawn, then the first Browser.getVersion answered.
for _ in 0..<(15 * scale) {
    var browser: Browser?
    samples["launch", default: []].append(try await time { browser = try await Browser.launch() })
    await browser?.close()
}

let browser = try await Browser.launch()
for _ in 0..<200 { _ = try await browser.version() }  // warm-up
for _ in 0..<(2_000 * scale) {
    samples["round trip", default: []].append(try await time { _ = try await browser.version() })
}

for _ in 0..<(40 * scale) {
    var context: BrowserContext?
    samples["new context + page", default: []].append(try await time {
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
    samples["navigate to load", default: []].append(try await time { try await page.navigate(to: pageURL) })
}
try await context.dispose()
await browser.close()

let json = try JSONSerialization.data(withJSONObject: samples, options: [.sortedKeys])
print(String(decoding: json, as: UTF8.self))
