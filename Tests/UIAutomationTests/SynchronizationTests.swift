import DevTools
import Foundation
import Testing
import UIAutomation

@Suite("Waiting and actionability")
struct SynchronizationTests {
    private func quick(_ seconds: Double) -> Configuration {
        var configuration = Configuration()
        configuration.actionTimeout = .milliseconds(Int(seconds * 1000))
        return configuration
    }

    @Test func elementThatAppearsLaterIsWaitedFor() async throws {
        try await withApp("/delayed") { (app) async throws in
            // Nothing is scheduled before "start": these hold however busy the machine is.
            #expect(try await !app.buttons["late"].exists)
            #expect(try await app.staticTexts["goes-away"].exists)
            try await app.buttons["start"].tap()
            #expect(try await app.buttons["late"].waitForExistence(timeout: 10))
            #expect(try await app.staticTexts["goes-away"].waitForNonExistence(timeout: 10))
            #expect(try await !app.buttons["never"].waitForExistence(timeout: 0.2))
        }
    }

    @Test func actionsWaitForTheirElementToAppear() async throws {
        try await withApp("/delayed") { (app) async throws in
            try await app.buttons["start"].tap()
            try await app.buttons["late"].tap()
        }
    }

    @Test func overlayBlocksTapUntilItGoes() async throws {
        try await withApp("/overlay") { (app) async throws in
            try await app.buttons["under"].tap()  // waits for the scrim to be removed
            #expect(try await app.snapshot().root.label == "tapped")
        }
    }

    @Test func permanentOverlayFailsNamingWhatCoversTheElement() async throws {
        try await withConfiguredApp("/overlay?hold=forever", quick(0.6)) { (app) async throws in
            do {
                try await app.buttons["under"].tap()
                Issue.record("tapped through an overlay")
            } catch let error as UIAutomationError {
                guard let cover = error.reason.coveredBy else {
                    Issue.record("wrong reason: \(error.reason)")
                    return
                }
                #expect(cover.contains("blocker"))
                #expect(cover.contains("scrim"))
                #expect(error.waited != nil)
                #expect(error.description.contains("app.buttons[\"under\"].tap()"))
                #expect(error.artifacts.contains { $0.hasSuffix(".png") })
                #expect(error.artifacts.contains { $0.hasSuffix(".txt") })
                for file in error.artifacts { #expect(FileManager.default.fileExists(atPath: file)) }
            }
        }
    }

    @Test func tapWaitsForACSSTransitionToFinish() async throws {
        try await withApp("/transition") { (app) async throws in
            try await app.buttons["moving"].tap()
            #expect(try await app.snapshot().root.label == "caught")
            #expect(try await app.buttons["moving"].frame.x < 50)
        }
    }

    @Test func disabledButtonIsNotTappedAndSaysSo() async throws {
        try await withConfiguredApp("/disabled", quick(0.5)) { (app) async throws in
            #expect(try await !app.buttons["never"].isEnabled)
            do {
                try await app.buttons["never"].tap()
                Issue.record("tapped a disabled button")
            } catch let error as UIAutomationError {
                #expect(error.reason == .disabled)
            }
            #expect(try await app.snapshot().root.label == "Disabled")
        }
    }

    @Test func buttonEnabledLaterIsTappedOnceEnabled() async throws {
        try await withApp("/disabled") { (app) async throws in
            try await app.buttons["later"].tap()
            #expect(try await app.snapshot().root.label == "enabled tap")
        }
    }

    @Test func centreTapOnAFullWidthToggleDoesNothingButTheKnobWorks() async throws {
        try await withApp("/toggle") { (app) async throws in
            let toggle = app.switches["airplane"]
            #expect(try await toggle.value == "0")
            try await toggle.tap()
            #expect(try await toggle.value == "0")  // the row's centre is its label: nothing happens
            try await toggle.coordinate(withNormalizedOffset: Vector(dx: 0.93, dy: 0.5)).tap()
            #expect(try await toggle.value == "1")
        }
    }

    @Test func navigationIsWaitedForIncludingTheEnterAnimation() async throws {
        try await withApp("/nav/first") { (app) async throws in
            try await app.links["next"].tap()
            #expect(try await app.staticTexts["title"].label == "Second")
            try await app.buttons["load"].tap()  // a fetch: idle waits for it to finish
            #expect(try await app.snapshot().root.label.hasPrefix("fetched "))
            try await app.links["back"].tap()
            #expect(try await app.staticTexts["title"].label == "First")
        }
    }

    @Test func typingFillsFields() async throws {
        try await withApp("/form") { (app) async throws in
            let name = app.textFields["name"]
            try await name.tap()
            #expect(try await name.hasFocus)
            try await name.typeText("Zoë O'Neil")
            #expect(try await name.value == "Zoë O'Neil")
            #expect(try await app.staticTexts["echo"].label == "Zoë O'Neil")
            try await app.secureTextFields["password"].typeText("s3cret")
            #expect(try await app.secureTextFields["password"].hasFocus)
        }
    }

    @Test func typingLongEmojiAndCombiningMarks() async throws {
        // A family (ZWJ sequence, 8 UTF-16 units) is too long for a key event's text.
        let text = "👨‍👩‍👧 e\u{301} 🇫🇷 ok"
        try await withApp("/form") { (app) async throws in
            let name = app.textFields["name"]
            try await name.typeText(text)
            #expect(try await name.value == text)
            #expect(try await app.staticTexts["echo"].label == text)
        }
    }

    @Test func swipesScrollAList() async throws {
        try await withApp("/list") { (app) async throws in
            let last = app.cells["row-60"]
            #expect(try await !last.isHittable)
            for _ in 0..<10 where try await !last.isHittable {
                try await app.collectionViews["list"].swipeUp()
            }
            #expect(try await last.isHittable)
            #expect(try await !app.cells["row-1"].isHittable)
            try await app.collectionViews["list"].swipeDown()
            #expect(try await app.snapshot().elements.contains { $0.identifier == "row-1" })
        }
    }
}

