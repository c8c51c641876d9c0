import Testing
import UIAutomation

@Suite("JavaScript dialogs")
struct DialogTests {
    @Test func dialogsAreDismissedByDefaultAndNeverBlock() async throws {
        // A dialog left open blocks the click's Input.dispatchMouseEvent, so a page that blocked
        // would fail the tap at the response timeout (10 s). It was 3 s, and a 20-run soak saw
        // the handled alert's round trip take longer than that once, with the whole suite running.
        try await withApp("/dialogs") { (app) async throws in
            let result = app.staticTexts["result"]
            #expect(app.lastDialog == nil)
            try await app.buttons["alert"].tap()
            #expect(try await result.label == "alert closed")
            let alert = try #require(app.lastDialog)
            #expect(alert.kind == .alert)
            #expect(alert.message == "Saved!")
            #expect(alert.response == .dismiss)
            try await app.buttons["confirm"].tap()
            #expect(try await result.label == "confirm false")
            #expect(app.lastDialog?.message == "Delete everything?")
            try await app.buttons["prompt"].tap()
            #expect(try await result.label == "prompt null")
            #expect(app.lastDialog?.kind == .prompt)
            #expect(app.lastDialog?.defaultPrompt == "Bob")
            #expect(app.dialogs.map(\.kind) == [.alert, .confirm, .prompt])
        }
    }

    @Test func theNextDialogCanBeAnsweredOnce() async throws {
        try await withApp("/dialogs") { (app) async throws in
            let result = app.staticTexts["result"]
            try app.answerNextDialog(.accept)
            try await app.buttons["confirm"].tap()
            #expect(try await result.label == "confirm true")
            try await app.buttons["confirm"].tap()  // back to the policy
            #expect(try await result.label == "confirm false")
            try app.answerNextDialog(.accept(promptText: "Ada"))
            try app.answerNextDialog(.accept)
            try await app.buttons["prompt"].tap()
            #expect(try await result.label == "prompt \"Ada\"")
            #expect(app.lastDialog?.response == .accept(promptText: "Ada"))
            try await app.buttons["prompt"].tap()
            #expect(try await result.label == "prompt \"Bob\"")  // accepted with its default
        }
    }

    @Test func theAcceptPolicyPressesOK() async throws {
        var configuration = Configuration()
        configuration.dialogPolicy = .accept
        try await withConfiguredApp("/dialogs", configuration) { (app) async throws in
            let result = app.staticTexts["result"]
            try await app.buttons["confirm"].tap()
            #expect(try await result.label == "confirm true")
            try await app.buttons["prompt"].tap()
            #expect(try await result.label == "prompt \"Bob\"")
            try app.answerNextDialog(.dismiss)
            try await app.buttons["confirm"].tap()
            #expect(try await result.label == "confirm false")
        }
    }

    /// The headless shell asks no `beforeunload` question at all (measured: no dialog event,
    /// with or without `returnValue`); the full browser does, and the policy accepts it. Either
    /// way the page is left.
    @Test func aPageThatAsksBeforeItIsLeftIsLeft() async throws {
        try await withApp("/dialogs") { (app) async throws in
            try await app.buttons["guard"].tap()
            #expect(try await app.staticTexts["result"].label == "guarded")
            try await app.links["leave"].tap()
            #expect(try await app.staticTexts["result"].label == "left")
            #expect(app.lastDialog == nil || app.lastDialog?.kind == .beforeUnload)
        }
    }
}
