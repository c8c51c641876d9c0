import Foundation
import StepRecords

/// One shard of a sharded run (`scripts/test --shard i/n`): which it was, the split it came
/// from, and — once merged — how long it ran and how many tests it reported.
public struct ShardRecord: Codable, Sendable, Equatable {
    /// 1 through ``count``.
    public var index: Int
    /// How many shards the run was split into.
    public var count: Int
    /// The split's fingerprint (`lab shard`): every shard of one run has the same one.
    public var plan: String
    /// The tests the split gave this shard.
    public var plannedTests: Int
    /// The shard's wall-clock seconds (its passes', added up); set when merged.
    public var duration: Double?
    /// How many tests it reported; set when merged.
    public var tests: Int?

    /// A shard as planned.
    public init(index: Int, count: Int, plan: String, plannedTests: Int, duration: Double? = nil, tests: Int? = nil) {
        self.index = index
        self.count = count
        self.plan = plan
        self.plannedTests = plannedTests
        self.duration = duration
        self.tests = tests
    }

    /// `i/n`.
    public var name: String { "\(index)/\(count)" }
}

/// Why run folders of shards cannot be merged into one run.
public enum ShardMergeError: Error, Equatable, CustomStringConvertible {
    /// Some inputs are shards and some are not: they cannot be the parts of one run.
    case mixed(sharded: [String], unsharded: [String])
    /// The shards were split differently (another test list, other durations, another n):
    /// some tests would be in none of them or in two.
    case differentSplits([String])
    /// Shards of the split are not among the inputs (their tests would be missing).
    case missing([String])
    /// A test reported by two different shards (a split keeps every test in one).
    case testInSeveralShards(test: String, shards: [String])

    public var description: String {
        switch self {
        case .mixed(let sharded, let unsharded):
            "cannot merge shards (\(sharded.joined(separator: ", "))) with runs that are not shards (\(unsharded.joined(separator: ", ")))"
        case .differentSplits(let shards):
            "the shards come from different splits (another test list, durations or shard count): \(shards.joined(separator: ", ")); "
                + "give every shard the same LAB_SHARD_DURATIONS"
        case .missing(let shards):
            "shard\(shards.count == 1 ? "" : "s") \(shards.joined(separator: ", ")) missing: the merged run would lack \(shards.count == 1 ? "its" : "their") tests "
                + "(--allow-missing-shards merges what there is)"
        case .testInSeveralShards(let test, let shards):
            "\(test) was reported by shards \(shards.joined(separator: " and ")): a split runs every test in one shard"
        }
    }
}

extension RunReport {
    /// Checks that `reports` (with their names, for messages) can merge as parts of one run:
    /// all shards or none; one split; every shard of it present (unless `allowMissing`);
    /// no test in two shards. Several reports of the same shard are passes of it (reruns).
    public static func checkShards(_ reports: [RunReport], names: [String], allowMissing: Bool = false) throws(ShardMergeError) {
        let sharded = reports.indices.filter { !(reports[$0].shards ?? []).isEmpty }
        guard !sharded.isEmpty else { return }
        let unsharded = reports.indices.filter { (reports[$0].shards ?? []).isEmpty }
        guard unsharded.isEmpty else {
            throw .mixed(sharded: sharded.map { names[$0] }, unsharded: unsharded.map { names[$0] })
        }
        let records = reports.flatMap { $0.shards ?? [] }
        let splits = Set(records.map { "\($0.plan)/\($0.count)" })
        guard splits.count == 1, let count = records.first?.count else {
            throw .differentSplits(records.map { "\($0.name) (split \($0.plan))" }.sorted())
        }
        let present = Set(records.map(\.index))
        let absent = (1...count).filter { !present.contains($0) }
        if !absent.isEmpty && !allowMissing { throw .missing(absent.map { "\($0)/\(count)" }) }
        for test in merged(reports).tests {
            let shards = Set(test.attempts.compactMap(\.shard)).sorted()
            if shards.count > 1 { throw .testInSeveralShards(test: test.key.id, shards: shards) }
        }
    }
}
