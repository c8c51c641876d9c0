@testable import AnimalsApp
import LabKit
import Testing

@Suite("Gallery filter")
struct GalleryFilterTests {
    func ids(_ animals: [Animal]) -> Set<String> { Set(animals.map(\.id)) }

    @Test func twelveAnimalsWithUniqueIdsAndSharedTags() {
        #expect(Animals.all.count == 12)
        #expect(Set(Animals.all.map(\.id)).count == 12)
        #expect(Animals.allTags == Array(Set(Animals.all.flatMap(\.tags))).sorted())
        // Overlapping tags make OR filtering meaningful.
        #expect(Animals.allTags.contains { tag in Animals.all.filter { $0.tags.contains(tag) }.count > 1 })
    }

    @Test func noFilterShowsEverything() {
        #expect(GalleryFilter().apply(to: Animals.all, favorites: []) == Animals.all)
    }

    @Test(arguments: Animals.allTags)
    func oneTagShowsTheAnimalsCarryingIt(_ tag: String) {
        let shown = GalleryFilter(tags: [tag]).apply(to: Animals.all, favorites: [])
        #expect(ids(shown) == ids(Animals.all.filter { $0.tags.contains(tag) }))
    }

    @Test func severalTagsAreORed() throws {
        let tags: Set = ["stripes", "farm"]
        let shown = GalleryFilter(tags: tags).apply(to: Animals.all, favorites: [])
        let expected = Animals.all.filter { !tags.isDisjoint(with: $0.tags) }
        #expect(shown == expected)
        for tag in tags {
            #expect(ids(shown).isSuperset(of: ids(GalleryFilter(tags: [tag]).apply(to: Animals.all, favorites: []))))
        }
        #expect(shown.count > GalleryFilter(tags: ["stripes"]).apply(to: Animals.all, favorites: []).count)
    }

    @Test func favoritesOnlyIntersectsWithTheTags() {
        let favorites: Set = ["lion", "zebra", "cow"]
        #expect(ids(GalleryFilter(favoritesOnly: true).apply(to: Animals.all, favorites: favorites)) == favorites)
        #expect(ids(GalleryFilter(tags: ["stripes"], favoritesOnly: true).apply(to: Animals.all, favorites: favorites)) == ["zebra"])
        #expect(ids(GalleryFilter(tags: ["stripes", "farm"], favoritesOnly: true).apply(to: Animals.all, favorites: favorites)) == ["zebra", "cow"])
    }

    @Test func nothingMatchingIsTheEmptyState() {
        #expect(GalleryFilter(favoritesOnly: true).apply(to: Animals.all, favorites: []).isEmpty)
        #expect(GalleryFilter(tags: ["fish"], favoritesOnly: true).apply(to: Animals.all, favorites: ["lion"]).isEmpty)
        #expect(AnimalsState(favorites: [], filter: GalleryFilter(favoritesOnly: true)).visibleAnimals.isEmpty)
    }

    @Test func theGalleryShowsTheEmptyStateInsteadOfCellsWhenNothingMatches() {
        let paths = AnimalsPaths(prefix: "/animals")
        let emptyState = #"data-testid="\#(AnimalsIdentifiers.emptyState)""#
        let empty = GalleryScreen(state: AnimalsState(favorites: [], filter: GalleryFilter(favoritesOnly: true)), paths: paths).page.html
        #expect(empty.contains(emptyState))
        #expect(empty.contains("No animals found"))
        #expect(!empty.contains(AnimalsIdentifiers.cell("lion")))
        let full = GalleryScreen(state: AnimalsState(), paths: paths).page.html
        #expect(!full.contains(emptyState))
        #expect(!full.contains("No animals found"))
        #expect(Animals.all.allSatisfy { full.contains(#"data-testid="\#(AnimalsIdentifiers.cell($0.id))""#) })
    }

    @Test func launchPresetsFavoritesAndFiltersAndIgnoresUnknownOnes() {
        let fromArguments = AnimalsState(launch: LaunchOptions(arguments: ["-favorites", "lion,unicorn", "-filters", "stripes,plaid", "-favoritesOnly", "YES"]))
        #expect(fromArguments.favorites == ["lion"])
        #expect(fromArguments.filter == GalleryFilter(tags: ["stripes"], favoritesOnly: true))
        let fromEnvironment = AnimalsState(launch: LaunchOptions(environment: ["LAB_FAVORITES": "cow,pig", "LAB_FILTERS": "farm"]))
        #expect(fromEnvironment.favorites == ["cow", "pig"])
        #expect(fromEnvironment.filter == GalleryFilter(tags: ["farm"]))
        #expect(AnimalsState(launch: LaunchOptions()) == AnimalsState())
    }

    @Test func togglingAFavoriteTwiceRestoresIt() {
        var state = AnimalsState()
        state.toggleFavorite("owl")
        #expect(state.favorites == ["owl"])
        state.toggleFavorite("owl")
        #expect(state.favorites.isEmpty)
    }
}
