import Foundation
import Reports
import StepRecords
import Testing

/// Merging the run folders of a sharded run: every test keeps its shard, counts and times add
/// up, and shards that cannot be the parts of one run are refused with a reason.
@Suite struct ShardMergeTests {
    static func shard(_ index: Int, of count: Int = 3, plan: String = "split-a", planned: Int) -> [ShardRecord] {
        [ShardRecord(index: index, count: count, plan: plan, plannedTests: planned)]
    }

    static func run(_ tests: [(String, TestStatus)], duration: Double, shards: [ShardRecord]?) -> RunReport {
        RunReport(title: "shard", duration: duration, sources: ["pass"], tests: tests.map { name, status in
            TestReport(key: SampleRuns.key(name), attempts: [Attempt(status: status, duration: 1, failures: status == .failed ? ["boom"] : [])])
        }, shards: shards)
    }

    /// Writes the runs as folders under a new temporary root; returns the folders.
    static func folders(_ runs: [RunReport]) throws -> (root: String, folders: [String]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shards-\(UUID().uuidString)").path
        var folders: [String] = []
        for (index, run) in runs.enumerated() {
            folders.append(root + "/shard\(index + 1)")
            try RunFolder.write(run, to: folders[index])
        }
        return (root, folders)
    }

    @Test func mergedShardsKeepEveryTestsShardAndAddUp() throws {
        let one = Self.run([("a()", .passed), ("b()", .failed)], duration: 20, shards: Self.shard(1, planned: 2))
        let two = Self.run([("c()", .passed), ("d()", .skipped), ("e()", .passed)], duration: 25, shards: Self.shard(2, planned: 3))
        let three = Self.run([], duration: 0, shards: Self.shard(3, planned: 0))  // more shards than suites
        let (root, folders) = try Self.folders([one, two, three])
        defer { try? FileManager.default.removeItem(atPath: root) }

        let merged = try RunFolder.merge(folders, into: root + "/merged")
        var expected = RunReport.Summary()
        expected.passed = 3
        expected.failed = 1
        expected.skipped = 1
        #expect(merged.summary == expected)
        #expect(merged.summary.total == one.summary.total + two.summary.total + three.summary.total)
        #expect(merged.tests.map(\.key.name) == ["a()", "b()", "c()", "d()", "e()"])
        #expect(merged.tests.map { $0.attempts.map(\.shard) } == [["1/3"], ["1/3"], ["2/3"], ["2/3"], ["2/3"]])
        #expect(merged.duration == 25, "shards run side by side: the longest one")
        let shards = try #require(merged.shards)
        #expect(shards.map(\.name) == ["1/3", "2/3", "3/3"])
        #expect(shards.map(\.tests) == [2, 3, 0])
        #expect(shards.map(\.duration) == [20, 25, 0])
        #expect(try RunFolder.read(root + "/merged") == merged)
        // A run file kept under another name (a committed durations file) reads the same.
        try FileManager.default.copyItem(atPath: root + "/merged/run.json", toPath: root + "/durations.json")
        #expect(try RunFolder.readFile(root + "/durations.json") == merged)
        // Merging merged shards again changes nothing about them.
        let again = try RunFolder.merge([root + "/merged"], into: root + "/again")
        #expect(again.shards == merged.shards)
        #expect(again.tests.map { $0.attempts.map(\.shard) } == merged.tests.map { $0.attempts.map(\.shard) })
        let page = HTMLRenderer(runFolder: root + "/merged").render(merged)
        #expect(page.contains("3 of 3 shards: 1/3: 2 tests in 20.0 s"), "\(page.prefix(2_000))")
        #expect(page.contains("data-testid=\"shard\">shard 2/3</span>"))
    }

    @Test func aShardsRerunIsTheSameShardAndItsTimeAdds() throws {
        let first = Self.run([("a()", .failed), ("b()", .passed)], duration: 30, shards: Self.shard(2, of: 2, planned: 2))
        let rerun = Self.run([("a()", .passed)], duration: 4, shards: Self.shard(2, of: 2, planned: 2))
        let (root, folders) = try Self.folders([first, rerun])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let merged = try RunFolder.merge(folders, into: root + "/merged", allowMissingShards: true)
        #expect(merged.tests.map(\.status) == [.flaky, .passed])
        #expect(merged.shards?.map(\.duration) == [34])
        #expect(merged.shards?.map(\.tests) == [2])
    }

    @Test func shardsThatAreNotOneSplitAreRefused() throws {
        let one = Self.run([("a()", .passed)], duration: 1, shards: Self.shard(1, of: 2, planned: 1))
        let two = Self.run([("b()", .passed)], duration: 1, shards: Self.shard(2, of: 2, planned: 1))
        let otherSplit = Self.run([("b()", .passed)], duration: 1, shards: Self.shard(2, of: 2, plan: "split-b", planned: 1))
        let unsharded = Self.run([("b()", .passed)], duration: 1, shards: nil)
        let twice = Self.run([("a()", .passed)], duration: 1, shards: Self.shard(2, of: 2, planned: 1))
        let (root, folders) = try Self.folders([one, two, otherSplit, unsharded, twice])
        defer { try? FileManager.default.removeItem(atPath: root) }

        #expect(throws: ShardMergeError.differentSplits(["1/2 (split split-a)", "2/2 (split split-b)"])) {
            try RunFolder.merge([folders[0], folders[2]], into: root + "/m")
        }
        #expect(throws: ShardMergeError.mixed(sharded: [folders[0]], unsharded: [folders[3]])) {
            try RunFolder.merge([folders[0], folders[3]], into: root + "/m")
        }
        #expect(throws: ShardMergeError.missing(["2/2"])) { try RunFolder.merge([folders[0]], into: root + "/m") }
        #expect(throws: ShardMergeError.testInSeveralShards(test: "AppTests.Checkout/a()", shards: ["1/2", "2/2"])) {
            try RunFolder.merge([folders[0], folders[4]], into: root + "/m")
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/m"), "nothing is written when the shards are refused")
        #expect(try RunFolder.merge([folders[0]], into: root + "/m", allowMissingShards: true).summary.total == 1)
        #expect(try RunFolder.merge([folders[0], folders[1]], into: root + "/both").summary.passed == 2)
        #expect(ShardMergeError.missing(["2/2"]).description.contains("shard 2/2 missing"))
    }
}
