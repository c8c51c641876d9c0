import Testing
import UIAutomation
import UIAutomationTesting

/// The same app through UIAutomation's async API. The server is this package's own
/// executable product, started fresh for each launch; it is ready once it prints its line.
@Suite(.uiAutomation)
struct TodoAppTests {
    let host = ProcessHost.swiftProduct("TodoServer", arguments: ["--port", "{port}"], readiness: .outputContains("TodoServer listening on"))

    @Test func completingATodoUpdatesTheCount() async throws {
        let app = Application(host: host)
        app.launchArguments = ["--seed", "Buy milk,Walk the dog"]
        try await app.launch()
        #expect(try await app.staticTexts["remaining"].label == "2 items left")
        try await app.buttons["todo-1-toggle"].tap()
        #expect(try await app.staticTexts["remaining"].label == "1 item left")
        #expect(try await app.buttons["todo-1-toggle"].label == "Reopen Buy milk")
        await app.terminate()
    }

    @Test func whatAUserTypesIsShownAsText() async throws {
        let app = Application(host: host)
        try await app.launch()
        #expect(try await app.staticTexts["Nothing to do."].exists)
        let title = #"<script>document.title = "owned"</script> & <b>bold</b>"#
        try await app.textFields["new-todo"].typeText(title)
        try await app.buttons["Add"].tap()
        #expect(try await app.links["todo-1-link"].label == title)
        #expect(try await app.evaluate("document.title", as: String.self) == "To-dos")
        await app.terminate()
    }

    @Test func everyLaunchIsAFreshServer() async throws {
        let app = Application(host: host)
        try await app.launch()
        try await app.textFields["new-todo"].typeText("Only in the first launch")
        try await app.buttons["Add"].tap()
        #expect(try await app.links["Only in the first launch"].exists)
        try await app.launch()
        #expect(try await app.staticTexts["Nothing to do."].exists)
        await app.terminate()
    }
}
