import AnimalsApp
import Foundation
import LabTesting
import Testing
import UIFlows

extension FlowsJourneys {
    /// The seed's example, in the real app: iterate every row of a table without knowing how
    /// many rows it has. Each launch filters the gallery by a random set of tags, so the
    /// number of cells differs from launch to launch; only the test, after the run, knows
    /// which animals it should have seen.
    @Suite("Flows: iterate every row of a table")
    struct IterateGalleryTests {
        /// The seed's `scenarioToIterateToEndOfTable`, translated line by line (docs/flows.md).
        /// Processing a row opens it, checks the detail shows the animal the cell showed,
        /// records its name, and goes back.
        static func iterateToEndOfTable(_ app: Application) -> FlowScenario {
            let scenario = FlowScenario("Iterate through all the rows in a table")
            scenario.addSteps([
                "numberOfRows": .storeNumberOfRows(inTableWithIdentifier: AnimalsIdentifiers.gallery, of: app, key: "numberOfRows"),
                "rowIndex": .store(0, key: "rowIndex"),
                "hasMoreRows": .compare(key: "rowIndex", with: "numberOfRows"),
                "processRow": .processRow(indexKey: "rowIndex", inTableWithIdentifier: AnimalsIdentifiers.gallery, of: app) { row, context in
                    let name = try await row.images.element(boundBy: 0).label
                    try await row.tap()
                    try await app.navigationBars[AnimalsIdentifiers.detailNavigationBar].expect(ElementPredicate.label == name, timeout: 5)
                    try await app.buttons[AnimalsIdentifiers.backButton].tap()
                    let seen = (try? context.state(forKey: "seen", as: [String].self)) ?? []
                    context.setState(seen + [name], forKey: "seen")
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

        @Test func everyAnimalARandomFilterShowsIsOpenedOnceInOrder() async throws {
            let tags = Animals.allTags.filter { _ in Int.random(in: 0..<3) == 0 }
            let expected = Animals.all.filter { tags.isEmpty || $0.tags.contains(where: tags.contains) }.map(\.name)
            try await withLabApp(AnimalsApp(), arguments: ["-filters", tags.joined(separator: ",")]) { (app) async throws in
                let run = try #require(await expectFlow(Self.iterateToEndOfTable(app)))
                saveDiagram(run, "iterate-gallery")
                #expect(run.state["seen"] as? [String] ?? [] == expected, "filter \(tags)")
                #expect(run.state["numberOfRows"] as? Int == expected.count)
                #expect(run.exitStep == "hasMoreRows" && run.result == FlowResult(ComparisonResult.orderedSame))
                // Each row was processed by its own trip round the loop.
                let loop = Transition(from: "hasMoreRows", trigger: .result(FlowResult(ComparisonResult.orderedAscending)), to: "processRow")
                #expect(run.trace.transitionCounts[loop] == expected.count)
                #expect(run.mermaid.contains("orderedAscending ×\(expected.count)"))
            }
        }

        @Test func aRowThatDoesNotShowWhatItShouldFailsWithThePathAndUIAutomationsFailure() async throws {
            try await withLabApp(AnimalsApp(), arguments: ["-filters", "stripes"]) { (app) async throws in
                let scenario = FlowScenario("Open rows and expect the wrong title")
                scenario.addSteps([
                    "numberOfRows": .storeCount(of: AnimalsFlows.galleryCells(app), key: "numberOfRows"),
                    "rowIndex": .store(0, key: "rowIndex"),
                    "openRow": .processRow(indexKey: "rowIndex", in: AnimalsFlows.galleryCells(app)) { row, _ in try await row.tap() },
                    "checkTitle": .assert(app.navigationBars[AnimalsIdentifiers.detailNavigationBar], ElementPredicate.label == "Unicorn"),
                ])
                scenario.start(at: "numberOfRows")
                scenario.transition(from: "numberOfRows", to: "rowIndex")
                scenario.transition(from: "rowIndex", to: "openRow")
                scenario.transition(from: "openRow", to: "checkTitle")
                do {
                    _ = try await scenario.run()
                    Issue.record("the wrong title passed")
                } catch let error as FlowError {
                    #expect(error.step == "checkTitle")
                    let failure = try #require(error.underlying as? UIAutomationError)
                    #expect(failure.query.hasPrefix("app.navigationBars[\"animals.detail.navigationBar\"]"))
                    #expect(failure.tree?.isEmpty == false)
                    #expect(failure.artifacts.contains { $0.hasSuffix(".png") })
                    #expect(error.description.contains("openRow → success → checkTitle"))
                    #expect(error.description.contains("label == \"Unicorn\""))
                }
            }
        }
    }
}

extension FlowsJourneys {
    /// A UI failure routed to a recovery path: recorded in the trace, and free of screenshots.
    @Suite("Flows: a UI failure as an outcome")
    struct RoutedFailureTests {
        @Test func aRoutedTapFailureIsARecoveryInTheTraceAndSavesNoArtifacts() async throws {
            let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("flow-artifacts-\(UUID().uuidString)").path
            var configuration = Configuration.lab
            configuration.artifactsDirectory = artifacts
            defer { try? FileManager.default.removeItem(atPath: artifacts) }
            try await withLabApp(AnimalsApp(), configuration: configuration) { (app) async throws in
                let scenario = FlowScenario("Tap a button that is not there, then carry on")
                scenario.addSteps([
                    "tapMissing": .tap(app.buttons["no-such-button"], timeout: 0.3),
                    "recover": .tap(app.buttons[AnimalsIdentifiers.filterButton]),
                    "onFilter": .assert(app.navigationBars[AnimalsIdentifiers.filterNavigationBar], .exists, timeout: 5),
                ])
                scenario.start(at: "tapMissing")
                scenario.transition(from: "tapMissing", onFailureTo: "recover")
                scenario.transition(from: "recover", to: "onFilter")
                let run = try #require(await expectFlow(scenario))
                let recovery = try #require(run.recoveries.first)
                #expect(run.recoveries.count == 1 && recovery.step == "tapMissing" && recovery.next == "recover")
                guard case .recovered(let error) = recovery.outcome, let failure = error as? UIAutomationError else {
                    Issue.record("no UIAutomation failure in \(recovery)")
                    return
                }
                #expect(failure.query == "app.buttons[\"no-such-button\"].tap()")
                #expect(failure.reason == .noMatch)
                // The tree comes from the snapshot the wait already had; no screenshot was taken.
                #expect(failure.artifacts.isEmpty)
                #expect(!FileManager.default.fileExists(atPath: artifacts), "an expected failure wrote artifacts")

                // The same failure without a recovery path fails the run, with its screenshot.
                let strict = SequenceScenario("Tap it without a way out", steps: [.tap(app.buttons["no-such-button"], timeout: 0.3)])
                do {
                    _ = try await strict.run()
                    Issue.record("the missing button was tapped")
                } catch let error as FlowError {
                    let failure = try #require(error.underlying as? UIAutomationError)
                    #expect(failure.artifacts.contains { $0.hasPrefix(artifacts) && $0.hasSuffix(".png") })
                }
            }
        }
    }
}
