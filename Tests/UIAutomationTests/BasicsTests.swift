import Foundation
import Testing
import UIAutomation

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
}

@Suite("Element state")
struct ElementStateTests {
    @Test func attributesComeFromTheAccessibilityTreeAndDOM() async throws {
        try await withApp("/basics") { (app) async throws in
            let field = app.textFields["name"]
            #expect(try await field.value == "Bob")
            #expect(try await field.placeholderValue == "Your name")
            #expect(try await field.elementType == .textField)
            #expect(try await !field.hasFocus)
            #expect(try await app.cells["tag-cats"].isSelected)
            #expect(try await !app.cells["tag-dogs"].isSelected)
            #expect(try await app.switches["wifi"].value == "1")
            #expect(try await app.buttons["save"].isEnabled)
            let frame = try await app.buttons["save"].frame
            #expect(frame.width > 20 && frame.height >= 44)
            #expect(try await app.buttons["save"].isHittable)
            #expect(try await !app.buttons["nope"].isHittable)
        }
    }

    @Test func treeDumpIsIndentedWithTypeIdentifierLabelValueAndFrame() async throws {
        try await withApp("/basics") { (app) async throws in
            let tree = try await app.treeDescription()
            let lines = tree.split(separator: "\n")
            #expect(lines.first?.hasPrefix("Application, {{0, 0}, {393, 852}}") == true)
            #expect(lines.contains { $0.hasPrefix("    Button, {{") && $0.contains("identifier: 'save', label: 'Save'") })
            #expect(lines.contains { $0.contains("TextField") && $0.contains("value: Bob") })
            #expect(lines.contains { $0.hasPrefix("      Cell, ") && $0.contains("identifier: 'cell-lion'") })
        }
    }

    @Test func screenshotsArePNGsOfTheScreenAndOfAnElement() async throws {
        try await withApp("/basics") { (app) async throws in
            let screen = try await app.screenshot()
            #expect(screen.pngData.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
            #expect(pngSize(screen.pngData) == (393 * 2, 852 * 2))
            let button = try await app.buttons["save"].screenshot()
            let size = pngSize(button.pngData)
            #expect(size.width < 200 && size.width > 40)
        }
    }

    private func pngSize(_ data: Data) -> (width: Int, height: Int) {
        func int(_ offset: Int) -> Int { data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }
}
