import Foundation

/// The built `lab` executable, run as a separate process: `lab messages-api --port 0 --db …`
/// (or any subcommand that prints "listening on http://HOST:PORT", such as `lab serve`).
public final class SpawnedService: @unchecked Sendable {
    /// The running process.
    public let process: Process
    /// The port it said it listens on.
    public let port: Int
    private let output: Pipe

    /// `http://127.0.0.1:PORT`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The `lab` binary next to the test bundle in the build products folder.
    public static func labExecutable() throws -> URL {
        var candidates: [URL] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("lab"))
        }
        candidates.append(URL(fileURLWithPath: Bundle.main.bundlePath).deletingLastPathComponent().appendingPathComponent("lab"))
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("lab"))
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        throw SpawnedServiceError(description: "no built `lab` executable found; looked at \(candidates.map(\.path))")
    }

    /// Starts `lab messages-api` on a free port over the SQLite file `database` and waits
    /// until it is listening.
    public convenience init(database: URL) async throws {
        try await self.init(arguments: ["messages-api", "--host", "127.0.0.1", "--port", "0", "--db", database.path])
    }

    /// Runs `lab` with `arguments` (and `environment` added to this process's) and waits until
    /// it says it is listening.
    /// With `openFileLimit`, `lab` runs with that many file descriptors at most (`ulimit -n`).
    /// Its standard error (the log) goes to `errorLog` when given, else nowhere.
    public init(
        arguments: [String], environment: [String: String] = [:], openFileLimit: Int? = nil, errorLog: URL? = nil
    ) async throws {
        let process = Process()
        if let openFileLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(openFileLimit) && exec \"$0\" \"$@\"", try Self.labExecutable().path] + arguments
        } else {
            process.executableURL = try Self.labExecutable()
            process.arguments = arguments
        }
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let output = Pipe()
        process.standardOutput = output
        if let errorLog {
            _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errorLog)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        self.process = process
        self.output = output
        let handle = output.fileHandleForReading
        do {
            self.port = try await withTimeout(.seconds(60), "lab \(arguments.first ?? "") to start") {
                try Self.readPort(from: handle)
            }
        } catch {
            process.terminate()
            throw error
        }
    }

    /// Reads stdout until the "listening on http://HOST:PORT" line.
    private static func readPort(from handle: FileHandle) throws -> Int {
        var text = ""
        while true {
            let data = handle.availableData
            if data.isEmpty {
                throw SpawnedServiceError(description: "lab exited before listening; printed: \(text)")
            }
            text += String(decoding: data, as: UTF8.self)
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("listening on http://") }),
               let port = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
                return port
            }
        }
    }

    /// Sends `signal` and waits for the process to exit; returns how it ended.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM) async throws -> (reason: Process.TerminationReason, status: Int32) {
        kill(process.processIdentifier, signal)
        let process = self.process
        return try await withTimeout(.seconds(30), "lab to exit") {
            process.waitUntilExit()
            return (process.terminationReason, process.terminationStatus)
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

/// Why a spawned `lab` could not be used.
public struct SpawnedServiceError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
}
