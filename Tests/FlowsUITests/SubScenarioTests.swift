import AnimalsApp
import LabTesting
import Testing
import UIFlows

extension FlowsJourneys {
    /// One sub-scenario — open the filter, select a tag, done — used by two parent scenarios,
    /// its result driving each parent's branch.
    @Suite("Flows: a sub-scenario shared by two scenarios")
    struct SubScenarioTests {
        /// Parent 1: filter by a tag; when animals are shown, open the first and check the
        /// detail lists the tag; when none are, note it.
        static func openFirstWithTag(_ app: Application, selectTag: FlowScenario) -> FlowScenario {
            let scenario = FlowScenario("Open the first animal with a tag", inputs: ["tag"])
            scenario.addSteps([
                "filter": .scenario(selectTag, inputs: ["tag": "tag"], outputs: ["shown": "shown"]),
                "openFirst": .tap(AnimalsFlows.galleryCells(app).element(boundBy: 0)),
                "checkTag": .action("the detail lists state[\"tag\"]") { context in
                    let tag = try context.state(forKey: "tag", as: String.self)
                    try await app.staticTexts[AnimalsIdentifiers.detailTag(tag)].expect(ElementPredicate.label == tag, timeout: 5)
                },
                "back": .tap(app.buttons[AnimalsIdentifiers.backButton]),
                "nothingToOpen": .store(true, key: "wasEmpty"),
            ])
            scenario.start(at: "filter")
            scenario.transition(from: "filter", on: AnimalsFlows.Gallery.someAnimals, to: "openFirst")
            scenario.transition(from: "filter", on: AnimalsFlows.Gallery.noAnimals, to: "nothingToOpen")
            scenario.transition(from: "openFirst", to: "checkTag")
            scenario.transition(from: "checkTag", to: "back")
            return scenario
        }

        /// Parent 2: filter by each of two tags in turn; an empty gallery must say so.
        static func eachTagSaysWhatItShows(_ app: Application, selectTag: FlowScenario) -> FlowScenario {
            let empty = app.staticTexts[AnimalsIdentifiers.emptyState]
            let scenario = FlowScenario("Each tag shows animals or says none", inputs: ["first", "second"])
            scenario.addSteps([
                "filterFirst": .scenario(selectTag, inputs: ["tag": "first"], outputs: ["shown": "firstShown"]),
                "filterSecond": .scenario(selectTag, inputs: ["tag": "second"], outputs: ["shown": "secondShown"]),
                "firstEmptyState": .assert(empty, ElementPredicate.label == "No animals found"),
                "secondEmptyState": .assert(empty, ElementPredicate.label == "No animals found"),
            ])
            scenario.start(at: "filterFirst")
            scenario.transition(from: "filterFirst", on: AnimalsFlows.Gallery.someAnimals, to: "filterSecond")
            scenario.transition(from: "filterFirst", on: AnimalsFlows.Gallery.noAnimals, to: "firstEmptyState")
            scenario.transition(from: "firstEmptyState", to: "filterSecond")
            scenario.transition(from: "filterSecond", on: AnimalsFlows.Gallery.noAnimals, to: "secondEmptyState")
            return scenario
        }

        @Test func theSameSubScenarioDrivesBothBranchesOfOneParent() async throws {
            let tag = try #require(Animals.allTags.first)
            let favourite = try #require(Animals.all.first { $0.tags.contains(tag) })
            // Favourites only, with one favourite that has the tag: some animals; without it: none.
            for (favorites, expectEmpty) in [(favourite.id, false), ("", true)] {
                let arguments = ["-favoritesOnly", "YES", "-favorites", favorites]
                try await withLabApp(AnimalsApp(), arguments: arguments) { (app) async throws in
                    let scenario = Self.openFirstWithTag(app, selectTag: AnimalsFlows.selectTag(app))
                    let run = try #require(await expectFlow(scenario, state: ["tag": tag]))
                    #expect(run.state["wasEmpty"] as? Bool == (expectEmpty ? true : nil), "favourites \(favorites)")
                    #expect(run.state["shown"] as? Int == (expectEmpty ? 0 : 1))
                    let filter = try #require(run.trace.entries.first)
                    #expect(filter.result == FlowResult(expectEmpty ? AnimalsFlows.Gallery.noAnimals : .someAnimals))
                    #expect(filter.nested?.entries.map(\.step) == ["openFilter", "clearAll", "selectTag", "done", "countShown", "anyShown"])
                }
            }
        }

        @Test func aSecondParentReusesTheSubScenarioTwice() async throws {
            // With favourites only and one favourite, a tag it has shows 1 animal, one it lacks shows none.
            let animal = try #require(Animals.all.first)
            let has = try #require(animal.tags.first)
            let lacks = try #require(Animals.allTags.first { !animal.tags.contains($0) })
            try await withLabApp(AnimalsApp(), arguments: ["-favoritesOnly", "YES", "-favorites", animal.id]) { (app) async throws in
                let selectTag = AnimalsFlows.selectTag(app)
                let run = try #require(await expectFlow(Self.eachTagSaysWhatItShows(app, selectTag: selectTag),
                                                        state: ["first": has, "second": lacks]))
                #expect(run.state["firstShown"] as? Int == 1)
                #expect(run.state["secondShown"] as? Int == 0)
                #expect(run.trace.entries.map(\.step) == ["filterFirst", "filterSecond", "secondEmptyState"])
                #expect(run.mermaid.contains("[[\"filterFirst<br/><small>Select one tag in the filter</small>\"]]"))
            }
        }
    }
}
