import Foundation

/// A list of tests split into shards by suite: deterministic (the same tests, durations and
/// shard count give the same split, whatever order the list came in, on any machine) and
/// balanced (longest suites first, each to the shard with the least time so far: no shard
/// ends more than one suite's time after another).
///
/// The unit of assignment is the top-level suite — an XCTest class, a Swift Testing suite type
/// with its nested suites, or a module's free-standing test functions together — never a
/// single test: a suite's tests may share setup (a server started once, a `.serialized`
/// order) and stay in one process, as they would in an unsharded run.
public struct ShardPlan: Sendable, Equatable {
    /// One unit of assignment: a top-level suite and its tests.
    public struct Unit: Sendable, Equatable {
        /// `Module.Suite`, or `Module` for a module's free-standing functions.
        public let id: String
        /// Its tests as `swift test list` names them, sorted.
        public let tests: [String]
        /// Its weight: the recorded seconds of its tests (a test without a record counts as
        /// the median recorded test), or its number of tests when nothing was recorded.
        public let weight: Double
        /// How many of its tests had a recorded duration.
        public let measured: Int
        /// All the suite's listed tests are in it (not cut by a filter): the shard's filter can
        /// name the suite instead of each test.
        public let whole: Bool
    }

    /// How the units were weighed.
    public enum Basis: Sendable, Equatable {
        /// By recorded durations (`measured` of the tests had one; the rest count as the median).
        case durations(measured: Int)
        /// By number of tests (no durations, or none of these tests recorded).
        case count
    }

    /// How many shards.
    public let count: Int
    /// Per shard (index 0 is shard 1), its units in the order they were assigned.
    public let shards: [[Unit]]
    /// How the units were weighed.
    public let basis: Basis

    /// Splits `tests` (ids as `swift test list` prints them: `Module.Suite/test()`,
    /// `Module.Class/testMethod`, `Module/freeFunction()`) into `count` shards, weighed by
    /// `durations` when it knows any of them. Duplicate ids count once. `listed`, when `tests`
    /// is a selection from a longer list, is that list: a suite only partly selected is then
    /// filtered test by test (``filter(for:)``).
    public init(tests: [String], count: Int, durations: TestDurations = TestDurations(), listed: [String]? = nil) {
        precondition(count >= 1, "at least one shard")
        let unique = Set(tests)
        var byUnit: [String: [String]] = [:]
        for test in unique { byUnit[Self.unitID(of: test), default: []].append(test) }
        var listedPerUnit: [String: Int] = [:]
        for test in Set(listed ?? []) { listedPerUnit[Self.unitID(of: test), default: 0] += 1 }
        let known = unique.compactMap { durations.seconds(of: $0) }
        let byDuration = !known.isEmpty
        let estimate = Self.median(known) ?? 1
        var units: [Unit] = []
        var measuredTotal = 0
        for (id, members) in byUnit {
            let sorted = members.sorted(by: Self.precedes)
            var weight = 0.0
            var measured = 0
            for test in sorted {
                if !byDuration {
                    weight += 1
                } else if let seconds = durations.seconds(of: test) {
                    weight += seconds
                    measured += 1
                } else {
                    weight += estimate
                }
            }
            measuredTotal += measured
            let whole = listed == nil || (listedPerUnit[id] ?? 0) <= sorted.count
            units.append(Unit(id: id, tests: sorted, weight: weight, measured: measured, whole: whole))
        }
        // Heaviest first; equal weights by id (byte order: the same on every machine and locale).
        units.sort { $0.weight != $1.weight ? $0.weight > $1.weight : Self.precedes($0.id, $1.id) }
        var shards = Array(repeating: [Unit](), count: count)
        var loads = Array(repeating: 0.0, count: count)
        for unit in units {
            // The least loaded shard; ties go to the one with fewer units, then the lower index.
            var best = 0
            for candidate in 1..<count where (loads[candidate], shards[candidate].count) < (loads[best], shards[best].count) {
                best = candidate
            }
            shards[best].append(unit)
            loads[best] += unit.weight
        }
        self.count = count
        self.shards = shards
        self.basis = byDuration ? .durations(measured: measuredTotal) : .count
    }

    /// The unit a test belongs to: its id up to the first `/` (`Module.Suite`, or `Module`
    /// for a free-standing function).
    public static func unitID(of test: String) -> String {
        test.firstIndex(of: "/").map { String(test[..<$0]) } ?? test
    }

    /// The units of shard `shard` (1-based), in the order they were assigned.
    public func units(in shard: Int) -> [Unit] { shards[shard - 1] }

    /// The tests of shard `shard` (1-based), sorted.
    public func tests(in shard: Int) -> [String] {
        shards[shard - 1].flatMap(\.tests).sorted(by: Self.precedes)
    }

    /// The weight of shard `shard` (1-based): seconds, or tests when balanced by count.
    public func weight(of shard: Int) -> Double { shards[shard - 1].reduce(0) { $0 + $1.weight } }

    /// All units, in every shard.
    public var allUnits: [Unit] { shards.flatMap { $0 } }

    /// A `swift test --filter` regular expression that selects exactly shard `shard`'s tests
    /// in both XCTest and Swift Testing: `^(?:Module\.Suite/|…)` names whole suites, and a
    /// suite a filter cut is named test by test (`Module\.Suite/test\(\)(?:/|$)`: Swift
    /// Testing's ids go on with the source location). `nil` for a shard with no tests (no
    /// filter would select nothing).
    public func filter(for shard: Int) -> String? {
        var alternatives: [String] = []
        for unit in shards[shard - 1].sorted(by: { Self.precedes($0.id, $1.id) }) {
            if unit.whole {
                alternatives.append(Self.escape(unit.id) + "/")
            } else {
                alternatives += unit.tests.map { Self.escape($0) + "(?:/|$)" }
            }
        }
        guard !alternatives.isEmpty else { return nil }
        return "^(?:" + alternatives.joined(separator: "|") + ")"
    }

    /// A short fingerprint of the whole split (shard count and which unit went where): shards
    /// planned from the same inputs have the same one, so a merge can tell shards planned
    /// from different test lists or durations apart.
    public var fingerprint: String {
        var text = "\(count)\n"
        for (index, shard) in shards.enumerated() {
            text += "\(index + 1):" + shard.map(\.id).sorted(by: Self.precedes).joined(separator: ",") + "\n"
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Escapes the characters regular expressions treat specially (ICU's, used by SwiftPM for
    /// XCTest, and Swift's `Regex`, used by Swift Testing, read `\` before them the same way).
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\^$.|?*+()[]{}".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// Byte order of the UTF-8 forms: independent of locale and of Unicode normalisation tables.
    static func precedes(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}

/// Recorded test durations (seconds), looked up by the ids `swift test list` prints. Built from
/// the ids a run file uses (`suite/name`, JUnit's classname and name): Swift Testing's nested
/// suites and XCTest's classes read from the console log (no module) are found too.
public struct TestDurations: Sendable, Equatable {
    private var byName: [String: Double] = [:]

    /// No durations.
    public init() {}

    /// Durations by test id (`Module.Suite/test()`, `Class/testMethod`); later ids win.
    public init(_ entries: [(id: String, seconds: Double)]) {
        for entry in entries where entry.seconds.isFinite && entry.seconds >= 0 {
            byName[Self.normalized(entry.id)] = entry.seconds
        }
    }

    /// How many tests have a duration.
    public var count: Int { byName.count }

    /// The recorded seconds of `test` (an id from `swift test list`): by its full name, else by
    /// a name that leaves out leading components (`Class.testMethod` for `Module.Class/testMethod`).
    public func seconds(of test: String) -> Double? {
        var name = Self.normalized(test)[...]
        while true {
            if let seconds = byName[String(name)] { return seconds }
            guard let dot = name.firstIndex(of: ".") else { return nil }
            name = name[name.index(after: dot)...]
        }
    }

    /// `/` and `.` both separate components.
    static func normalized(_ id: String) -> String { id.replacingOccurrences(of: "/", with: ".") }
}
