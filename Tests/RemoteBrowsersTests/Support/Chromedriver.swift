import Foundation
import TestSupport

/// A real chromedriver (Debian's `chromium-driver`) started for a test on a free port, with a
/// verbose log from which the sessions it created and quit are read: the WebDriver endpoint
/// the remote-browser tests obtain browsers from. ``stop()`` ends it and every browser it
/// started.
final class Chromedriver: Sendable {
    /// `$LAB_CHROMEDRIVER`, else `/usr/bin/chromedriver`, else `chromedriver` on the PATH; `nil`
    /// when there is none (install it with scripts/ensure-chromedriver or
    /// `apt-get install chromium-driver`).
    static let executable: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["LAB_CHROMEDRIVER"], !explicit.isEmpty {
            return FileManager.default.isExecutableFile(atPath: explicit) ? explicit : nil
        }
        let path = (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/chromedriver" }
        return (["/usr/bin/chromedriver"] + path).first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    let port: Int
    let logPath: String
    private let process: ChildProcess

    private init(process: ChildProcess, port: Int, logPath: String) {
        self.process = process
        self.port = port
        self.logPath = logPath
    }

    /// The WebDriver endpoint.
    var url: String { "http://127.0.0.1:\(port)" }
    /// chromedriver's process id.
    var pid: pid_t { process.pid }

    /// Starts chromedriver on a port it picks and waits (10 s at most) until it listens. A
    /// chromedriver that ends before saying its port (seen once in a 20-run soak, within
    /// 0.1 s) is started once more; the error names both attempts' exit and output.
    static func start() async throws -> Chromedriver {
        guard let executable else { throw ChromedriverError("no chromedriver (apt-get install chromium-driver)") }
        var problems: [String] = []
        for _ in 1...2 {
            let logPath = FileManager.default.temporaryDirectory.path + "/automationlab-chromedriver-\(UUID().uuidString).log"
            let errorPath = logPath + ".stderr"
            defer { try? FileManager.default.removeItem(atPath: errorPath) }
            do {
                // "ChromeDriver was started successfully on port 43635."
                let (process, port) = try await ChildProcess.start(
                    executable, arguments: ["--port=0", "--log-path=\(logPath)", "--verbose"],
                    standardErrorPath: errorPath, readyWithin: .seconds(10)
                ) { line in
                    line.firstMatch(of: /successfully on port (\d+)/).flatMap { Int($0.output.1) }
                }
                return Chromedriver(process: process, port: port, logPath: logPath)
            } catch {
                let stderr = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
                problems.append("\(error) (stderr: \(stderr.debugDescription))")
                try? FileManager.default.removeItem(atPath: logPath)
            }
        }
        throw ChromedriverError("chromedriver did not start: " + problems.joined(separator: "; then "))
    }

    /// The sessions the log shows created (a successful `InitSession`) and deleted (`Quit`).
    func sessions() -> (created: Set<String>, deleted: Set<String>) {
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        func ids(_ pattern: String) -> Set<String> {
            let regex = try! Regex(#"\[([0-9a-f]{32})\] "# + pattern)
            return Set(log.matches(of: regex).compactMap { $0.output[1].substring.map(String.init) })
        }
        return (ids(#"RESPONSE InitSession \{"#), ids("COMMAND Quit"))
    }

    /// The browsers chromedriver started that are still running (its children).
    func browserPIDs() -> [pid_t] {
        ProcessTable.entries().filter { $0.parent == pid }.map(\.pid)
    }

    /// Stops chromedriver; returns the browser processes it had left running (killed now).
    @discardableResult
    func stop() async -> [pid_t] {
        let left = ProcessTable.descendants(of: pid)
        _ = try? await process.stop(signal: SIGTERM, within: .seconds(5))  // killed if not ended by then
        for child in left { kill(child, SIGKILL) }
        try? FileManager.default.removeItem(atPath: logPath)
        return left
    }
}

struct ChromedriverError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
