import Foundation
import Flows
import Testing

/// The result-builder syntax builds the same graph as `transition(from:…)` calls.
@Suite("Flows: result builder")
struct BuilderTests {
    static func rows() -> FlowStep {
        .action("store the number of rows") { context in
            context.setState(try context.state(forKey: "table", as: [String].self).count, forKey: "numberOfRows")
        }
    }

    static func process() -> FlowStep {
        .action("process the row at rowIndex") { context in
            let table = try context.state(forKey: "table", as: [String].self)
            let seen = (try? context.state(forKey: "processed", as: [String].self)) ?? []
            context.setState(seen + [table[try context.state(forKey: "rowIndex", as: Int.self)]], forKey: "processed")
        }
    }

    static func seedExample() -> FlowScenario {
        FlowScenario("Iterate through all the rows in a table") {
            Step("numberOfRows", rows())
            Step("rowIndex", .store(0, key: "rowIndex"))
            RepeatWhile("hasMoreRows", .compare(key: "rowIndex", with: "numberOfRows"), is: ComparisonResult.orderedAscending) {
                Step("processRow", process())
                Step("incrementRowIndex", .increment(key: "rowIndex"))
            }
        }
    }

    @Test func theSeedExampleAsABuilderIsTheSameGraph() async throws {
        let built = Self.seedExample().definition
        let written = SeedExampleTests.iterateToEndOfTable().definition
        #expect(built.stepNames == written.stepNames)
        #expect(built.start == written.start)
        // The loop's "other results" lead to the next node; there is none, so they exit, as in the seed.
        #expect(Set(built.transitions) == Set(written.transitions))
        let run = try await Self.seedExample().run(state: ["table": ["a", "b", "c"]])
        #expect(run.state["processed"] as? [String] == ["a", "b", "c"])
        #expect(run.exitStep == "hasMoreRows")
    }

    @Test func ifRunsOneBranchAndBothContinueWithTheNextNode() async throws {
        let scenario = FlowScenario("branch") {
            If("big?", .decision("is n big?") { context in try context.state(forKey: "n", as: Int.self) > 10 }, is: true) {
                Step("big", .store("big", key: "size"))
            } otherwise: {
                Step("small", .store("small", key: "size"))
                Step("tiny", .store(true, key: "checked"))
            }
            Step("after", .store(true, key: "after"))
        }
        try scenario.validate()
        let big = try await scenario.run(state: ["n": 20])
        #expect(big.state["size"] as? String == "big" && big.state["after"] as? Bool == true)
        #expect(big.trace.entries.map(\.step) == ["big?", "big", "after"])
        let small = try await scenario.run(state: ["n": 2])
        #expect(small.trace.entries.map(\.step) == ["big?", "small", "tiny", "after"])
    }

    @Test func anIfWithoutOtherwiseGoesStraightOn() async throws {
        let scenario = FlowScenario("skip") {
            If("flag?", .decision("flag set?") { context in context.hasState(forKey: "flag") }, is: true) {
                Step("flagged", .store(1, key: "flagged"))
            }
            Step("end", .store(1, key: "end"))
        }
        #expect(try await scenario.run().trace.entries.map(\.step) == ["flag?", "end"])
        #expect(try await scenario.run(state: ["flag": true]).trace.entries.map(\.step) == ["flag?", "flagged", "end"])
    }

    @Test func nestedLoopsBuildAValidGraphWithCounts() async throws {
        // For each of 3 rows, count 2 columns: the inner loop's exit leads back to the outer step.
        let scenario = FlowScenario("grid") {
            Step("row0", .store(0, key: "row"))
            Step("rows", .store(3, key: "rowCount"))
            Step("cols", .store(2, key: "colCount"))
            Step("cells0", .store(0, key: "cells"))
            RepeatWhile("moreRows", .compare(key: "row", with: "rowCount"), is: ComparisonResult.orderedAscending) {
                Step("col0", .store(0, key: "col"))
                RepeatWhile("moreCols", .compare(key: "col", with: "colCount"), is: ComparisonResult.orderedAscending) {
                    Step("cell", .increment(key: "cells"))
                    Step("nextCol", .increment(key: "col"))
                }
                Step("nextRow", .increment(key: "row"))
            }
        }
        try scenario.validate()
        let run = try await scenario.run()
        #expect(run.state["cells"] as? Int == 6)
        #expect(run.trace.transitionCounts[Transition(from: "nextCol", trigger: .always, to: "moreCols")] == 6)
        #expect(run.mermaid.contains("-->|\"other results ×3\"|"))
    }

    @Test func aBuiltScenarioIsValidatedLikeAnyOther() {
        let scenario = FlowScenario("loop on a result that never comes") {
            RepeatWhile("compare", .compare(key: "a", with: "b"), is: -1) {
                Step("body", .increment(key: "a"))
            }
        }
        do {
            try scenario.validate()
            Issue.record("validation passed")
        } catch {
            #expect(error.problems.map(\.kind).contains { if case .impossibleResult(step: "compare", _, _) = $0 { true } else { false } })
        }
    }
}
