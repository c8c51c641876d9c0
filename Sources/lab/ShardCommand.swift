import ArgumentParser
import Foundation
import Reports
import Sharding
import StepRecords

/// `lab shard`: which tests one shard of a split run runs (`scripts/test --shard i/n`).
struct ShardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shard",
        abstract: "Split a test list into n balanced shards and print the --filter of one of them.",
        discussion: """
            lab shard i/n --tests LIST [--durations RUN] [--filter REGEX]... [--info FILE]

            LIST is `swift test list`'s output. Tests are assigned by top-level suite (an XCTest \
            class, a Swift Testing suite with its nested suites, a module's free functions), \
            heaviest first, each to the shard with the least time so far; weighed by the \
            durations in RUN (a run.json or a run folder, e.g. a previous merged report) when it \
            has any, else by number of tests. The same LIST, RUN and n give the same split on any \
            machine. --filter (repeatable, as swift test's) shards only the tests it selects.

            Prints the `swift test --filter` regular expression of shard i (nothing for a shard \
            with no tests) and, on standard error, what the shard holds. --info writes the shard \
            (its tests and the split's fingerprint) for `lab report --shard-info`.

            lab shard i/n --name       checks i/n and prints `shard-i-of-n` (a folder name)
            """
    )

    @Argument(help: "Which shard, i/n: the i-th of n (1-based).")
    var shard: String

    @Option(help: "The test list: `swift test list`'s output, one test id a line.")
    var tests: String?

    @Option(help: "Recorded durations: a run.json, or a run folder holding one.")
    var durations: String?

    @Option(help: "Shard only the tests this regular expression selects (as swift test --filter); repeat for more.")
    var filter: [String] = []

    @Option(help: "Write the shard (its tests, weight and the split's fingerprint) to this JSON file.")
    var info: String?

    @Flag(help: "Check i/n and print the shard's folder name (shard-i-of-n), nothing else.")
    var name = false

    func run() throws {
        let spec: ShardSpec
        do {
            spec = try ShardSpec(parsing: shard)
        } catch {
            throw CommandError(error.description)
        }
        if name {
            print("shard-\(spec.index)-of-\(spec.count)")
            return
        }
        guard let tests else { throw CommandError("--tests LIST is needed (swift test list > LIST)") }
        guard let data = FileManager.default.contents(atPath: tests) else {
            throw CommandError("cannot read the test list \(tests)")
        }
        let listed = TestList.ids(in: String(decoding: data, as: UTF8.self))
        guard !listed.isEmpty else { throw CommandError("the test list \(tests) names no tests") }
        var selected = listed
        if !filter.isEmpty {
            let expressions = try filter.map { pattern in
                do { return try NSRegularExpression(pattern: pattern) } catch {
                    throw CommandError("--filter \(pattern) is not a regular expression")
                }
            }
            selected = listed.filter { id in
                expressions.contains { $0.firstMatch(in: id, range: NSRange(id.startIndex..., in: id)) != nil }
            }
        }
        var recorded = TestDurations()
        if let durations {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: durations, isDirectory: &isFolder)
            let report: RunReport
            do { report = try isFolder.boolValue ? RunFolder.read(durations) : RunFolder.readFile(durations) } catch {
                throw CommandError("cannot read recorded durations from \(durations): \(error)")
            }
            recorded = TestDurations(report.tests.filter { $0.status != .skipped }.map { ($0.key.id, $0.duration) })
        }
        let plan = ShardPlan(tests: selected, count: spec.count, durations: recorded, listed: listed)
        let units = plan.units(in: spec.index)
        let shardTests = plan.tests(in: spec.index)
        let total = plan.allUnits.reduce(0) { $0 + $1.weight }
        let weight = plan.weight(of: spec.index)
        let basis: String
        switch plan.basis {
        case .durations(let measured):
            basis = String(format: "~%.1f s of ~%.1f s, balanced by the recorded durations of %d of %d tests in ",
                           weight, total, measured, selected.count) + (durations ?? "")
        case .count:
            basis = "balanced by number of tests: no recorded durations"
        }
        if shardTests.isEmpty {
            FileHandle.standardError.write(Data(("shard \(spec): no tests — \(plan.allUnits.count) suites split \(spec.count) ways leave this shard none\n").utf8))
        } else {
            FileHandle.standardError.write(Data(("shard \(spec): \(units.count) of \(plan.allUnits.count) suites, \(shardTests.count) of \(selected.count) tests (\(basis)); split \(plan.fingerprint)\n").utf8))
        }
        if let info {
            let selection = ShardSelection(shard: spec, plan: plan.fingerprint, suites: units.map(\.id), tests: shardTests,
                                           weight: weight, byDurations: plan.basis != .count)
            try selection.write(to: info)
        }
        if let expression = plan.filter(for: spec.index) { print(expression) }
    }
}

/// Bad input a command found (a shard that does not exist, shards that cannot merge): printed as
/// `Error: …` without the usage text, exit status 1.
struct CommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
