import Foundation
import MessagesTestSupport
import ServerDefenses
import TestSupport
import Testing

/// Binding beyond loopback is said out loud (what is exposed, that the Host check is no access
/// control, how to restrict it), and IPv6 URLs are printed in brackets.
@Suite(.heavyWork) struct ExposureTests {
    @Test func loopbackIsToldFromEverythingElse() {
        for host in ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "LOCALHOST"] { #expect(BindExposure.isLoopback(host), "\(host)") }
        for host in ["0.0.0.0", "::", "192.168.1.10", "10.0.0.1", "fe80::1", "example.com", "127.0.0.256", "127.0.0"] {
            #expect(!BindExposure.isLoopback(host), "\(host)")
        }
    }

    @Test func urlsBracketIPv6() {
        #expect(BindExposure.url(host: "::1", port: 8080) == "http://[::1]:8080")
        #expect(BindExposure.url(host: "::", port: 80) == "http://[::]:80")
        #expect(BindExposure.url(host: "127.0.0.1", port: 8080) == "http://127.0.0.1:8080")
    }

    @Test func aWildcardBindNamesWhatIsExposedAndHowToRestrictIt() throws {
        #expect(BindExposure.warning(host: "127.0.0.1", port: 8080, exposed: "x") == nil)
        #expect(BindExposure.warning(host: "::1", port: 8080, exposed: "x") == nil)
        let warning = try #require(BindExposure.warning(host: "0.0.0.0", port: 8080, exposed: "the Messages API"))
        #expect(warning.contains("every network interface"))
        #expect(warning.contains("the Messages API"))
        #expect(warning.contains("no authentication"))
        #expect(warning.contains("The Host check is not access control"))
        #expect(warning.contains("bind 127.0.0.1"))
    }

    /// The real command, bound beyond loopback without exposing anything: 192.0.2.1 is a
    /// documentation address (RFC 5737) no interface here has, so the bind fails, after the
    /// warning.
    @Test(arguments: ["messages-api", "serve"])
    func theCommandsWarnBeforeBindingBeyondLoopback(command: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("exposure-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await ChildProcess.run(
            try SpawnedService.labExecutable().path,
            arguments: [command, "--host", "192.0.2.1", "--port", "0", "--db", folder.appendingPathComponent("m.sqlite").path],
            timeout: .seconds(120))
        #expect(run.standardError.contains("warning: binding the address 192.0.2.1"), "\(run.standardError)")
        #expect(run.standardError.contains("The Host check is not access control"))
        #expect(run.exit != .exited(0))
    }

    @Test func anIPv6LoopbackBindPrintsABracketedURLAndNoWarning() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("exposure-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("stderr.txt")
        let lab = try SpawnedService.labExecutable().path
        let (process, line) = try await ChildProcess.start(
            lab, arguments: ["messages-api", "--host", "::1", "--port", "0", "--db", folder.appendingPathComponent("m.sqlite").path],
            standardErrorPath: log.path, readyWithin: .seconds(60)
        ) { line in line.hasPrefix("listening on ") ? line : nil }
        _ = try await process.stop()
        #expect(line.hasPrefix("listening on http://[::1]:"), "\(line)")
        #expect(!(try String(contentsOf: log, encoding: .utf8)).contains("warning"))
    }
}
