import AnimalsApp
import Testing
import UIAutomation

extension AnimalsJourneys {
    @Suite("Animals: filtering")
    struct FilteringTests {
        /// Two tags whose animals differ, so that OR shows more than either alone and fewer than all.
        static let orTags: [String] = {
            let pairs = Animals.allTags.flatMap { a in Animals.allTags.map { b in (a, b) } }.filter { $0 < $1 }
            let pair = pairs.first { a, b in
                let union = Journey.expected(tags: [a, b]).count
                return union > Journey.expected(tags: [a]).count && union > Journey.expected(tags: [b]).count
                    && union < Animals.all.count
            }!
            return [pair.0, pair.1]
        }()

        @Test func filteringShowsAnimalsWithAnyOfTheTagsAndEachOpensItsDetail() async throws {
            let expected = Journey.expected(tags: Set(Self.orTags))
            try await withAnimalsApp { (app) async throws in
                try await app.filterButton.tap()
                for tag in Animals.allTags {
                    #expect(try await !app.filterRow(tag).isSelected, "\(tag) selected on first launch")
                }
                for tag in Self.orTags {
                    try await app.filterRow(tag).tap()
                    #expect(try await app.filterRow(tag).isSelected)
                }
                try await app.doneButton.tap()
                #expect(try await Journey.shownAnimalIDs(app) == expected.map(\.id))
                for animal in expected {
                    try await Journey.openDetailAndReturn(app, animal)
                }
            }
        }

        @Test func oneTagAtATimeChangesTheGrid() async throws {
            try await withAnimalsApp { (app) async throws in
                for tag in Self.orTags {
                    try await app.filterButton.tap()
                    try await app.clearAllButton.tap()
                    try await app.filterRow(tag).tap()
                    try await app.doneButton.tap()
                    #expect(try await Journey.shownAnimalIDs(app) == Journey.expected(tags: [tag]).map(\.id), "tag \(tag)")
                }
            }
        }

        @Test func reopeningTheFilterShowsTheExistingSelection() async throws {
            try await withAnimalsApp { (app) async throws in
                try await app.filterButton.tap()
                for tag in Self.orTags { try await app.filterRow(tag).tap() }
                try await app.doneButton.tap()
                try await app.filterButton.tap()
                for tag in Animals.allTags {
                    #expect(try await app.filterRow(tag).isSelected == Self.orTags.contains(tag), "row \(tag)")
                }
            }
        }

        @Test func presetFiltersAreSelectedInTheFilterScreen() async throws {
            try await withAnimalsApp(arguments: ["-filters", Self.orTags.joined(separator: ",")]) { (app) async throws in
                #expect(try await Journey.shownAnimalIDs(app) == Journey.expected(tags: Set(Self.orTags)).map(\.id))
                try await app.filterButton.tap()
                for tag in Animals.allTags {
                    #expect(try await app.filterRow(tag).isSelected == Self.orTags.contains(tag), "row \(tag)")
                }
            }
        }

        @Test func clearingAllFiltersShowsEveryAnimal() async throws {
            try await withAnimalsApp(arguments: ["-filters", Self.orTags.joined(separator: ",")]) { (app) async throws in
                #expect(try await app.galleryCells.count < Animals.all.count)
                try await app.filterButton.tap()
                try await app.clearAllButton.tap()
                for tag in Animals.allTags {
                    #expect(try await !app.filterRow(tag).isSelected, "row \(tag) after Clear all")
                }
                try await app.doneButton.tap()
                #expect(try await Journey.shownAnimalIDs(app) == Animals.all.map(\.id))
                try await app.filterButton.tap()
                for tag in Animals.allTags {
                    #expect(try await !app.filterRow(tag).isSelected, "row \(tag) after reopening")
                }
            }
        }

        @Test func goingBackFromTheFilterKeepsTheAppliedSelection() async throws {
            try await withAnimalsApp(arguments: ["-filters", Self.orTags[0]]) { (app) async throws in
                try await app.filterButton.tap()
                try await app.filterRow(Self.orTags[1]).tap()
                try await app.backButton.tap()
                #expect(try await Journey.shownAnimalIDs(app) == Journey.expected(tags: [Self.orTags[0]]).map(\.id))
            }
        }
    }
}
