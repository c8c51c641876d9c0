import Foundation
import Synchronization

/// A real chromedriver (Debian's `chromium-driver`) started for a test on a free port, with a
/// verbose log from which the sessions it created and quit are read: the WebDriver endpoint
/// the remote-browser tests obtain browsers from. ``stop()`` ends it and every browser it
/// started.
final class Chromedriver: @unchecked Sendable {  // Process: used from one test at a time
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
    private let process: Process

    private init(process: Process, port: Int, logPath: String) {
        self.process = process
        self.port = port
        self.logPath = logPath
    }

    /// The WebDriver endpoint.
    var url: String { "http://127.0.0.1:\(port)" }
    /// chromedriver's process id.
    var pid: pid_t { process.processIdentifier }

    /// Starts chromedriver on a port it picks and waits (10 s at most) until it listens. A
    /// chromedriver that ends before saying its port (seen once in a 20-run soak, within
    /// 0.1 s) is started once more; the error names both attempts' exit status and output.
    static func start() async throws -> Chromedriver {
        guard let executable else { throw ChromedriverError("no chromedriver (apt-get install chromium-driver)") }
        var problems: [String] = []
        for _ in 1...2 {
            switch try await attempt(executable) {
            case .success(let chromedriver): return chromedriver
            case .failure(let problem): problems.append(problem.description)
            }
        }
        throw ChromedriverError("chromedriver did not start: " + problems.joined(separator: "; then "))
    }

    private static func attempt(_ executable: String) async throws -> Result<Chromedriver, ChromedriverError> {
        let logPath = FileManager.default.temporaryDirectory.path + "/automationlab-chromedriver-\(UUID().uuidString).log"
        let errorPath = logPath + ".stderr"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--port=0", "--log-path=\(logPath)", "--verbose"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        try process.run()
        // "ChromeDriver was started successfully on port 43635."
        let handle = output.fileHandleForReading
        let reader = Task.detached { () -> (port: Int?, text: String) in
            var text = ""
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return (nil, text) }
                text += String(decoding: chunk, as: UTF8.self)
                if let range = text.range(of: #"successfully on port (\d+)"#, options: .regularExpression) {
                    return (Int(text[range].split(separator: " ").last ?? ""), text)
                }
            }
        }
        let timer = Task {
            try await Task.sleep(for: .seconds(10))
            process.terminate()
        }
        defer { timer.cancel() }
        let (port, text) = await reader.value
        guard let port else {
            process.terminate()
            for _ in 0..<50 where process.isRunning { try? await Task.sleep(for: .milliseconds(20)) }
            let status = process.isRunning ? "still running" : "exit status \(process.terminationStatus)"
            let stderr = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: logPath)
            return .failure(ChromedriverError(
                "no port within 10 s (\(status); stdout: \(text.debugDescription); stderr: \(stderr.debugDescription))"))
        }
        return .success(Chromedriver(process: process, port: port, logPath: logPath))
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
        Self.processes().filter { $0.parent == pid }.map(\.pid)
    }

    /// Stops chromedriver; returns the browser processes it had left running (killed now).
    @discardableResult
    func stop() async -> [pid_t] {
        let left = descendants()
        if process.isRunning { process.terminate() }
        for _ in 0..<250 where process.isRunning { try? await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning { kill(pid, SIGKILL) }
        for child in left { kill(child, SIGKILL) }
        try? FileManager.default.removeItem(atPath: logPath)
        return left
    }

    /// Every live process below chromedriver.
    private func descendants() -> [pid_t] {
        let all = Self.processes()
        var found: Set<pid_t> = [pid]
        var grew = true
        while grew {
            grew = false
            for entry in all where !found.contains(entry.pid) && found.contains(entry.parent) {
                found.insert(entry.pid)
                grew = true
            }
        }
        found.remove(pid)
        return Array(found)
    }

    /// (pid, parent pid) of every live process, from /proc.
    private static func processes() -> [(pid: pid_t, parent: pid_t)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return names.compactMap { name in
            guard let pid = pid_t(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let end = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: end)...].split(separator: " ", maxSplits: 3)
            guard fields.count > 1, fields[0] != "Z", let parent = pid_t(fields[1]) else { return nil }
            return (pid, parent)
        }
    }
}

struct ChromedriverError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
