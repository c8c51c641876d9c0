import Foundation
import Testing
import UIAutomation

@Suite("Web-only reads and auto-retrying expectations")
struct WebReadsTests {
    @Test func classesAttributesAndRawTextAreReadFromTheDOM() async throws {
        try await withApp("/todo") { (app) async throws in
            let first = app.cells["item-1"], second = app.cells["item-2"]
            #expect(try await first.classes == [])
            #expect(try await second.classes == ["editing"])
            #expect(try await second.hasClass("editing"))
            #expect(try await !first.hasClass("editing"))
            #expect(try await first.attribute("data-id") == "1")
            #expect(try await first.attribute("data-missing") == nil)
            // The accessible name collapses whitespace; textContent keeps it.
            #expect(try await first.textContent == "  Buy   milk  ")
            #expect(try await second.matches(css: "li.editing[data-id='2']"))
            #expect(try await !first.matches(css: ".editing"))
        }
    }

    @Test func generatedContentIsInTheLabelButNotInTextContent() async throws {
        try await withApp("/todo") { (app) async throws in
            let status = app.staticTexts["status"]
            #expect(try await status.label == "✓ Saved")
            #expect(try await status.textContent == "Saved")
        }
    }

    @Test func anInvalidSelectorIsATypedError() async throws {
        try await withApp("/todo") { (app) async throws in
            do {
                _ = try await app.cells["item-1"].matches(css: "li[[")
                Issue.record("an invalid selector matched")
            } catch let error as UIAutomationError {
                guard error.reason.kind == .invalidRequest, let message = error.reason.message else { throw error }
                #expect(message.hasPrefix("not a CSS selector"))
            }
        }
    }

    @Test func expectationsRetryUntilALateChangeArrives() async throws {
        try await withApp("/todo") { (app) async throws in
            try await app.buttons["complete-later"].tap()
            try await app.cells["item-1"].expect(attribute: "data-state", toEqual: "done")
            try await app.cells["item-1"].expect(hasClass: "editing", false)
            try await app.buttons["add-later"].tap()
            try await app.cells.matching(ElementPredicate.identifier.beginsWith("item-")).expect(count: 3)
            try await app.cells["item-3"].expect(textContent: "Read")
            #expect(try await app.staticTexts["status"].wait(for: \.label, toEqual: "✓ Added", timeout: 5))
            #expect(try await !app.staticTexts["status"].wait(for: \.label, toEqual: "Nope", timeout: 0.2))
            #expect(try await !app.staticTexts["missing"].wait(for: \.label, toEqual: "Nope", timeout: 0.2))
        }
    }

    @Test func aFailedExpectationNamesWhatItLastSawAndSavesArtifactsOnce() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("expect-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var configuration = Configuration()
        configuration.artifactsDirectory = directory
        try await withConfiguredApp("/todo", configuration) { (app) async throws in
            do {
                try await app.cells.matching(ElementPredicate.identifier.beginsWith("item-")).expect(count: 5, timeout: 0.5)
                Issue.record("the count matched")
            } catch let error as UIAutomationError {
                guard let waitingFor = error.reason.waitingFor, case let last = error.reason.lastProblem else { throw error }
                #expect(waitingFor == "5 matches" && last == "2 matches")
                #expect(error.tree?.isEmpty == false)
            }
            // Several polls, one failure: one screenshot and one tree.
            // One folder per test (the recording's failure artifacts observer).
            let folder = directory + "/" + (TestIdentity.current?.folderName ?? "unattributed")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder)
            #expect(files.filter { $0.hasSuffix(".png") }.count == 1, "\(files)")
            do {
                try await app.cells["item-9"].expect(hasClass: "completed", timeout: 0.3)
                Issue.record("a missing element had the class")
            } catch let error as UIAutomationError {
                guard error.reason.kind == .timedOut, case let last = error.reason.lastProblem else { throw error }
                #expect(last == "no element")
            }
        }
    }

    @Test func frameKeyPathsWorkInPredicates() async throws {
        try await withApp("/todo") { (app) async throws in
            let frame = try await app.cells["item-1"].frame
            #expect(frame.width > 0)
            let wide = try ElementPredicate(format: "frame.size.width > 10 AND frame.origin.x >= 0 AND frame.maxX == %@", frame.maxX)
            #expect(try await app.cells["item-1"].evaluate(wide))
            #expect(try await app.cells["item-1"].evaluate(try ElementPredicate(format: "frame.height == %@", frame.height)))
            #expect(try await !app.cells["item-1"].evaluate(try ElementPredicate(format: "frame.minY < 0")))
        }
    }
}

@Suite("A press that lands elsewhere is retried")
struct HitGuardTests {
    @Test func aLayoutChangeBetweenTheCheckAndThePressDoesNotLoseOrMisdirectTheTap() async throws {
        try await withApp("/jump") { (app) async throws in
            try await app.buttons["target"].tap()
            #expect(try await app.staticTexts["clicks"].label == "target 1 after the banner")
            #expect(try await app.staticTexts["banner-clicks"].label == "banner 0")
            // The banner came between the check and the press, as the fixture means it to.
            let tree = try await app.treeDescription()
            #expect(tree.contains("Banner"), "\(tree)")
        }
    }
}

@Suite("fill: replace a field's text in one step")
struct FillTests {
    @Test func fillReplacesTheWholeTextWithOneInputEventAndNoKeys() async throws {
        try await withApp("/fill") { (app) async throws in
            let field = app.textFields["field"]
            try await field.fill("  new   text  ")
            #expect(try await field.domValue == "  new   text  ")
            #expect(try await app.staticTexts["events"].label == "keys 0, inputs 1")
            try await field.fill("")
            #expect(try await field.domValue == "")
            // Clearing presses one Delete.
            #expect(try await app.staticTexts["events"].label == "keys 1, inputs 2")
            try await field.typeText("ab")
            #expect(try await field.domValue == "ab")
            #expect(try await app.staticTexts["events"].label == "keys 3, inputs 4")
        }
    }
}
