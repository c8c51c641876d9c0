import AnimalsApp
import UIFlows

/// Queries and scenarios over Automation Animals that the flow tests share.
enum AnimalsFlows {
    /// Every gallery cell, found by identifier prefix, so that an empty gallery counts 0.
    static func galleryCells(_ app: Application) -> ElementQuery {
        app.cells.matching(ElementPredicate.identifier.beginsWith(AnimalsIdentifiers.cell("")))
    }

    /// What the gallery shows after a filter: the sub-scenario's result.
    enum Gallery: Hashable, Sendable, CaseIterable { case someAnimals, noAnimals }

    /// "Open the filter, select a tag, done": a sub-scenario that reads the tag from its
    /// input `tag`, hands back how many animals are shown as `shown`, and exits with
    /// ``Gallery``, which drives its parent's branch.
    static func selectTag(_ app: Application) -> FlowScenario {
        let scenario = FlowScenario("Select one tag in the filter", inputs: ["tag"], outputs: ["shown"])
        scenario.addSteps([
            "openFilter": .tap(app.buttons[AnimalsIdentifiers.filterButton]),
            "clearAll": .tap(app.buttons[AnimalsIdentifiers.clearAllButton]),
            "selectTag": .action("tap the row of state[\"tag\"]") { context in
                let tag = try context.state(forKey: "tag", as: String.self)
                try await app.tables[AnimalsIdentifiers.filterTable].cells[AnimalsIdentifiers.filterRow(tag)].tap()
            },
            "done": .tap(app.buttons[AnimalsIdentifiers.doneButton]),
            "countShown": .storeCount(of: galleryCells(app), key: "shown"),
            "anyShown": .decision("any animals shown?") { context in
                try context.state(forKey: "shown", as: Int.self) > 0 ? Gallery.someAnimals : .noAnimals
            },
        ])
        scenario.start(at: "openFilter")
        scenario.transition(from: "openFilter", to: "clearAll")
        scenario.transition(from: "clearAll", to: "selectTag")
        scenario.transition(from: "selectTag", to: "done")
        scenario.transition(from: "done", to: "countShown")
        scenario.transition(from: "countShown", to: "anyShown")
        scenario.expectExit(from: "anyShown", on: Gallery.someAnimals)
        scenario.expectExit(from: "anyShown", on: Gallery.noAnimals)
        return scenario
    }
}
