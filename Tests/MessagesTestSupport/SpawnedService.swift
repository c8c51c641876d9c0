public import Foundation
public import TestSupport

/// The built `lab` executable, run as a separate process: `lab messages-api --port 0 --db …`
/// (or any subcommand that prints "listening on http://HOST:PORT", such as `lab serve`).
public final class SpawnedService: Sendable {
    /// The running process.
    public let process: ChildProcess
    /// The port it said it listens on.
    public let port: Int

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
        let lab = try Self.labExecutable().path
        let (executable, allArguments) = openFileLimit.map {
            ("/bin/sh", ["-c", "ulimit -n \($0) && exec \"$0\" \"$@\"", lab] + arguments)
        } ?? (lab, arguments)
        // "listening on http://127.0.0.1:PORT"
        (process, port) = try await ChildProcess.start(
            executable, arguments: allArguments, environment: environment, standardErrorPath: errorLog?.path,
            readyWithin: .seconds(60)
        ) { line in
            guard line.hasPrefix("listening on http://") else { return nil }
            return line.split(separator: ":").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
    }

    /// Sends `signal` and waits (30 s at most) for the process to exit; returns how it ended.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM) async throws -> ChildExit {
        try await process.stop(signal: signal)
    }
}

/// Why a spawned `lab` could not be used.
public struct SpawnedServiceError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
}
