public import Foundation
import StepRecords

/// Why a run file cannot be used: `lab report` treats `run.json` (a shard's, a machine's, one
/// edited by hand) as hostile input and refuses it with one of these, naming the field.
public enum RunFileError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read, or is not a run file (bad JSON, wrong types).
    case malformed(file: String, reason: String)
    /// A file path that is not a plain relative path inside the run folder (absolute, with a
    /// `..` or `.` component, a URL scheme, a backslash or a control character).
    case unsafePath(field: String, path: String)
    /// A number out of its range (a duration that is negative or over ``RunFileRules/maximumSeconds``,
    /// a shard index outside 1…count).
    case invalidNumber(field: String, value: String)

    public var description: String {
        switch self {
        case .malformed(let file, let reason):
            "\(file) is not a run file: \(reason)"
        case .unsafePath(let field, let path):
            "\(field): \(String(reflecting: path)) is not a relative path inside the run folder; "
                + "run files name their files as `files/…` (no absolute paths, no `..`, no URL schemes)"
        case .invalidNumber(let field, let value):
            "\(field): \(value) is out of range"
        }
    }
}

/// The rules a run file's contents must follow, in one place: which paths may be read or linked
/// (``isContained(_:)``, ``contents(of:in:)``) and which numbers are sane (``validate(_:)``).
public enum RunFileRules {
    /// The longest duration a run file may hold: 30 days, in seconds.
    public static let maximumSeconds: Double = 30 * 24 * 3600

    /// The most shards a run may be split into.
    public static let maximumShards = 10_000

    /// Whether `path` is a plain relative path that stays inside the run folder: not empty, not
    /// absolute, no empty, `.` or `..` component, no `:` in its first component (no URL
    /// scheme such as `javascript:` or `file:`), no backslash, no control character.
    public static func isContained(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), path.utf8.count <= 4096 else { return false }
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }) { return false }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        if components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) { return false }
        if let first = components.first, first.contains(":") { return false }
        return true
    }

    /// The bytes of the run folder's file `path`, or `nil` when the path breaks
    /// ``isContained(_:)``, the file is missing, or it resolves (through symbolic links)
    /// outside `folder`.
    public static func contents(of path: String, in folder: String) -> Data? {
        guard let resolved = resolvedInside(path, in: folder) else { return nil }
        return FileManager.default.contents(atPath: resolved)
    }

    /// The file's real path when `path` is contained and, symbolic links resolved, inside `folder`.
    static func resolvedInside(_ path: String, in folder: String) -> String? {
        guard isContained(path) else { return nil }
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        let file = URL(fileURLWithPath: folder + "/" + path).resolvingSymlinksInPath().path
        guard file.hasPrefix(root.hasSuffix("/") ? root : root + "/") else { return nil }
        return file
    }

    /// Whether `seconds` is a duration a run file may hold: finite, 0…``maximumSeconds``.
    public static func isValidDuration(_ seconds: Double) -> Bool {
        seconds.isFinite && seconds >= 0 && seconds <= maximumSeconds
    }

    /// Checks every path and number of `report`; throws the first problem found.
    public static func validate(_ report: RunReport) throws(RunFileError) {
        try duration(report.duration, "duration")
        if let started = report.startedAt, !started.timeIntervalSince1970.isFinite || abs(started.timeIntervalSince1970) > 1e11 {
            throw .invalidNumber(field: "startedAt", value: "\(started.timeIntervalSince1970)")
        }
        for (s, shard) in (report.shards ?? []).enumerated() {
            let field = "shards[\(s)]"
            guard shard.count >= 1, shard.count <= maximumShards else { throw .invalidNumber(field: field + ".count", value: "\(shard.count)") }
            guard shard.index >= 1, shard.index <= shard.count else { throw .invalidNumber(field: field + ".index", value: "\(shard.index)") }
            guard shard.plannedTests >= 0 else { throw .invalidNumber(field: field + ".plannedTests", value: "\(shard.plannedTests)") }
            if let tests = shard.tests, tests < 0 { throw .invalidNumber(field: field + ".tests", value: "\(tests)") }
            if let seconds = shard.duration { try duration(seconds, field + ".duration") }
        }
        for (t, test) in report.tests.enumerated() {
            for (a, attempt) in test.attempts.enumerated() {
                let field = "tests[\(t)].attempts[\(a)]"
                try duration(attempt.duration, field + ".duration")
                for (f, file) in attempt.files.enumerated() { try contained(file, field + ".files[\(f)]") }
                for (s, step) in attempt.steps.enumerated() {
                    let stepField = field + ".steps[\(s)]"
                    try duration(step.duration, stepField + ".duration")
                    if !step.start.timeIntervalSince1970.isFinite || abs(step.start.timeIntervalSince1970) > 1e11 {
                        throw .invalidNumber(field: stepField + ".start", value: "\(step.start.timeIntervalSince1970)")
                    }
                    if let path = step.screenshot { try contained(path, stepField + ".screenshot") }
                    if let path = step.tree { try contained(path, stepField + ".tree") }
                    if let path = step.file { try contained(path, stepField + ".file") }
                }
            }
        }
    }

    private static func duration(_ seconds: Double, _ field: String) throws(RunFileError) {
        guard isValidDuration(seconds) else { throw .invalidNumber(field: field, value: "\(seconds)") }
    }

    private static func contained(_ path: String, _ field: String) throws(RunFileError) {
        guard isContained(path) else { throw .unsafePath(field: field, path: path) }
    }
}
