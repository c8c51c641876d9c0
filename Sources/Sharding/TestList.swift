import Foundation

/// `swift test list`'s output read as test ids.
public enum TestList {
    /// The test ids in `output`, in order: lines whose part before the first `/` is a module
    /// or type path (`Module.Suite/…`, `Module/…`). Build progress (`[1/3] Compiling…`),
    /// warnings and blank lines are not ids.
    public static func ids(in output: String) -> [String] {
        output.split(whereSeparator: \.isNewline).compactMap { rawLine in
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            guard let slash = line.firstIndex(of: "/"), slash != line.startIndex else { return nil }
            let head = line[..<slash]
            guard let first = head.first, first.isLetter || first == "_",
                head.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
            else { return nil }
            return line
        }
    }
}

/// One shard as `lab shard --info` writes it for `lab report --shard-info`: which shard, the
/// split's fingerprint, its suites and tests, and its weight.
public struct ShardSelection: Codable, Sendable, Equatable {
    /// Which shard.
    public var shard: ShardSpec
    /// ``ShardPlan/fingerprint`` of the split.
    public var plan: String
    /// Its top-level suites.
    public var suites: [String]
    /// Its tests (ids as listed).
    public var tests: [String]
    /// Its weight: seconds, or tests when ``byDurations`` is false.
    public var weight: Double
    /// Balanced by recorded durations (else by number of tests).
    public var byDurations: Bool

    /// A shard's selection.
    public init(shard: ShardSpec, plan: String, suites: [String], tests: [String], weight: Double, byDurations: Bool) {
        self.shard = shard
        self.plan = plan
        self.suites = suites
        self.tests = tests
        self.weight = weight
        self.byDurations = byDurations
    }

    /// Writes it as JSON to `path`.
    public func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path))
    }

    /// Reads one from `path`.
    public static func read(from path: String) throws -> ShardSelection {
        try JSONDecoder().decode(ShardSelection.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
