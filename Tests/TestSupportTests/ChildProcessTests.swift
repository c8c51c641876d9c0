import Foundation
import TestSupport
import Testing

/// The test fixtures' child processes: ready lines, signals, deadlines, and no child left behind.
@Suite("Child processes", .heavyWork)
struct ChildProcessTests {
    @Test func startReturnsTheReadyValueAndStopReportsHowItEnded() async throws {
        let (process, port) = try await ChildProcess.start(
            "/bin/sh", arguments: ["-c", "trap 'exit 3' TERM; echo starting; echo 'listening on 4711'; while :; do sleep 0.05; done"],
            readyWithin: .seconds(10)
        ) { line in line.hasPrefix("listening on ") ? Int(line.dropFirst(13)) : nil }
        #expect(port == 4711)
        #expect(process.isRunning)
        // The trap is set before the ready line: a TERM right after it must find it.
        let exit = try await process.stop(signal: SIGTERM)
        #expect(exit == .exited(3))
        #expect(!isAlive(process.pid))
    }

    @Test func aSignalTheChildDoesNotHandleIsReported() async throws {
        let (process, _) = try await ChildProcess.start(
            "/bin/sh", arguments: ["-c", "echo ready; exec sleep 60"], readyWithin: .seconds(10)
        ) { $0 == "ready" ? () : nil }
        #expect(try await process.stop(signal: SIGKILL) == .signalled(SIGKILL))
    }

    /// Xvfb writes its display number to `-displayfd` and closes it: the signal must still reach it.
    @Test func aChildThatClosesItsOutputStillHearsStop() async throws {
        let (process, _) = try await ChildProcess.start(
            "/bin/sh", arguments: ["-c", "echo ready; exec sleep 60 >&-"], readyWithin: .seconds(10)
        ) { $0 == "ready" ? () : nil }
        try await Task.sleep(for: .milliseconds(200))  // its output has ended by now
        #expect(process.isRunning)
        #expect(try await process.stop(signal: SIGTERM, within: .seconds(5)) == .signalled(SIGTERM))
        #expect(!isAlive(process.pid))
    }

    @Test func aChildThatEndsBeforeItIsReadyIsAnErrorNamingWhatItPrinted() async throws {
        let error = try await #require(throws: ChildProcessError.self) {
            _ = try await ChildProcess.start("/bin/sh", arguments: ["-c", "echo oops; exit 7"], readyWithin: .seconds(30)) { _ in nil as Int? }
        }
        #expect(error.description.contains("exit status 7"))
        #expect(error.description.contains("oops"))
    }

    @Test func aChildThatIsNeverReadyIsKilledAtTheDeadline() async throws {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString).pid").path
        defer { try? FileManager.default.removeItem(atPath: pidFile) }
        let error = try await #require(throws: ChildProcessError.self) {
            _ = try await ChildProcess.start(
                "/bin/sh", arguments: ["-c", "echo $$ > \(pidFile); exec sleep 60"], readyWithin: .milliseconds(500)
            ) { _ in nil as Int? }
        }
        #expect(error.description.contains("not ready within"))
        let pid = try #require(pid_t(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        for _ in 0..<100 where isAlive(pid) { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!isAlive(pid))
    }

    @Test func aChildThatIgnoresStopIsKilledAtTheDeadline() async throws {
        let (process, _) = try await ChildProcess.start(
            "/bin/sh", arguments: ["-c", "trap '' TERM; echo ready; while :; do sleep 0.05; done"], readyWithin: .seconds(10)
        ) { $0 == "ready" ? () : nil }
        let error = try await #require(throws: ChildProcessError.self) {
            try await process.stop(signal: SIGTERM, within: .milliseconds(300))
        }
        #expect(error.description.contains("did not end within"))
        #expect(!isAlive(process.pid))
    }

    @Test func runCollectsOutputAndExit() async throws {
        let run = try await ChildProcess.run("/bin/sh", arguments: ["-c", "echo out; echo err >&2; exit 2"], environment: ["X": "y"])
        #expect(run.exit == .exited(2))
        #expect(run.standardOutput == "out\n")
        #expect(run.standardError == "err\n")
        let environment = try await ChildProcess.run("/bin/sh", arguments: ["-c", "printf %s \"$LAB_CHILD_TEST\""], environment: ["LAB_CHILD_TEST": "seen"])
        #expect(environment.standardOutput == "seen")
    }

    @Test func runKillsAChildThatOutlivesItsTimeout() async throws {
        let error = try await #require(throws: ChildProcessError.self) {
            _ = try await ChildProcess.run("/bin/sleep", arguments: ["60"], timeout: .milliseconds(300))
        }
        #expect(error.description.contains("did not end within"))
    }

    /// Whether `pid` is a live (non-zombie) process.
    private func isAlive(_ pid: pid_t) -> Bool {
        ProcessTable.entries().contains { $0.pid == pid }
    }
}
