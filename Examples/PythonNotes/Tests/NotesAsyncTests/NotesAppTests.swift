import Testing
import UIAutomation
import UIAutomationTesting

/// The Python app and the help site through UIAutomation's async API.
@Suite(.uiAutomation)
struct NotesAppTests {
    /// The Python app, started fresh for each launch; ready when it says it is serving.
    let notes = ProcessHost(
        executable: "python3", arguments: ["app/notes.py", "--port", "{port}"], readiness: .outputContains("notes: serving on"))

    @Test func whatAUserWritesIsShownAsText() async throws {
        let app = Application(host: notes)
        try await app.launch()
        let note = #"<img src=x onerror="document.title='owned'"> & more"#
        try await app.textViews["note-text"].typeText(note)
        try await app.buttons["Save"].tap()
        #expect(try await app.staticTexts["note-1"].label == note)
        #expect(try await app.evaluate("document.title", as: String.self) == "Notes")
        await app.terminate()
    }

    @Test func launchArgumentsSeedTheApp() async throws {
        let app = Application(host: notes)
        app.launchArguments = ["--note", "Seeded"]
        try await app.launch()
        #expect(try await app.staticTexts["count"].label == "1 note")
        #expect(try await app.staticTexts["note-1"].label == "Seeded")
        await app.terminate()
    }

    @Test func theHelpSiteIsServedFromItsFolder() async throws {
        let help = Application(host: FolderHost("Site"))
        try await help.launch()
        try await help.links["Privacy"].tap()
        #expect(try await help.staticTexts["help-title"].label == "Privacy")
        await help.terminate()
    }
}
