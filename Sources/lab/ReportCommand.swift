import ArgumentParser
import Foundation
import Reports
import Sharding
import StepRecords

/// `lab report`: makes, merges and renders test reports (run folder → `index.html`, `junit.xml`).
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Make the HTML report and JUnit XML of a test run, merge runs, or print where a report is.",
        discussion: """
            A run folder holds run.json (every test, its attempts and steps) and the files it names \
            (screenshots, element trees); index.html and junit.xml are rendered from it.

            lab report [DIR]                         render DIR (default .build/lab-report) again
            lab report --recording R --junit X [--xctest-log L] [--swift-testing-events E] [DIR]
                                                     make DIR from one `swift test` pass: R is its \
            LAB_RUN_DIR (step logs), X its --xunit-output file(s), L its console output, E Swift \
            Testing's event stream
            lab report --merge A --merge B [DIR]     merge run folders (shards, machines, reruns) \
            into DIR; a test that failed in A and passed in B is flaky. Shards (made \
            with --shard-info) must all be there and come from one split.

            LAB_TRACE=retain-on-failure (as the tests ran) keeps per-step screenshots of failing \
            tests only. Prints the report's file:// URL and the counts; exits 0 whatever the tests did.
            """
    )

    @Argument(help: "The run folder to write or render.")
    var directory = ".build/lab-report"

    @Option(help: "A pass's LAB_RUN_DIR (its step logs).")
    var recording: String?

    @Option(help: "A JUnit XML file of the pass (swift test --xunit-output); repeat for XCTest's and Swift Testing's.")
    var junit: [String] = []

    @Option(help: "swift test's console output of the pass, for XCTest's results (SwiftPM writes no XCTest XML without --parallel).")
    var xctestLog: [String] = []

    @Option(help: "Swift Testing's event stream of the pass (--event-stream-output-path, version 0): durations of tests without steps from it.")
    var swiftTestingEvents: [String] = []

    @Option(help: "A run folder to merge; repeat, in order (earlier attempts first).")
    var merge: [String] = []

    @Option(help: "The shard the pass ran: `lab shard --info`'s file (recorded in run.json).")
    var shardInfo: String?

    @Option(help: "`swift test list`'s output: XCTest cases read from the console log get their module from it.")
    var testList: String?

    @Option(help: "The pass's wall-clock seconds (the run's duration; default: the span of its steps).")
    var wallTime: Double?

    @Flag(help: "With --merge: merge the shards there are even if some of the split are missing.")
    var allowMissingShards = false

    @Option(help: "The report's title.")
    var title = "Test run"

    @Flag(help: "Print a --filter regular expression matching the failed tests of DIR, and nothing else.")
    var listFailed = false

    func validate() throws {
        if !merge.isEmpty && (recording != nil || !junit.isEmpty || shardInfo != nil) {
            throw ValidationError("--merge cannot be combined with --recording, --junit or --shard-info")
        }
    }

    func run() throws {
        if listFailed {
            let failed = try RunFolder.read(directory).tests.filter { $0.status == .failed }
            // Not anchored: Swift Testing's IDs go on with the source location, and XCTest's
            // results (read from the log) have no module before the class.
            print(failed.map { NSRegularExpression.escapedPattern(for: $0.key.suite) + "/"
                + NSRegularExpression.escapedPattern(for: $0.key.name) }.joined(separator: "|"))
            return
        }
        if !merge.isEmpty {
            do {
                try RunFolder.merge(merge, into: directory, title: title, allowMissingShards: allowMissingShards)
            } catch let error as ShardMergeError {
                throw CommandError(error.description)
            }
        } else if recording != nil || !junit.isEmpty || !xctestLog.isEmpty || shardInfo != nil || !swiftTestingEvents.isEmpty {
            let retain = ProcessInfo.processInfo.environment["LAB_TRACE"] == "retain-on-failure"
            var assembler = RunAssembler(junitFiles: junit, xctestLogs: xctestLog, recordingDirectory: recording,
                                         retainTraceOnFailureOnly: retain, title: title)
            assembler.wallTime = wallTime
            assembler.swiftTestingEvents = swiftTestingEvents
            if let testList {
                guard let data = FileManager.default.contents(atPath: testList) else {
                    throw CommandError("cannot read the test list \(testList)")
                }
                assembler.testList = TestList.ids(in: String(decoding: data, as: UTF8.self))
            }
            if let shardInfo {
                let selection = try ShardSelection.read(from: shardInfo)
                assembler.shard = ShardRecord(index: selection.shard.index, count: selection.shard.count,
                                              plan: selection.plan, plannedTests: selection.tests.count)
            }
            try assembler.assemble(into: directory)
        }
        let output = try ReportWriter.render(directory)
        let summary = output.report.summary
        print("report: \(URL(fileURLWithPath: output.html).absoluteString)")
        print("junit:  \(output.junit)")
        print("\(summary.total) tests: \(summary.passed) passed, \(summary.failed) failed, \(summary.flaky) flaky, \(summary.skipped) skipped")
        for shard in output.report.shards ?? [] {
            let ran = shard.tests.map { "\($0) tests reported" } ?? "not merged yet"
            let took = shard.duration.map { String(format: ", %.1f s", $0) } ?? ""
            print("shard \(shard.name): \(shard.plannedTests) tests planned, \(ran)\(took)")
        }
    }
}
