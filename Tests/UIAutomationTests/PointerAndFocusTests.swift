import Testing
import UIAutomation

@Suite("Hover, focus and DOM values")
struct PointerAndFocusTests {
    @Test func hoverRevealsAButtonThatCanThenBeTapped() async throws {
        try await withApp("/hover") { (app) async throws in
            #expect(try await !app.buttons["delete-1"].exists)
            try await app.cells["row-1"].hover()
            #expect(try await app.buttons["delete-1"].exists)
            #expect(try await !app.buttons["delete-2"].exists)
            try await app.buttons["delete-1"].tap()
            #expect(try await !app.cells["row-1"].exists)
            try await app.cells["row-2"].hover()
            #expect(try await app.buttons["delete-2"].isHittable)
        }
    }

    @Test func resignFocusBlursTheFieldAndRunsItsChangeHandler() async throws {
        try await withApp("/blur") { (app) async throws in
            let city = app.textFields["city"], changes = app.staticTexts["changes"]
            try await city.typeText("Oslo")
            #expect(try await city.hasFocus)
            #expect(try await changes.label == "no change")  // `change` waits for the blur
            try await city.resignFocus()
            #expect(try await !city.hasFocus)
            #expect(try await changes.label == "changed to Oslo")
            try await city.resignFocus()  // not focused: nothing happens
            #expect(try await changes.label == "changed to Oslo")
        }
    }

    @Test func domValueIsWhatScriptsReadNotWhatTheAccessibilityTreeSays() async throws {
        try await withApp("/values") { (app) async throws in
            let size = app.descendants(matching: .any)["size"]
            #expect(try await size.value == "Large")
            #expect(try await size.domValue == "L")
            let pin = app.secureTextFields["pin"]
            #expect(try await pin.domValue == "1234")
            #expect(try await pin.value != "1234")
            #expect(try await app.textViews["notes"].domValue == "line one")
            let name = app.textFields["name"]
            #expect(try await name.domValue == "Ada")
            try await app.buttons["rename"].tap()
            #expect(try await name.domValue == "Grace")
            try await name.typeText("!")
            #expect(try await name.domValue == "Grace!")
            #expect(try await app.staticTexts["plain"].domValue == nil)
        }
    }
}
