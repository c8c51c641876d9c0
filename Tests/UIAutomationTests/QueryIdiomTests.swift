import Testing
import TestSupport
import UIAutomation

@Suite("Query idioms: did you mean, count, launch arguments")
struct QueryIdiomTests {
    private var quick: Configuration {
        var configuration = Configuration()
        configuration.actionTimeout = .milliseconds(300)
        return configuration
    }

    /// The failure of `action`, which must be `.noMatch`.
    private func noMatch(_ action: () async throws -> Void) async throws -> UIAutomationError {
        do {
            try await action()
        } catch let error as UIAutomationError {
            #expect(error.reason == .noMatch)
            return error
        }
        Issue.record("found a match")
        return UIAutomationError(query: "", reason: .notRunning)
    }

    @Test func aNearMatchIsSuggestedWhenNothingMatches() async throws {
        try await withConfiguredApp("/basics", quick) { (app) async throws in
            // Another case.
            let upper = try await noMatch { try await app.buttons["SAVE"].tap() }
            #expect(upper.suggestions.count == 1)
            #expect(upper.suggestions.first?.contains("its label is \"Save\", not \"SAVE\"") == true)
            #expect(upper.description.contains("did you mean:\n  - Button"))
            // A prefix of the label.
            let prefix = try await noMatch { _ = try await app.staticTexts["Hello"].label }
            #expect(prefix.suggestions.first?.contains("\"Hello there\" begins with \"Hello\"") == true)
            // A child's label: the list item's own name is empty, its text is inside it.
            let child = try await noMatch { try await app.cells["Tiger"].tap() }
            #expect(child.suggestions.first?.contains("identifier: 'cell-tiger'") == true)
            #expect(child.suggestions.first?.contains("its child StaticText has the label \"Tiger\"") == true)
            // Another type: a link where a button was asked for.
            let type = try await noMatch { try await app.buttons["Next"].tap() }
            #expect(type.suggestions.contains { $0.contains("a Link where Button was asked for: app.links[\"Next\"]") })
            // matching(identifier:) is a text query too.
            let identifier = try await noMatch { _ = try await app.buttons.matching(identifier: "Save").element.label }
            #expect(identifier.suggestions.first?.contains("its label is \"Save\"") == true)
            // Nothing near: no suggestion.
            let nothing = try await noMatch { try await app.buttons["zzz"].tap() }
            #expect(nothing.suggestions.isEmpty)
            #expect(!nothing.description.contains("did you mean"))
        }
    }

    @Test func aNearMatchOfAnotherTypeIsFoundPastTheGlyphsOfItsLabel() async throws {
        try await withConfiguredApp("/glyphs", quick) { (app) async throws in
            #expect(try await app.checkBoxes.element.label == "❯ Mark all as complete")
            let error = try await noMatch { try await app.buttons["Mark all as complete"].tap() }
            #expect(error.suggestions.contains { $0.contains(#"(a CheckBox: app.checkBoxes["Mark all as complete"])"#) },
                    "\(error.suggestions)")
            // The suggested query finds it.
            try await app.checkBoxes["Mark all as complete"].tap()
            #expect(try await app.checkBoxes["Mark all as complete"].value == "1")
        }
    }

    @Test func countIsZeroWhenAnEarlierElementIsMissing() async throws {
        try await withApp("/basics") { (app) async throws in
            #expect(try await app.cells["cell-lion"].buttons.count == 1)
            #expect(try await app.cells["cell-gone"].buttons.count == 0)
            #expect(try await app.cells.element(boundBy: 9).buttons.count == 0)
            #expect(try await app.cells["cell-gone"].buttons.allElementsBoundByIndex.isEmpty)
            // Several matches earlier in the chain are still an error: which one was meant?
            await #expect(throws: UIAutomationError.self) { _ = try await app.buttons["dup"].children(matching: .any).count }
        }
    }

    @Test func applicationWithURLRefusesLaunchArgumentsItCannotApply() async throws {
        let server = try await FixtureHost.page("/basics").server
        let app = Application(url: server.url("/basics"))
        app.launchArguments = ["-favorites", "lion"]
        do {
            try await app.launch()
            Issue.record("launched and ignored the arguments")
        } catch let error as UIAutomationError {
            guard error.reason.kind == .invalidRequest, let message = error.reason.message else {
                Issue.record("wrong reason: \(error.reason)")
                return
            }
            #expect(message.contains("-favorites"))
            #expect(error.query == "app.launch()")
        }
        #expect(!app.isRunning)
        app.launchArguments = []
        app.launchEnvironment = ["LAB_FILTERS": "cats"]
        await #expect(throws: UIAutomationError.self) { try await app.launch() }
        app.launchEnvironment = [:]
        try await app.launch()
        #expect(try await app.buttons["save"].exists)
        await app.terminate()
    }
}
