import Flows
import Testing
import XCTest

/// A run that would go on forever stops at its budget with the last steps it took.
@Suite("Flows: budgets")
struct BudgetTests {
    /// Counts up forever: the exit needs a result the counter never produces.
    static func endless() -> FlowScenario {
        let scenario = FlowScenario("count forever")
        scenario.addSteps([
            "start": .store(0, key: "n"),
            "count": .increment(key: "n"),
            "check": FlowStep("is it -1?") { context in try context.state(forKey: "n", as: Int.self) == -1 },
        ])
        scenario.start(at: "start")
        scenario.transition(from: "start", to: "count")
        scenario.transition(from: "count", to: "check")
        scenario.transition(from: "check", on: false, to: "count")
        return scenario
    }

    @Test func theStepBudgetStopsARunawayLoopWithItsLastSteps() async throws {
        do {
            _ = try await Self.endless().run(budget: FlowBudget(maxSteps: 101))
            Issue.record("the endless loop ended")
        } catch let error as FlowError {
            guard case .stepBudgetExceeded(let limit) = error.reason else { throw error }
            #expect(limit == 101)
            #expect(error.trace.stepCount == 101)
            #expect(error.trace.entries.last?.step == "check")
            #expect(error.description.contains("took more than its budget of 101 steps"))
            #expect(error.description.contains("check → false → count"))
            #expect(error.description.contains("earlier steps"))
        }
    }

    @Test func subScenariosShareTheirParentsStepBudget() async throws {
        let child = SequenceScenario("five steps", steps: (1...5).map { .store($0, key: "k\($0)") })
        let parent = SequenceScenario("parent", steps: [.scenario(child), .scenario(child)])
        // 2 parent steps + 10 child steps.
        #expect(try await parent.run(budget: FlowBudget(maxSteps: 12)).totalSteps == 12)
        do {
            _ = try await parent.run(budget: FlowBudget(maxSteps: 11))
            Issue.record("ran past its budget")
        } catch let error as FlowError {
            guard case .stepBudgetExceeded = error.reason else { throw error }
            #expect(error.scenarioPath == ["parent", "five steps"])
            #expect(error.trace.scenario == "parent")
            #expect(error.step == "5. store 5 as \"k5\"")
            #expect(error.trace.entries.last?.nested?.entries.last?.step == "4. store 4 as \"k4\"")
        }
    }

    @Test func aLongRunKeepsItsLastEntriesAndCompleteCounts() async throws {
        let scenario = SeedExampleTests.iterateToEndOfTable()
        let table = (0..<1000).map(String.init)
        let run = try await scenario.run(state: ["table": table], traceLimit: 50)
        #expect(run.trace.entries.count == 50)
        #expect(run.trace.omittedEntries == run.totalSteps - 50)
        #expect(run.trace.entries.last?.step == "hasMoreRows")
        let increment = Transition(from: "incrementRowIndex", trigger: .always, to: "hasMoreRows")
        #expect(run.trace.transitionCounts[increment] == 1000)
    }
}

/// The time budget, in XCTest: `swift test` runs XCTest cases one at a time before the
/// parallel Swift Testing suites, so a budget of a second measures the engine, not a machine
/// busy launching browsers for a hundred other tests.
final class TimeBudgetTests: XCTestCase {
    func testTheTimeBudgetCancelsAStepThatWaits() async throws {
        let scenario = SequenceScenario("slow", steps: [
            .store(1, key: "x"),
            .action("wait for something that never comes") { _ in try await Task.sleep(for: .seconds(60)) },
        ])
        let clock = ContinuousClock()
        let started = clock.now
        do {
            _ = try await scenario.run(budget: FlowBudget(maxDuration: .seconds(1)))
            XCTFail("the slow step finished")
        } catch let error as FlowError {
            guard case .timeBudgetExceeded(let limit) = error.reason else { throw error }
            XCTAssertEqual(limit, .seconds(1))
            XCTAssertEqual(error.step, "2. wait for something that never comes")
            XCTAssertEqual(error.trace.entries.map(\.step), ["1. store 1 as \"x\"", "2. wait for something that never comes"])
            XCTAssertTrue(error.description.contains("took longer than its budget of 1.0 s"), error.description)
        }
        // Not a performance claim: it proves the 60 s sleep was cancelled, not waited out.
        XCTAssertLessThan(clock.now - started, .seconds(30))
    }

    func testTheTimeBudgetStopsALoopOfQuickSteps() async throws {
        do {
            _ = try await BudgetTests.endless().run(budget: FlowBudget(maxSteps: .max, maxDuration: .milliseconds(300)))
            XCTFail("the endless loop ended")
        } catch let error as FlowError {
            guard case .timeBudgetExceeded = error.reason else { throw error }
            XCTAssertGreaterThan(error.trace.stepCount, 3)
        }
    }
}
