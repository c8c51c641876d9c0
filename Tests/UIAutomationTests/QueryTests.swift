import Foundation
import Testing
import UIAutomation

/// Queries: type shortcuts, subscripts, strict matching, errors, chaining, predicates, matching and snapshots.
@Suite("Queries")
struct QueryTests {
    @Test func typeShortcutsFindElementsByRole() async throws {
        try await withApp("/basics") { (app) async throws in
            #expect(try await app.buttons.count == 6)
            #expect(try await app.staticTexts["title"].label == "Animals")
            #expect(try await app.navigationBars.element.identifier == "navbar")
            #expect(try await app.links["Next"].identifier == "next")
            #expect(try await app.textFields.count == 1)
            #expect(try await app.secureTextFields.element.identifier == "secret")
            #expect(try await app.searchFields.element.label == "Search")
            #expect(try await app.collectionViews.element.identifier == "grid")
            #expect(try await app.tables.element.identifier == "tags")
            #expect(try await app.switches.element.identifier == "wifi")
            #expect(try await app.images.element.label == "Lion")
            #expect(try await app.alerts.element.label == "Oops")
            #expect(try await app.collectionViews.cells.count == 3)
            #expect(try await app.cells.count == 5)  // three grid cells and two options
            #expect(try await app.otherElements.count >= 1)
        }
    }

    @Test func subscriptMatchesIdentifierLabelValueOrPlaceholder() async throws {
        try await withApp("/basics") { (app) async throws in
            #expect(try await app.buttons["save"].label == "Save")          // identifier
            #expect(try await app.buttons["Save"].identifier == "save")     // label
            #expect(try await app.textFields["Bob"].identifier == "name")   // value
            #expect(try await app.textFields["Your name"].value == "Bob")  // placeholder (and label)
            #expect(try await !app.buttons["Nope"].exists)
        }
    }

    @Test func valueOfAnElementWithoutOneIsItsAccessibleDescription() async throws {
        try await withApp("/basics") { (app) async throws in
            let described = app.buttons["described"]
            #expect(try await described.value == "Wrong answer")
            #expect(try await described.label == "Paris")
            #expect(try await !described.isEnabled)
            #expect(try await app.buttons["save"].value == nil)
            #expect(try await app.buttons["Wrong answer"].identifier == "described")  // the subscript matches values
        }
    }

    @Test func strictElementNamesEveryMatchWhenAmbiguous() async throws {
        try await withApp("/basics") { (app) async throws in
            do {
                _ = try await app.buttons["dup"].label
                Issue.record("an ambiguous query resolved")
            } catch let error as UIAutomationError {
                guard error.reason.kind == .multipleMatches, case let matches = error.reason.matches else {
                    Issue.record("wrong reason: \(error.reason)")
                    return
                }
                #expect(matches.count == 2)
                #expect(matches.allSatisfy { $0.contains("identifier: 'dup'") })
                #expect(error.query == #"app.buttons["dup"]"#)
                #expect(error.tree?.contains("Button") == true)
                #expect(error.description.contains("2 elements match"))
            }
            // Not strict: firstMatch and element(boundBy:).
            #expect(try await app.buttons["dup"].exists)
            #expect(try await app.buttons.matching(identifier: "dup").firstMatch.frame.x
                    < app.buttons.matching(identifier: "dup").element(boundBy: 1).frame.x)
        }
    }

    @Test func missingElementsAndIndexesAreClearErrors() async throws {
        try await withApp("/basics") { (app) async throws in
            await #expect(throws: UIAutomationError.self) { _ = try await app.buttons["nope"].label }
            do {
                _ = try await app.cells.element(boundBy: 9).label
                Issue.record("an index past the end resolved")
            } catch let error as UIAutomationError {
                #expect(error.reason == .indexOutOfRange(index: 9, count: 5))
                #expect(error.query == "app.cells.element(boundBy: 9)")
            }
        }
    }

    @Test func chainingFiltersAndContainment() async throws {
        try await withApp("/basics") { (app) async throws in
            let grid = app.collectionViews["grid"]
            #expect(try await grid.cells.count == 3)
            #expect(try await grid.children(matching: .cell).count == 3)
            #expect(try await grid.children(matching: .button).count == 0)
            #expect(try await grid.cells.buttons.count == 2)
            #expect(try await grid.cells.containing(.button, identifier: "fav-tiger").element.identifier == "cell-tiger")
            #expect(try await grid.cells.containing(.button, identifier: nil).count == 2)
            #expect(try await app.cells.matching(.cell, identifier: "cell-zebra").element.exists)
            #expect(try await app.cells["cell-lion"].staticTexts["Lion"].exists)
            #expect(try await app.cells["cell-lion"].descendants(matching: .any).count == 3)
            #expect(try await app.descendants(matching: .any).matching(identifier: "wifi").element.elementType == .switch)
            let all = try await grid.cells.allElementsBoundByIndex
            #expect(all.count == 3)
            #expect(try await all[2].identifier == "cell-zebra")
        }
    }

    @Test func predicateFormatStringsAndTypedPredicates() async throws {
        try await withApp("/basics") { (app) async throws in
            #expect(try await app.buttons.matching(try ElementPredicate(format: "label BEGINSWITH 'Sa'")).count == 3)
            #expect(try await app.buttons.matching(try ElementPredicate(format: "identifier == %@", "save")).count == 1)
            #expect(try await app.cells.matching(try ElementPredicate(format: "isSelected == true")).element.label == "cats")
            #expect(try await app.descendants(matching: .any).matching(try ElementPredicate(format: "elementType == 40")).count == 1)
            #expect(try await app.buttons.matching(.label == "Star" && .identifier.endsWith("tiger")).count == 1)
            #expect(try await app.switches.matching(try ElementPredicate(format: "value == 1")).count == 1)
            #expect(try await app.staticTexts.matching(try ElementPredicate(format: "label CONTAINS[c] 'THERE'")).element.identifier == "intro")
            #expect(try await app.buttons.matching(try ElementPredicate(format: "isHittable == true AND label == 'Save'")).count == 1)
        }
    }

    @Test func badPredicateStringsAreClearErrors() {
        #expect(throws: PredicateSyntaxError.self) { try ElementPredicate(format: "label ==") }
        do {
            _ = try ElementPredicate(format: "label === 'x'")
            Issue.record("a bad operator parsed")
        } catch {
            #expect(error.offset >= 6)
            #expect(error.description.contains("expected"))
        }
    }

    @Test func elementMatchingAndSnapshots() async throws {
        try await withApp("/basics") { (app) async throws in
            #expect(try await app.buttons.element(matching: .identifier == "save").label == "Save")
            #expect(try await app.cells.element(matching: .cell, identifier: "cell-tiger").exists)
            let snapshots = try await app.collectionViews.cells.snapshots()
            #expect(snapshots.map(\.identifier) == ["cell-lion", "cell-tiger", "cell-zebra"])
        }
    }
}
