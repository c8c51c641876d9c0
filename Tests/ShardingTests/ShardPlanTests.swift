import Foundation
import Sharding
import TestSupport
import Testing

/// The split: every test in exactly one shard, the same split from the same inputs, balanced
/// by durations or by count, and the filters select exactly a shard's tests.
@Suite struct ShardPlanTests {
    /// A list shaped like `swift test list`'s: XCTest classes, Swift Testing suites (one nested),
    /// free functions, a parameterised function, a raw identifier.
    static let listed: [String] = {
        var tests: [String] = []
        for module in ["AlphaTests", "BetaUITests", "GammaTests"] {
            for suite in 1...7 {
                for test in 1...(suite % 4 + 1) { tests.append("\(module).Suite\(suite)/test\(test)()") }
            }
            tests.append("\(module).Legacy/testOne")
            tests.append("\(module).Legacy/testTwo")
            tests.append("\(module)/freeFunction()")
        }
        tests += ["GammaTests.Outer/Inner/nested()", "GammaTests.Outer/top(value:)", "GammaTests.Suite1/`a test with spaces`()"]
        return tests
    }()

    @Test(arguments: [1, 2, 3, 5, 8, 40])
    func everyTestLandsInExactlyOneShard(count: Int) {
        let plan = ShardPlan(tests: Self.listed, count: count)
        let shards = (1...count).map { plan.tests(in: $0) }
        #expect(shards.reduce(0) { $0 + $1.count } == Self.listed.count, "disjoint: no test in two shards")
        #expect(Set(shards.flatMap { $0 }) == Set(Self.listed), "the union is the whole list")
    }

    @Test func theSameInputsGiveTheSameSplitInAnyOrder() {
        let durations = TestDurations(Self.listed.enumerated().map { ($0.element, Double($0.offset % 7) * 0.75) })
        let plan = ShardPlan(tests: Self.listed, count: 3, durations: durations)
        var shuffled = Self.listed
        var generator = SeededRandom(seed: 42)  // the same shuffle every run
        shuffled.shuffle(using: &generator)
        let again = ShardPlan(tests: shuffled + shuffled.prefix(5), count: 3, durations: durations)
        #expect(again == plan)
        #expect(again.fingerprint == plan.fingerprint)
        #expect(plan.fingerprint.count == 16)
        let otherDurations = ShardPlan(tests: Self.listed, count: 3, durations: TestDurations(Self.listed.map { ($0, 1) }))
        #expect(otherDurations.fingerprint != plan.fingerprint)
        #expect(ShardPlan(tests: Self.listed, count: 4, durations: durations).fingerprint != plan.fingerprint)
    }

    @Test func aSuiteStaysInOneShard() {
        let plan = ShardPlan(tests: Self.listed, count: 3)
        for test in Self.listed {
            let owners = (1...3).filter { plan.units(in: $0).contains { $0.id == ShardPlan.unitID(of: test) } }
            #expect(owners.count == 1, "\(test)")
        }
        #expect(ShardPlan.unitID(of: "GammaTests.Outer/Inner/nested()") == "GammaTests.Outer")
        #expect(ShardPlan.unitID(of: "GammaTests/freeFunction()") == "GammaTests")
    }

    @Test func withoutDurationsShardsAreBalancedByCount() {
        let plan = ShardPlan(tests: Self.listed, count: 3)
        #expect(plan.basis == .count)
        let sizes = (1...3).map { plan.tests(in: $0).count }
        let largestSuite = plan.allUnits.map(\.tests.count).max() ?? 0
        #expect(sizes.max()! - sizes.min()! <= largestSuite, "\(sizes)")
    }

    @Test func withDurationsShardsAreBalancedByTime() {
        // One slow suite (60 s) and many quick ones: by count the slow one would share a shard
        // with a third of the tests; by time it gets a shard almost to itself.
        var entries: [(id: String, seconds: Double)] = []
        for test in Self.listed { entries.append((test, test.hasPrefix("BetaUITests.Suite3/") ? 20 : 0.5)) }
        let plan = ShardPlan(tests: Self.listed, count: 3, durations: TestDurations(entries))
        #expect(plan.basis == .durations(measured: Self.listed.count))
        let weights = (1...3).map { plan.weight(of: $0) }
        let heaviestUnit = plan.allUnits.map(\.weight).max() ?? 0
        #expect(heaviestUnit == 80)
        #expect(weights.max()! - weights.min()! <= heaviestUnit)
        let slowShard = (1...3).first { plan.units(in: $0).contains { $0.id == "BetaUITests.Suite3" } }!
        #expect(plan.units(in: slowShard).count == 1, "the 80 s suite alone: the others hold ~21 s each")
        #expect(abs(weights.reduce(0, +) - entries.reduce(0) { $0 + $1.seconds }) < 1e-9, "the weights add up to the whole run")
    }

    @Test func testsWithoutARecordCountAsTheMedianRecordedTest() {
        let plan = ShardPlan(tests: ["M.A/a()", "M.A/b()", "M.B/c()", "M.C/d()"], count: 2,
                             durations: TestDurations([("M.A/a()", 1), ("M.B/c()", 3), ("M.C/d()", 5)]))
        #expect(plan.allUnits.first { $0.id == "M.A" }?.weight == 4, "1 recorded + 3, the median")
        #expect(plan.basis == .durations(measured: 3))
    }

    @Test func durationsAreFoundByTheNamesRunFilesUse() {
        let durations = TestDurations([
            ("Legacy/testOne", 2),                          // XCTest read from the console log: no module
            ("GammaTests.Outer.Inner/nested()", 3),         // Swift Testing's JUnit: nested suites joined by dots
            ("AlphaTests.Suite1/test1()", 4),
        ])
        #expect(durations.seconds(of: "AlphaTests.Legacy/testOne") == 2)
        #expect(durations.seconds(of: "GammaTests.Outer/Inner/nested()") == 3)
        #expect(durations.seconds(of: "AlphaTests.Suite1/test1()") == 4)
        #expect(durations.seconds(of: "AlphaTests.Suite1/test2()") == nil)
        #expect(durations.seconds(of: "testOne") == nil)
    }

    @Test func moreShardsThanSuitesLeavesSomeEmpty() {
        let plan = ShardPlan(tests: ["M.A/a()", "M.B/b()"], count: 4)
        #expect((1...4).map { plan.tests(in: $0).count } == [1, 1, 0, 0])
        #expect(plan.filter(for: 3) == nil)
        #expect(plan.filter(for: 1) != nil)
    }

    @Test func theFilterSelectsExactlyTheShardsTests() throws {
        let plan = ShardPlan(tests: Self.listed, count: 3)
        for shard in 1...3 {
            let pattern = try #require(plan.filter(for: shard))
            let regex = try NSRegularExpression(pattern: pattern)
            let swiftRegex = try Regex(pattern)
            let chosen = Self.listed.filter { regex.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }
            #expect(chosen.sorted() == plan.tests(in: shard).sorted(), "ICU (SwiftPM's XCTest filter), shard \(shard)")
            // Swift Testing matches its ids, which go on with the source location.
            let located = Self.listed.filter { (try? swiftRegex.firstMatch(in: $0 + "/File.swift:3:5")) != nil }
            #expect(located.sorted() == plan.tests(in: shard).sorted(), "Swift Regex (Swift Testing's), shard \(shard)")
        }
    }

    @Test func aFilteredListIsShardedTestByTestWhereASuiteIsCut() throws {
        let selected = Self.listed.filter { $0.hasPrefix("AlphaTests.Suite3/") && $0 != "AlphaTests.Suite3/test2()" }
            + Self.listed.filter { $0.hasPrefix("BetaUITests.Legacy/") }
        let plan = ShardPlan(tests: selected, count: 1, listed: Self.listed)
        let regex = try NSRegularExpression(pattern: try #require(plan.filter(for: 1)))
        let chosen = Self.listed.filter { regex.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }
        #expect(chosen.sorted() == selected.sorted())
    }

    @Test(arguments: ["x", "", "3", "1/", "/3", "1/3/4", "a/b", "+1/3", "1 /3", "1.0/3"])
    func aShardIsWrittenIOverN(text: String) {
        #expect(throws: ShardError.malformed(text)) { try ShardSpec(parsing: text) }
    }

    @Test func aShardMustExist() throws {
        #expect(throws: ShardError.indexOutOfRange(index: 4, count: 3)) { try ShardSpec(parsing: "4/3") }
        #expect(throws: ShardError.indexOutOfRange(index: 0, count: 3)) { try ShardSpec(parsing: "0/3") }
        #expect(throws: ShardError.noShards(0)) { try ShardSpec(parsing: "0/0") }
        #expect(try ShardSpec(parsing: "3/3") == ShardSpec(index: 3, count: 3))
        #expect(ShardError.indexOutOfRange(index: 4, count: 3).description.contains("numbered 1 to 3"))
    }

    @Test func theTestListIsReadFromSwiftTestListsOutput() {
        let output = """
            Building for debugging...
            [1/3] Compiling Something.swift
            Build complete! (0.52s)
            AlphaTests.Legacy/testOne
            GammaTests.Suite1/`a test with spaces`()
            warning: something
            AlphaTests.Suite1/test1()

            """
        #expect(TestList.ids(in: output) == ["AlphaTests.Legacy/testOne", "GammaTests.Suite1/`a test with spaces`()", "AlphaTests.Suite1/test1()"])
    }
}
