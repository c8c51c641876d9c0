import Foundation
import Flows
import Testing

/// The seed's example — iterate every row of a table without knowing how many there are —
/// over a table that is an array in scenario state, so the engine is tested without a browser.
@Suite("Flows: the seed's example")
struct SeedExampleTests {
    /// The seed's scenario, translated line by line; `processRow` appends the row it was given.
    static func iterateToEndOfTable() -> FlowScenario {
        let scenario = FlowScenario("Iterate through all the rows in a table")
        scenario.addSteps([
            "numberOfRows": .action("store the number of rows") { context in
                context.setState(try context.state(forKey: "table", as: [String].self).count, forKey: "numberOfRows")
            },
            "rowIndex": .store(0, key: "rowIndex"),
            "hasMoreRows": .compare(key: "rowIndex", with: "numberOfRows"),
            "processRow": .action("process the row at rowIndex") { context in
                let table = try context.state(forKey: "table", as: [String].self)
                let index = try context.state(forKey: "rowIndex", as: Int.self)
                let seen = (try? context.state(forKey: "processed", as: [String].self)) ?? []
                context.setState(seen + [table[index]], forKey: "processed")
            },
            "incrementRowIndex": .increment(key: "rowIndex"),
        ])
        scenario.start(at: "numberOfRows")
        scenario.transition(from: "numberOfRows", to: "rowIndex")
        scenario.transition(from: "rowIndex", to: "hasMoreRows")
        scenario.transition(from: "hasMoreRows", on: ComparisonResult.orderedAscending, to: "processRow")
        scenario.transition(from: "processRow", to: "incrementRowIndex")
        scenario.transition(from: "incrementRowIndex", to: "hasMoreRows")
        return scenario
    }

    @Test(arguments: [0, 1, 7])
    func processesEveryRowThenExitsWhenTheComparisonIsNoLongerAscending(rows: Int) async throws {
        let table = (0..<rows).map { "row \($0)" }
        let run = try await Self.iterateToEndOfTable().run(state: ["table": table])

        // With no rows, processRow never runs and nothing is stored.
        #expect((run.state["processed"] as? [String] ?? []) == table)
        #expect(run.exitStep == "hasMoreRows")
        #expect(run.result == FlowResult(ComparisonResult.orderedSame))
        // numberOfRows, rowIndex, then (hasMoreRows, processRow, incrementRowIndex) per row, then hasMoreRows.
        #expect(run.totalSteps == 3 + 3 * rows)
        let loop = Transition(from: "hasMoreRows", trigger: .result(FlowResult(ComparisonResult.orderedAscending)), to: "processRow")
        #expect(run.trace.transitionCounts[loop, default: 0] == rows)
    }

    @Test func theTraceRecordsEachStepsResultNextStepAndStateChanges() async throws {
        let run = try await Self.iterateToEndOfTable().run(state: ["table": ["a", "b"]])
        let entries = run.trace.entries
        #expect(entries.map(\.step) == ["numberOfRows", "rowIndex", "hasMoreRows", "processRow", "incrementRowIndex",
                                        "hasMoreRows", "processRow", "incrementRowIndex", "hasMoreRows"])
        #expect(entries[2].result == FlowResult(ComparisonResult.orderedAscending))
        #expect(entries[2].next == "processRow")
        #expect(entries.last?.next == nil)
        #expect(entries[4].stateChanges.map(\.description) == ["rowIndex = 1"])
        #expect(entries[0].stateChanges.map(\.description) == ["numberOfRows = 2"])
        #expect(run.trace.pathDescription().contains("hasMoreRows → orderedSame → exit"))
        #expect(run.recoveries.isEmpty)
    }

    @Test func typedKeysReadTheSameEntriesAsStringKeys() async throws {
        let count = StateKey<Int>("count")
        let scenario = SequenceScenario("typed", steps: [
            .store(2, for: count),
            .increment(count, by: 3),
            .action("read it both ways") { (context) async throws in
                #expect(try context.state(count) == 5)
                #expect(try context.state(forKey: "count", as: Int.self) == 5)
            },
        ])
        let run = try await scenario.run()
        #expect(run.state[count] == 5)
    }
}
