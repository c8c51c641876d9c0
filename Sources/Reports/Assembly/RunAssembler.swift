import Foundation
import StepRecords

/// Makes a run folder (``RunReport`` in `run.json` plus its files) from what a `swift test`
/// process leaves behind: the JUnit XML of the test libraries (`swift test --xunit-output`:
/// outcomes of every test, XCTest and Swift Testing) and UIAutomation's step logs
/// (`LAB_RUN_DIR/tests/<test>/steps.jsonl`: steps, screenshots, trees).
///
/// Why join two sources instead of writing the run file from inside the test process: the
/// process cannot know a Swift Testing test's outcome (no public hook sees its issues), and
/// has no reliable "the run is over" moment (XCTest and Swift Testing run as separate
/// processes of the same binary). The libraries' own XML is the authority on outcomes and
/// counts; the step logs add what only UIAutomation saw.
public struct RunAssembler {
    /// The JUnit files of one pass (XCTest's and Swift Testing's).
    public var junitFiles: [String]
    /// `swift test`'s console output of that pass, for XCTest's results (see ``XCTestLog``).
    public var xctestLogs: [String]
    /// `LAB_RUN_DIR` of that pass: its `tests/` folder holds the step logs.
    public var recordingDirectory: String?
    /// Keep per-step (trace) screenshots for failing and flaky tests only
    /// (`LAB_TRACE=retain-on-failure`).
    public var retainTraceOnFailureOnly: Bool
    /// The report's title.
    public var title: String
    /// The shard this pass ran (`scripts/test --shard`), recorded in the run file.
    public var shard: ShardRecord?
    /// The tests as `swift test list` names them (`Module.Class/testMethod`), when known: XCTest
    /// cases read from the console log (`Class`, no module) get their module from it, so a
    /// test has the same name in every pass and shard whether or not its steps named it.
    public var testList: [String] = []
    /// The pass's wall-clock seconds, measured by whoever ran it (`scripts/test`): the run's
    /// duration. Without it, the span of the recorded steps, or the tests' times added up.
    public var wallTime: Double?
    /// Swift Testing's event streams of the pass (`--event-stream-output-path`): a Swift Testing
    /// test without steps gets its share of the threads while it ran as its duration
    /// (``SwiftTestingTimeline``), not the time it waited in the library's queue.
    public var swiftTestingEvents: [String] = []
    /// The threads Swift Testing ran its tests on: one a core of the machine that ran them.
    public var threads = ProcessInfo.processInfo.activeProcessorCount

    /// An assembler of one pass's results and recording.
    public init(junitFiles: [String], xctestLogs: [String] = [], recordingDirectory: String?,
                retainTraceOnFailureOnly: Bool = false, title: String = "Test run") {
        self.junitFiles = junitFiles
        self.xctestLogs = xctestLogs
        self.recordingDirectory = recordingDirectory
        self.retainTraceOnFailureOnly = retainTraceOnFailureOnly
        self.title = title
    }

    /// Reads the inputs and writes the run folder `output` (`run.json`, `files/`); returns
    /// the report. A JUnit file that is missing is skipped (a pass may have had no XCTest
    /// tests); one that does not parse throws.
    @discardableResult
    public func assemble(into output: String) throws -> RunReport {
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: output, withIntermediateDirectories: true)
        var cases: [JUnitDocument.Case] = []
        var libraries: [String: String] = [:]  // case id → library, by where it was read
        for file in junitFiles where fileManager.fileExists(atPath: file) {
            let found = try JUnitDocument(contentsOf: file).cases
            for item in found { libraries[item.classname + "/" + item.name] = file.hasSuffix("swift-testing.xml") ? "swift-testing" : "junit" }
            cases += found
        }
        for file in xctestLogs {
            guard let data = fileManager.contents(atPath: file) else { continue }
            let found = XCTestLog.cases(in: String(decoding: data, as: UTF8.self))
            // The same case from XML and log: keep the XML's.
            let known = Set(cases.map { $0.classname + "/" + $0.name })
            let added = found.filter { item in !known.contains { $0.hasSuffix(item.classname + "/" + item.name) } }
            for item in added { libraries[item.classname + "/" + item.name] = "xctest" }
            cases += added
        }
        let modules = Self.qualifiedClasses(testList)
        for index in cases.indices where !cases[index].classname.contains(".") {
            if let qualified = modules[cases[index].classname + "/" + cases[index].name] {
                let old = cases[index].classname + "/" + cases[index].name
                cases[index].classname = qualified
                libraries[qualified + "/" + cases[index].name] = libraries[old]
            }
        }
        var ownTimes: [String: Double] = [:]
        for file in swiftTestingEvents {
            guard let data = fileManager.contents(atPath: file) else { continue }
            ownTimes.merge(SwiftTestingTimeline(eventStream: String(decoding: data, as: UTF8.self)).ownTimes(threads: threads)) { $1 }
        }
        var logs = try recordingDirectory.map(StepLog.readAll(in:)) ?? [:]
        Self.attributeByTime(&logs, to: cases)
        let copier = FileCopier(output: output)
        var tests: [TestReport] = []
        var seen = Set<String>()
        for item in cases {
            let key = logs.keys.first {
                $0.name == item.name && ($0.suite == item.classname || $0.suite.hasSuffix("." + item.classname))
            }
                ?? TestKey(library: libraries[item.classname + "/" + item.name] ?? "junit", suite: item.classname, name: item.name)
            seen.insert(key.id)
            var attempt = Attempt(status: item.status == .flaky ? .passed : item.status, duration: item.time,
                                  failures: item.failures, skipReason: item.skipped.flatMap { $0.isEmpty ? nil : $0 })
            let logged = logs[key] ?? []
            attempt.steps = logged.filter { $0.kind != "attachment" }
            attempt.files = logged.compactMap { $0.kind == "attachment" ? $0.file : nil }
            // Swift Testing's time for a test runs from its start to its end while hundreds of
            // tests share two cores: mostly waiting for a thread. Its steps say when it worked;
            // without steps, its share of the threads while it ran.
            if key.library == "swift-testing" {
                if let span = Self.span(of: attempt.steps) {
                    attempt.duration = span
                } else if let own = ownTimes[SwiftTestingTimeline.key(suite: item.classname, name: item.name)] {
                    attempt.duration = own
                }
            }
            tests.append(TestReport(key: key, attempts: [attempt]))
        }
        // Steps of tests the XML does not name (a harness of your own): their steps decide.
        for (key, steps) in logs where !seen.contains(key.id) {
            let failed = steps.contains { $0.outcome == .failed }
            tests.append(TestReport(key: key, attempts: [Attempt(
                status: failed ? .failed : .passed, duration: steps.reduce(0) { $0 + $1.duration },
                failures: steps.filter { $0.outcome == .failed }.compactMap(\.failure),
                steps: steps.filter { $0.kind != "attachment" },
                files: steps.compactMap { $0.kind == "attachment" ? $0.file : nil })]))
        }
        for index in tests.indices {
            let keepTrace = !retainTraceOnFailureOnly || tests[index].status != .passed
            for attemptIndex in tests[index].attempts.indices {
                var steps = tests[index].attempts[attemptIndex].steps
                for stepIndex in steps.indices {
                    if steps[stepIndex].isTrace && !keepTrace {
                        steps[stepIndex].screenshot = nil
                        steps[stepIndex].tree = nil
                    }
                    let folder = tests[index].key.folderName
                    steps[stepIndex].screenshot = steps[stepIndex].screenshot.flatMap { copier.copy($0, into: folder) }
                    steps[stepIndex].tree = steps[stepIndex].tree.flatMap { copier.copy($0, into: folder) }
                }
                tests[index].attempts[attemptIndex].steps = steps
                tests[index].attempts[attemptIndex].files = tests[index].attempts[attemptIndex].files.compactMap {
                    copier.copy($0, into: tests[index].key.folderName)
                }
            }
        }
        let starts = tests.flatMap { $0.attempts.flatMap { $0.steps.map(\.start) } }
        let ends = tests.flatMap { $0.attempts.flatMap { $0.steps.map { $0.start.addingTimeInterval($0.duration) } } }
        var report = RunReport(title: title, startedAt: starts.min(), sources: [output], tests: tests,
                               shards: shard.map { [$0] })
        let xmlTotal = cases.reduce(0) { $0 + $1.time }
        if let first = starts.min(), let last = ends.max() {
            report.duration = max(last.timeIntervalSince(first), 0)
        } else {
            report.duration = xmlTotal
        }
        if let wallTime, wallTime.isFinite, wallTime >= 0 { report.duration = wallTime }
        try RunFolder.write(report, to: output)
        return report
    }
}

extension RunAssembler {
    /// `Class/testMethod` → `Module.Class` for the ids of `list` that have a module; a name two
    /// modules share is left out (it stays as the log wrote it).
    static func qualifiedClasses(_ list: [String]) -> [String: String] {
        var found: [String: String] = [:]
        var ambiguous = Set<String>()
        for id in list {
            guard let slash = id.firstIndex(of: "/") else { continue }
            let suite = String(id[..<slash])
            guard let dot = suite.lastIndex(of: ".") else { continue }
            let short = String(suite[suite.index(after: dot)...]) + id[slash...]
            if let known = found[short], known != suite { ambiguous.insert(short) }
            found[short] = suite
        }
        for name in ambiguous { found[name] = nil }
        return found
    }

    /// Steps recorded outside any known test (``StepLog/outsideTests``) that started while a
    /// case with a known start was running are that case's: the first XCTest case of a process
    /// is named only when it ends, after its steps were logged.
    static func attributeByTime(_ logs: inout [TestKey: [StepRecord]], to cases: [JUnitDocument.Case]) {
        guard let loose = logs[StepLog.outsideTests], !loose.isEmpty else { return }
        var left: [StepRecord] = []
        for step in loose {
            let owner = cases.first { item in
                guard let started = item.started else { return false }
                return step.start >= started && step.start <= started.addingTimeInterval(item.time)
            }
            guard let owner else {
                left.append(step)
                continue
            }
            let key = logs.keys.first {
                $0.name == owner.name && ($0.suite == owner.classname || $0.suite.hasSuffix("." + owner.classname))
            } ?? TestKey(library: "xctest", suite: owner.classname, name: owner.name)
            logs[key, default: []].append(step)
            logs[key]?.sort { $0.start < $1.start }
        }
        logs[StepLog.outsideTests] = left.isEmpty ? nil : left
    }
}

/// Copies recorded files into a run folder's `files/<test>/`, once each.
struct FileCopier {
    let output: String

    /// The copy's path relative to the run folder, or `nil` when `path` cannot be read.
    func copy(_ path: String, into folder: String) -> String? {
        let source = path.hasPrefix("/") ? path : output + "/" + path
        // Already inside the run folder (a run assembled before): keep it, if it stays inside.
        if !path.hasPrefix("/") {
            return RunFileRules.resolvedInside(path, in: output) != nil ? path : nil
        }
        guard FileManager.default.fileExists(atPath: source) else { return nil }
        let relative = "files/" + folder + "/" + (path as NSString).lastPathComponent
        let target = output + "/" + relative
        try? FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: target) {
            guard (try? FileManager.default.copyItem(atPath: source, toPath: target)) != nil else { return nil }
        }
        return relative
    }
}

extension RunAssembler {
    /// From the first step's start to the last step's end, in seconds; `nil` without steps.
    static func span(of steps: [StepRecord]) -> Double? {
        guard let first = steps.map(\.start).min() else { return nil }
        let last = steps.map { $0.start.addingTimeInterval($0.duration) }.max() ?? first
        return max(0, last.timeIntervalSince(first))
    }
}
