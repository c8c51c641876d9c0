import Foundation
import Testing
import TestSupport
import UIAutomation

/// `ProcessHost` with real processes (a small Python server, EchoServerScript) and the real
/// browser: readiness by URL and by line, launch arguments and environment reaching the app,
/// typed errors with the output's tail, the process group ended at terminate() and when the
/// test process itself is killed.
@Suite("Process host", .enabled(if: EchoServerScript.python != nil, "python3 is not installed"))
struct ProcessHostTests {
    /// A host running the echo server with `flags` after the port.
    private func echo(
        _ flags: [String] = [], readiness: ProcessHost.Readiness = .httpResponse, environment: [String: String] = [:],
        startTimeout: Duration = .seconds(20), grace: Duration = .seconds(3)
    ) -> ProcessHost {
        ProcessHost(
            executable: "python3", arguments: [EchoServerScript.path, "{port}"] + flags, environment: environment, readiness: readiness,
            startTimeout: startTimeout, terminationGrace: grace)
    }

    @Test func launchArgumentsAndEnvironmentReachTheProcessAndTheBrowserReadsThem() async throws {
        let app = Application(host: echo())
        app.launchArguments = ["--name", "<b>Ada & co</b>"]
        app.launchEnvironment = ["ECHO_VALUE": "from the environment"]
        try await app.launch()
        #expect(try await app.staticTexts["args"].label == #"["--name", "<b>Ada & co</b>"]"#)
        #expect(try await app.staticTexts["env"].label == "from the environment")
        let port = try await app.staticTexts["port"].label
        #expect(Int(port) ?? 0 > 0)
        // A relaunch is a new process on a new port.
        app.launchArguments = []
        try await app.launch()
        #expect(try await app.staticTexts["args"].label == "[]")
        #expect(try await app.staticTexts["port"].label != port)
        await app.terminate()
    }

    @Test func thePortReachesTheEnvironmentToo() async throws {
        let host = ProcessHost(executable: "python3", arguments: [EchoServerScript.path, "env"], environment: ["PORT": "{port}"])
        let running = try await host.start()
        #expect(running.port > 0)
        #expect(running.url == "http://127.0.0.1:\(running.port)/")
        #expect(running.outputTail().contains("listening on 127.0.0.1:\(running.port)"))
        await running.terminate()
        #expect(running.hasEnded)
    }

    @Test func readyWhenItPrintsTheGivenLine() async throws {
        let byText = try await echo(["--announce"], readiness: .outputContains("READY")).start()
        #expect(byText.outputTail().contains("READY \(byText.port)"))
        await byText.terminate()
        let byPattern = try await echo(["--announce"], readiness: .outputMatches(#"^READY \d+$"#)).start()
        #expect(byPattern.exit == nil)
        await byPattern.terminate()
    }

    @Test func itsOutputIsKeptInTheTestsArtifactsFolder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("process-host-logs-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var host = echo()
        host.logDirectory = folder
        let app = Application(host: host)
        try await app.launch()
        await app.terminate()
        let test = try #require(TestIdentity.current)
        let logs = try FileManager.default.contentsOfDirectory(atPath: folder + "/" + test.folderName)
        try #require(logs.count == 1, "\(logs)")
        #expect(logs[0].hasPrefix("app-") && logs[0].hasSuffix(".log"))
        let text = try String(contentsOfFile: folder + "/" + test.folderName + "/" + logs[0], encoding: .utf8)
        #expect(text.contains("listening on 127.0.0.1:"), "\(text)")
        #expect(text.contains("request: \"GET / HTTP/1.1\" 200"), "the browser's request, from stderr: \(text)")
    }

    @Test func anAppThatNeverGetsReadyTimesOutWithItsOutput() async throws {
        let started = ContinuousClock.now
        do {
            // A shell, which starts at once even on a loaded machine (python3 may be a slow shim).
            _ = try await ProcessHost(
                executable: "/bin/sh", arguments: ["-c", "echo 'starting, but never listening'; exec sleep 600"], startTimeout: .seconds(3)
            ).start()
            Issue.record("an app that never listens was ready")
        } catch let error as ProcessHostError {
            guard case .notReady(let after, let waitingFor) = error.reason else {
                Issue.record("\(error)")
                return
            }
            #expect(after == .seconds(3))
            #expect(waitingFor.contains("to answer HTTP"))
            #expect(error.outputTail.contains("starting, but never listening"))
            #expect(error.description.contains("Last lines it printed:\nstarting, but never listening"), "\(error)")
            let pid = try #require(error.processID)
            #expect(ProcessTable.members(ofGroup: pid).isEmpty, "it was ended")
        }
        #expect(ContinuousClock.now - started < .seconds(12))
    }

    @Test func anAppThatExitsEarlyIsATypedErrorWithItsStatusAndOutput() async throws {
        do {
            _ = try await echo(["--exit-early", "3"]).start()
            Issue.record("an app that exited was ready")
        } catch let error as ProcessHostError {
            #expect(error.reason == .exitedBeforeReady(.exited(3)), "\(error)")
            #expect(error.outputTail.contains("fatal: configuration missing"))
            #expect(error.description.contains("exited before it was ready (exit status 3)"), "\(error)")
        }
        // Through Application, the launch fails with the same error.
        let app = Application(host: echo(["--exit-early", "4"]))
        await #expect(throws: ProcessHostError.self) { try await app.launch() }
        #expect(!app.isRunning)
    }

    @Test func aTakenPortIsTriedAgainWithAnother() async throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("in-use-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let running = try await echo(["--address-in-use-once", marker]).start()
        #expect(FileManager.default.fileExists(atPath: marker), "the first attempt ran and said the port was taken")
        await running.terminate()
    }

    @Test func terminateEndsTheWholeProcessGroupGrandchildrenIncluded() async throws {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("grandchild-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: pidFile) }
        let running = try await echo(["--grandchild", pidFile]).start()
        let grandchild = try #require(pid_t(try String(contentsOfFile: pidFile, encoding: .utf8)))
        #expect(kill(grandchild, 0) == 0, "the grandchild runs")
        #expect(ProcessTable.members(ofGroup: running.pid).contains(grandchild), "in the app's group")
        await running.terminate()
        #expect(running.hasEnded)
        #expect(kill(grandchild, 0) == -1 && errno == ESRCH, "the grandchild is gone (reaped, not a zombie)")
        #expect(kill(running.pid, 0) == -1 && errno == ESRCH)
        #expect(ProcessTable.members(ofGroup: running.pid).isEmpty)
    }

    @Test func anAppTheTestLeavesRunningIsEndedWhenItsScopeEndsEvenOnAFailure() async throws {
        struct Failure: Error {}
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("scoped-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: pidFile) }
        let app = Application(host: echo(["--grandchild", pidFile]))
        await #expect(throws: Failure.self) {
            try await Application.terminatingLaunchedApps {
                try await app.launch()
                #expect(app.isRunning)
                throw Failure()  // the test fails with its app running, as a failed #require leaves it
            }
        }
        let grandchild = try #require(pid_t(try String(contentsOfFile: pidFile, encoding: .utf8)))
        #expect(!app.isRunning)
        #expect(kill(grandchild, 0) == -1 && errno == ESRCH, "the app's process group ended before the scope returned")
    }

    @Test func anAppThatIgnoresSIGTERMIsKilledAfterTheGracePeriod() async throws {
        let running = try await echo(["--ignore-term"], grace: .milliseconds(500)).start()
        let started = ContinuousClock.now
        await running.terminate()
        let took = ContinuousClock.now - started
        #expect(running.hasEnded)
        #expect(running.exit == .signaled(SIGKILL))
        #expect(took >= .milliseconds(450) && took < .seconds(5), "\(took)")
    }

    @Test func aProcessNobodyTerminatesEndsWhenItIsReleased() async throws {
        var pid: pid_t = 0
        do {
            let running = try await echo().start()
            pid = running.pid
            #expect(kill(pid, 0) == 0)
        }
        // Released without terminate(): its supervisor's lifeline closes, and the group ends.
        var gone = false
        let deadline = ContinuousClock.now + .seconds(10)
        while !gone && ContinuousClock.now < deadline {
            gone = ProcessTable.members(ofGroup: pid).isEmpty
            if !gone { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(gone, "group \(pid) still has \(ProcessTable.members(ofGroup: pid))")
    }

    @Test func nothingIsLeftWhenTheTestProcessIsKilled() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("killed-parent-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // This test binary again, running only the helper below, which launches the app and waits.
        let (child, line) = try await ChildProcess.start(
            CommandLine.arguments[0],
            arguments: ["--testing-library", "swift-testing", "--filter", "ProcessHostKilledParentHelper"],
            environment: [ProcessHostKilledParentHelper.variable: folder, "LAB_ARTIFACTS_DIR": folder + "/artifacts"],
            readyWithin: .seconds(120)
        ) { line in line.hasPrefix("HELPER-READY ") ? line : nil }
        let pids = line.split(separator: " ").dropFirst().compactMap { pid_t($0) }
        try #require(pids.count == 3, "\(line)")
        let (app, grandchild, supervisor) = (pids[0], pids[1], pids[2])
        #expect(kill(app, 0) == 0 && kill(grandchild, 0) == 0 && kill(supervisor, 0) == 0)

        kill(child.pid, SIGKILL)
        _ = try? await child.stop(signal: SIGKILL, within: .seconds(10))
        // The supervisor sees its lifeline close: SIGTERM to the group, SIGKILL after 3 s.
        var gone = false
        let deadline = ContinuousClock.now + .seconds(10)
        while !gone && ContinuousClock.now < deadline {
            // Live processes only: an exited supervisor may wait a while for init to reap it.
            let live = Set(ProcessTable.entries().map(\.pid))
            gone = ProcessTable.members(ofGroup: app).isEmpty && !live.contains(grandchild) && !live.contains(supervisor)
            if !gone { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(gone, "left behind: group \(ProcessTable.members(ofGroup: app)), grandchild \(grandchild), supervisor \(supervisor)")
    }

    @Test func badSettingsAreTypedErrors() async throws {
        await #expect(throws: ProcessHostError.self) { _ = try await ProcessHost(executable: "no-such-program-here").start() }
        do {
            _ = try await ProcessHost(executable: "no-such-program-here").start()
            Issue.record("started a program that does not exist")
        } catch let error as ProcessHostError {
            guard case .executableNotFound(let name, let searched, _) = error.reason else {
                Issue.record("\(error)")
                return
            }
            #expect(name == "no-such-program-here")
            #expect(!searched.isEmpty)
        }
        do {
            _ = try await ProcessHost.swiftProduct("NoSuchProduct").start()
            Issue.record("started a product that does not exist")
        } catch let error as ProcessHostError {
            #expect(error.description.contains("make the test target depend on the executable target \"NoSuchProduct\""), "\(error)")
        }
        do {
            _ = try await echo(readiness: .outputMatches("([unclosed")).start()
            Issue.record("accepted an invalid regular expression")
        } catch let error as ProcessHostError {
            guard case .invalidConfiguration(let problem) = error.reason else {
                Issue.record("\(error)")
                return
            }
            #expect(problem.contains("not a valid regular expression"))
        }
        do {
            _ = try await ProcessHost(executable: "/bin/true", url: "ftp://x/").start()
            Issue.record("accepted an ftp URL")
        } catch let error as ProcessHostError {
            guard case .invalidConfiguration(let problem) = error.reason else {
                Issue.record("\(error)")
                return
            }
            #expect(problem.contains("not an http:// URL"))
        }
        let notExecutable = FileManager.default.temporaryDirectory.appendingPathComponent("not-executable-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: notExecutable, contents: Data("#!/bin/sh\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: notExecutable) }
        await #expect(throws: ProcessHostError.self) { _ = try await ProcessHost(executable: notExecutable).start() }
    }
}

/// Run only as a child of ``ProcessHostTests/nothingIsLeftWhenTheTestProcessIsKilled()``: launches
/// the echo server with a grandchild, prints their pids and the supervisor's, then waits to be
/// killed (60 s at most). Without the variable it does nothing.
@Suite("ProcessHostKilledParentHelper")
struct ProcessHostKilledParentHelper {
    static let variable = "LAB_PROCESS_HOST_KILLED_PARENT"

    @Test func launchAndWaitToBeKilled() async throws {
        guard let folder = ProcessInfo.processInfo.environment[Self.variable] else { return }
        let pidFile = folder + "/grandchild"
        let host = ProcessHost(executable: "python3", arguments: [EchoServerScript.path, "{port}", "--grandchild", pidFile])
        let running = try await host.start()
        let grandchild = try String(contentsOfFile: pidFile, encoding: .utf8)
        let supervisor = ProcessTable.entries().first { $0.pid == running.pid }?.parent ?? 0
        FileHandle.standardOutput.write(Data("HELPER-READY \(running.pid) \(grandchild) \(supervisor)\n".utf8))
        try await Task.sleep(for: .seconds(60))
        await running.terminate()
    }
}
