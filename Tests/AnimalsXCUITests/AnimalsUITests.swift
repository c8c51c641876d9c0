import AnimalsApp
import XCTest
import XCUIAutomation

/// Every user journey of automation-animals.md in plain XCUITest: synchronous calls on
/// `XCUIApplication()`, identifiers from the app's own `AnimalsIdentifiers` (as an iOS app
/// shares its `AccessibilityIdentifiers` with its UI tests).
final class AnimalsUITests: XCTestCase {
    typealias ID = AnimalsIdentifiers
    let app = XCUIApplication()

    override func setUp() {
        super.setUp()
        app.launch()
    }

    // MARK: Helpers (page-object style)

    var galleryCells: XCUIElementQuery {
        app.collectionViews[ID.gallery].cells.matching(NSPredicate(format: "identifier BEGINSWITH %@", "animals.cell."))
    }

    func shownAnimalIDs(file: StaticString = #filePath, line: UInt = #line) -> [String] {
        galleryCells.allElementsBoundByIndex.map { String($0.identifier.dropFirst("animals.cell.".count)) }
    }

    func openDetail(_ animal: Animal, file: StaticString = #filePath, line: UInt = #line) {
        app.cells[ID.cell(animal.id)].tap()
        XCTAssertTrue(app.navigationBars[ID.detailNavigationBar].waitForExistence(timeout: 5), file: file, line: line)
        XCTAssertEqual(app.staticTexts[ID.detailName].label, animal.name, file: file, line: line)
        for tag in animal.tags {
            XCTAssertTrue(app.staticTexts[ID.detailTag(tag)].exists, "tag \(tag) of \(animal.name)", file: file, line: line)
        }
    }

    func goBack() {
        app.buttons[ID.backButton].tap()
        XCTAssertTrue(app.navigationBars[ID.galleryNavigationBar].waitForExistence(timeout: 5))
    }

    // MARK: First launch

    func testFirstLaunchShowsEveryAnimalAndEachOpensItsDetail() {
        XCTAssertEqual(galleryCells.count, 12)
        XCTAssertEqual(shownAnimalIDs(), Animals.all.map(\.id))
        for animal in Animals.all {
            openDetail(animal)
            let favorite = app.buttons[ID.favoriteButton]
            XCTAssertTrue(favorite.isHittable, "the favourite button of \(animal.name) can be tapped")
            XCTAssertTrue(favorite.isEnabled)
            XCTAssertEqual(favorite.label, "Add to Favourites")
            goBack()
        }
    }

    func testFavoritesOnlyWithNoFavoritesShowsNoAnimalsFound() {
        app.buttons[ID.favoritesToggle].tap()
        XCTAssertTrue(app.staticTexts[ID.emptyState].waitForExistence(timeout: 5))
        XCTAssertEqual(app.staticTexts[ID.emptyState].label, "No animals found")
        XCTAssertEqual(galleryCells.count, 0)
    }

    // MARK: Favoriting

    func testFavoritingShowsAStarOnTheDetailAndInTheGallery() {
        let zebra = Animals.all.first { $0.id == "zebra" }!
        XCTAssertFalse(app.images[ID.cellStar("zebra")].exists)
        openDetail(zebra)
        XCTAssertFalse(app.images[ID.detailStar].exists)
        app.buttons[ID.favoriteButton].tap()
        XCTAssertTrue(app.images[ID.detailStar].waitForExistence(timeout: 5))
        XCTAssertEqual(app.buttons[ID.favoriteButton].label, "Remove from Favourites")
        goBack()
        XCTAssertTrue(app.images[ID.cellStar("zebra")].exists)
        XCTAssertFalse(app.images[ID.cellStar("lion")].exists)
    }

    func testFavoritesOnlyShowsTheFavoritesAndEachOpensItsDetail() {
        app.terminate()
        app.launchArguments = ["-favorites", "lion,owl"]
        app.launch()
        app.buttons[ID.favoritesToggle].tap()
        XCTAssertEqual(shownAnimalIDs(), ["lion", "owl"])
        for animal in Animals.all where ["lion", "owl"].contains(animal.id) {
            openDetail(animal)
            XCTAssertTrue(app.images[ID.detailStar].exists)
            goBack()
        }
    }

    // MARK: Filtering

    func testFilteringShowsAnimalsWithAnyOfTheTags() {
        app.buttons[ID.filterButton].tap()
        XCTAssertTrue(app.tables[ID.filterTable].waitForExistence(timeout: 5))
        app.cells[ID.filterRow("stripes")].tap()
        app.cells[ID.filterRow("farm")].tap()
        app.buttons[ID.doneButton].tap()
        let expected = Animals.all.filter { !Set($0.tags).isDisjoint(with: ["stripes", "farm"]) }
        XCTAssertEqual(shownAnimalIDs(), expected.map(\.id))
        openDetail(expected[0])
        goBack()
    }

    func testReopeningTheFilterShowsTheSelectionAndClearAllShowsEveryAnimal() {
        app.buttons[ID.filterButton].tap()
        app.cells[ID.filterRow("ocean")].tap()
        app.buttons[ID.doneButton].tap()
        XCTAssertEqual(galleryCells.count, Animals.all.filter { $0.tags.contains("ocean") }.count)

        app.buttons[ID.filterButton].tap()
        for tag in Animals.allTags {
            XCTAssertEqual(app.cells[ID.filterRow(tag)].isSelected, tag == "ocean", "row \(tag)")
        }
        app.buttons[ID.clearAllButton].tap()
        XCTAssertFalse(app.cells[ID.filterRow("ocean")].isSelected)
        app.buttons[ID.doneButton].tap()
        XCTAssertEqual(galleryCells.count, 12)
    }
}
