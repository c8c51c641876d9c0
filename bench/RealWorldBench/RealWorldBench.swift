// Real-world benchmark, UIAutomation side: TodoMVC's Playwright spec (TodoMVCSpec) run case
// by case against TodoMVC served on 127.0.0.1, each case in a fresh Application launch (a
// fresh isolated browser context), timed from launch to the end of the case body (the
// terminate is not timed), as bench/realworld_playwright.py times Playwright's side.
// bench/realworld.sh runs both, interleaved, and prints the table.
//
//   RealWorldBench <base-url> [rounds] [case-filter]   run; prints JSON per case:
//       {"ms": [...], "verdicts": ["pass"|"fail"], "errors": [...], "portNotes": [...]}
//   RealWorldBench --steps <base-url> [case-filter]    one run per case, with the time of
//       every step (action or check) on stderr: where a case's time goes
//   RealWorldBench --tree <base-url>                   the app's element tree with two todos
//   RealWorldBench --print-arguments                   the browser command line DevTools uses (JSON),
//       which bench/realworld.sh hands to Playwright's side
import DevTools
import Foundation
import UIAutomation

@main
struct RealWorldBench {
    static func main() async throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--print-arguments" {
            let flags = LaunchOptions().arguments(executable: try BrowserDiscovery.locate(), profileDirectory: "PROFILE")
            print(String(decoding: try JSONEncoder().encode(flags), as: UTF8.self))
            return
        }
        let mode = arguments.first?.hasPrefix("--") == true ? arguments.removeFirst() : "--run"
        guard let base = arguments.first else {
            FileHandle.standardError.write(Data("usage: RealWorldBench [--steps | --tree] <base-url> [rounds] [case-filter]\n".utf8))
            exit(2)
        }
        switch mode {
        case "--tree":
            try await printTree(base: base)
        case "--steps":
            try await runCases(base: base, rounds: 1, filter: arguments.count > 1 ? arguments[1] : "", traceSteps: true)
        default:
            let rounds = arguments.count > 1 ? Int(arguments[1]) ?? 1 : 1
            try await runCases(base: base, rounds: rounds, filter: arguments.count > 2 ? arguments[2] : "", traceSteps: false)
        }
        await SharedBrowser.shared.close()
    }

    /// The device both sides use: the spec's project is Desktop Chrome; UIAutomation's
    /// `.desktop` is 1280 × 800, scale 1, mouse only (Playwright's side is set to match).
    static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.device = .desktop
        // SPARE=0 measures launches without the context made ready in the background.
        configuration.preparesNextLaunch = ProcessInfo.processInfo.environment["SPARE"] != "0"
        return configuration
    }

    /// Runs every case whose name contains `filter`, `rounds` times, and prints the results as JSON.
    static func runCases(base: String, rounds: Int, filter: String, traceSteps: Bool) async throws {
        let cases = TodoMVCSpec.all.filter { filter.isEmpty || $0.name.contains(filter) }
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

    /// One case as a test runner runs it: a fresh launch (new browser context, the app
    /// opened and idle), the describe block's beforeEach, the body, its afterEach. Returns
    /// the milliseconds from launch to the end, and the failure if any; terminate is not timed.
    static func run(_ testCase: TodoMVCSpec.Case, base: String) async -> (Double, String?) {
        let app = Application(url: base + "/", configuration: configuration())
        let screen = TodoMVCScreen(app: app)
        let clock = ContinuousClock()
        let start = clock.now
        var failure: String?
        do {
            try await StepTimer.shared.step("launch") { try await app.launch() }
            if let beforeEach = testCase.beforeEach { try await beforeEach(screen) }
            try await testCase.body(screen)
            if let afterEach = testCase.afterEach { try await afterEach(screen) }
        } catch {
            failure = String(describing: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
        }
        let elapsed = clock.now - start
        await app.terminate()
        return (Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15, failure)
    }

    /// Prints the element tree of the app with two todos (how TodoMVCScreen's queries were found).
    static func printTree(base: String) async throws {
        let app = Application(url: base + "/", configuration: configuration())
        try await app.launch()
        let screen = TodoMVCScreen(app: app)
        for item in TodoMVCSpec.todoItems.prefix(2) {
            try await screen.fill(screen.newTodo, item)
            try await screen.newTodo.typeKey(.return)
        }
        print(try await app.treeDescription())
        await app.terminate()
    }
}
