import Foundation
import StepRecords

/// A run folder on disk: `run.json` (a ``RunReport``) and the files it names, relative to the
/// folder. Reading, writing, and merging several into one.
public enum RunFolder {
    /// The run file's name inside a run folder.
    public static let runFileName = "run.json"

    /// Writes `report` as `folder/run.json` (pretty, keys sorted, dates ISO 8601).
    public static func write(_ report: RunReport, to folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        try encoder.encode(report).write(to: URL(fileURLWithPath: folder + "/" + runFileName))
    }

    /// Reads `folder/run.json`.
    public static func read(_ folder: String) throws(RunFileError) -> RunReport {
        try readFile(folder + "/" + runFileName)
    }

    /// Reads a run file wherever it is and whatever its name (a copy kept as a durations file).
    /// The file is hostile input: it throws ``RunFileError`` when it is not a run file, names a
    /// path outside its folder or holds a number out of range (``RunFileRules/validate(_:)``).
    public static func readFile(_ path: String) throws(RunFileError) -> RunReport {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .malformed(file: path, reason: "cannot be read (\(error.localizedDescription))")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let report: RunReport
        do {
            report = try decoder.decode(RunReport.self, from: data)
        } catch let error as DecodingError {
            throw .malformed(file: path, reason: describe(error))
        } catch {
            throw .malformed(file: path, reason: "\(error)")
        }
        try RunFileRules.validate(report)
        return report
    }

    private static func describe(_ error: DecodingError) -> String {
        func at(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            return (path.isEmpty ? "" : String(path.drop { $0 == "." }) + ": ") + context.debugDescription
        }
        switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            return at(context)
        @unknown default:
            return "\(error)"
        }
    }

    /// Merges the run folders `inputs` (shards, machines, or reruns of failed tests, in the
    /// order given) into the run folder `output`: each input's files are copied under
    /// `output/runs/<n>/`, and a test found in several inputs gets one attempt per input, so a
    /// test that failed and then passed is flaky. Returns the merged report.
    ///
    /// Shards (runs with ``RunReport/shards``) must be the parts of one split: it throws a
    /// ``ShardMergeError`` (before writing anything) for shards mixed with unsharded runs,
    /// shards of different splits, a shard of the split missing (unless `allowMissingShards`)
    /// or a test reported by two shards.
    @discardableResult
    public static func merge(_ inputs: [String], into output: String, title: String? = nil,
                             allowMissingShards: Bool = false) throws -> RunReport {
        let read = try inputs.map(read)
        try RunReport.checkShards(read, names: inputs, allowMissing: allowMissingShards)
        var reports: [RunReport] = []
        for (index, input) in inputs.enumerated() {
            var report = read[index]
            let prefix = "runs/\(index + 1)/"
            try copyFiles(of: report, from: input, to: output + "/" + prefix)
            report.rebase(prefix: prefix)
            reports.append(report)
        }
        let merged = RunReport.merged(reports, title: title)
        try write(merged, to: output)
        return merged
    }

    /// Copies the files `report` names, as bytes: only files inside `input` (symbolic links
    /// resolved) are read, and a link is never copied as a link.
    private static func copyFiles(of report: RunReport, from input: String, to output: String) throws {
        for path in report.allFiles where RunFileRules.isContained(path) {
            let target = output + path
            if FileManager.default.fileExists(atPath: target) { continue }
            guard let data = RunFileRules.contents(of: path, in: input) else { continue }
            try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: target))
        }
    }
}

extension RunReport {
    /// Merges runs: tests keep the order they first appear in; a test in several runs gets
    /// their attempts in order. Counts, start and sources are combined; the duration is the
    /// longest run's (shards run side by side). Attempts of a shard's run are marked with the
    /// shard; the shards are listed once each, with the wall time of their runs added up (a
    /// shard's rerun pass follows its first) and the tests they reported.
    public static func merged(_ reports: [RunReport], title: String? = nil) -> RunReport {
        var order: [String] = []
        var byID: [String: TestReport] = [:]
        var shards: [ShardRecord] = []
        for (index, report) in reports.enumerated() {
            let ownShard = report.shards?.count == 1 ? report.shards?.first : nil
            for record in report.shards ?? [] {
                let duration = record.duration ?? (ownShard != nil ? report.duration : 0)
                if let known = shards.firstIndex(where: { $0.index == record.index && $0.count == record.count && $0.plan == record.plan }) {
                    shards[known].duration = (shards[known].duration ?? 0) + duration
                } else {
                    var record = record
                    record.duration = duration
                    shards.append(record)
                }
            }
            for test in report.tests {
                let attempts = test.attempts.map { attempt -> Attempt in
                    var attempt = attempt
                    attempt.source = attempt.source ?? report.sources.first ?? "run \(index + 1)"
                    attempt.shard = attempt.shard ?? ownShard?.name
                    return attempt
                }
                if byID[test.key.id] == nil {
                    order.append(test.key.id)
                    byID[test.key.id] = TestReport(key: test.key, attempts: attempts)
                } else {
                    byID[test.key.id]?.attempts += attempts
                }
            }
        }
        let tests = order.compactMap { byID[$0] }
        shards.sort { ($0.count, $0.index, $0.plan) < ($1.count, $1.index, $1.plan) }
        for index in shards.indices {
            let name = shards[index].name
            shards[index].tests = tests.filter { $0.attempts.contains { $0.shard == name } }.count
        }
        return RunReport(
            title: title ?? reports.first?.title ?? "Test run",
            startedAt: reports.compactMap(\.startedAt).min(),
            duration: reports.map(\.duration).max() ?? 0,
            sources: reports.flatMap(\.sources),
            tests: tests,
            shards: shards.isEmpty ? nil : shards)
    }

    /// Every file the report names, relative to its folder.
    var allFiles: [String] {
        tests.flatMap { test in
            test.attempts.flatMap { attempt in attempt.files + attempt.steps.flatMap { [$0.screenshot, $0.tree].compactMap { $0 } } }
        }
    }

    /// Puts `prefix` before every relative file path.
    mutating func rebase(prefix: String) {
        for t in tests.indices {
            for a in tests[t].attempts.indices {
                tests[t].attempts[a].files = tests[t].attempts[a].files.map { prefix + $0 }
                for s in tests[t].attempts[a].steps.indices {
                    tests[t].attempts[a].steps[s].screenshot = tests[t].attempts[a].steps[s].screenshot.map { prefix + $0 }
                    tests[t].attempts[a].steps[s].tree = tests[t].attempts[a].steps[s].tree.map { prefix + $0 }
                }
            }
        }
    }
}
