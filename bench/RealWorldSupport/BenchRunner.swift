// What the real-world benchmarks' UIAutomation sides share (RealWorldBench: TodoMVC;
// KitchenSinkBench: Cypress's kitchen sink): one case as a test runner runs it (a fresh
// Application launch, timed from launch to the end of the case body; the terminate is not
// timed), the rounds, the JSON the table script reads, and the command line:
//
//   <Bench> <base-url> [rounds] [case-filter]   run; prints JSON per case:
//       {"ms": [...], "verdicts": ["pass"|"fail"], "errors": [...], "portNotes": [...]}
//   <Bench> --steps <base-url> [case-filter]    one run per case, with the time of every step
//       (action or check) on stderr: where a case's time goes
//   <Bench> --tree <base-url> [path]            the element tree of the app at that path
//   <Bench> --print-arguments                   the browser command line DevTools uses (JSON),
//       which the bench scripts hand to Playwright's side
import DevTools
import Foundation
public import UIAutomation

/// One ported test: its name as the spec's runner prints it, the path the spec visits first
/// (the app is launched at base URL + path), what the port could not check the spec's way,
/// and the body (the spec's beforeEach, the test, its afterEach).
public struct BenchCase: Sendable {
    /// "Describe › test title".
    public let name: String
    /// Launched at the base URL followed by this path ("/", "/commands/actions").
    public let path: String
    /// Checks or steps of the spec this port omits or makes another way, and why (empty: a full port).
    public let portNotes: [String]
    public let body: @Sendable (Application) async throws -> Void

    public init(_ name: String, path: String = "/", notes: [String] = [],
                _ body: @escaping @Sendable (Application) async throws -> Void) {
        self.name = name
        self.path = path
        self.portNotes = notes
        self.body = body
    }
}

public enum BenchRunner {
    /// The bench's command line (see the top of this file). `prepareTree` runs after launch in
    /// `--tree` mode, before the tree is printed (TodoMVC adds two todos there).
    public static func main(_ name: String, cases: [BenchCase],
                            prepareTree: (@Sendable (Application) async throws -> Void)? = nil) async throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--print-arguments" {
            let flags = LaunchOptions().arguments(executable: try BrowserDiscovery.locate(), profileDirectory: "PROFILE")
            print(String(decoding: try JSONEncoder().encode(flags), as: UTF8.self))
            return
        }
        let mode = arguments.first?.hasPrefix("--") == true ? arguments.removeFirst() : "--run"
        guard let base = arguments.first else {
            FileHandle.standardError.write(Data("usage: \(name) [--steps | --tree] <base-url> [rounds | path] [case-filter]\n".utf8))
            exit(2)
        }
        switch mode {
        case "--tree":
            let app = Application(url: base + (arguments.count > 1 ? arguments[1] : "/"), configuration: configuration())
            try await app.launch()
            if let prepareTree { try await prepareTree(app) }
            print(try await app.treeDescription())
            await app.terminate()
        case "--steps":
            try await runCases(cases, base: base, rounds: 1, filter: arguments.count > 1 ? arguments[1] : "", traceSteps: true)
        default:
            let rounds = arguments.count > 1 ? Int(arguments[1]) ?? 1 : 1
            try await runCases(cases, base: base, rounds: rounds, filter: arguments.count > 2 ? arguments[2] : "", traceSteps: false)
        }
        await SharedBrowser.shared.close()
    }

    /// The device both sides use: UIAutomation's `.desktop` is 1280 × 800, scale 1, mouse
    /// only (Playwright's side is set to match).
    public static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.device = .desktop
        // SPARE=0 measures launches without the context made ready in the background.
        configuration.preparesNextLaunch = ProcessInfo.processInfo.environment["SPARE"] != "0"
        return configuration
    }

    /// Runs every case whose name contains `filter`, `rounds` times, and prints the results as JSON.
    public static func runCases(_ all: [BenchCase], base: String, rounds: Int, filter: String, traceSteps: Bool) async throws {
        let cases = all.filter { filter.isEmpty || $0.name.contains(filter) }
        guard let first = cases.first else { return }
        _ = await run(first, base: base)  // warm-up: starts the shared browser; not recorded
        var results: [String: [String: Any]] = [:]
        for _ in 0..<rounds {
            for testCase in cases {
                StepTimer.shared.enabled = traceSteps
                let (ms, error) = await run(testCase, base: base)
                if traceSteps { StepTimer.shared.report(testCase.name, total: ms) }
                var entry = results[testCase.name] ?? ["ms": [Double](), "verdicts": [String](), "errors": [String](),
                                                       "portNotes": testCase.portNotes]
                entry["ms"] = (entry["ms"] as! [Double]) + [ms]
                entry["verdicts"] = (entry["verdicts"] as! [String]) + [error == nil ? "pass" : "fail"]
                if let error { entry["errors"] = (entry["errors"] as! [String]) + [error] }
                results[testCase.name] = entry
            }
        }
        let json = try JSONSerialization.data(withJSONObject: results, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }

    /// One case as a test runner runs it: a fresh launch (new browser context, the app opened
    /// at the case's path and idle), then the body. Returns the milliseconds from launch to the
    /// end, and the failure if any; terminate is not timed.
    public static func run(_ testCase: BenchCase, base: String) async -> (Double, String?) {
        let app = Application(url: base + testCase.path, configuration: configuration())
        let clock = ContinuousClock()
        let start = clock.now
        var failure: String?
        do {
            try await StepTimer.shared.step("launch") { try await app.launch() }
            try await testCase.body(app)
        } catch {
            failure = String(describing: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
        }
        let elapsed = clock.now - start
        await app.terminate()
        return (Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15, failure)
    }
}
