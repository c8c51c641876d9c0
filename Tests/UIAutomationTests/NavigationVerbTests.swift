import DevTools
import TestSupport
import Testing
import UIAutomation

@Suite("Reload, history and open")
struct NavigationVerbTests {
    @Test func reloadKeepsStorageAndCookies() async throws {
        try await withApp("/persist") { (app) async throws in
            let note = app.textFields["note"]
            #expect(try await app.staticTexts["loads"].label == "loads 1")
            try await note.typeText("Milk")
            try await app.reload()
            // A new document: its script ran again, counted the load and restored the note.
            #expect(try await app.staticTexts["loads"].label == "loads 2")
            #expect(try await note.value == "Milk")
            #expect(try await !note.hasFocus)
            try await app.launch()  // a relaunch, unlike a reload, starts clean
            #expect(try await app.staticTexts["loads"].label == "loads 1")
            #expect(try await note.value ?? "" == "")
        }
    }

    @Test func backAndForwardAcrossPagesAndWithinOne() async throws {
        try await withApp("/history/one") { (app) async throws in
            let title = app.staticTexts["title"]
            try await app.links["next"].tap()
            #expect(try await title.label == "Two")
            try await app.goBack()
            #expect(try await title.label == "One")
            try await app.goForward()
            #expect(try await title.label == "Two")
            // A pushState step: back and forward stay in the same document (no load event).
            try await app.buttons["tab"].tap()
            #expect(try await title.label == "Two, tab 2")
            try await app.goBack()
            #expect(try await title.label == "Two")
            try await app.goForward()
            #expect(try await title.label == "Two, tab 2")
        }
    }

    @Test func goingPastTheEndOfHistoryIsAnInvalidRequest() async throws {
        try await withApp("/history/one") { (app) async throws in
            do {
                try await app.goBack()
                Issue.record("went back from the first page")
            } catch let error as UIAutomationError {
                guard error.reason.kind == .invalidRequest, let message = error.reason.message else {
                    Issue.record("wrong reason: \(error.reason)")
                    return
                }
                #expect(message.contains("back"))
                #expect(error.query == "app.goBack()")
            }
            await #expect(throws: UIAutomationError.self) { try await app.goForward() }
            #expect(try await app.staticTexts["title"].label == "One")
        }
    }

    @Test func openResolvesAgainstTheLaunchURL() async throws {
        try await withApp("/history/one") { (app) async throws in
            let title = app.staticTexts["title"]
            try await app.open("two")  // relative to …/history/one
            #expect(try await title.label == "Two")
            try await app.open("/history/two?tab=7")
            #expect(try await title.label == "Two, tab 7")
            try await app.open("#end")  // fragment only: …/history/one#end, a new document here
            #expect(try await title.label == "One")
            try await app.open("#top")  // now the same document: no load event, still waited for
            #expect(try await title.label == "One")
            try await app.goBack()
            #expect(try await title.label == "One")
            try await app.goBack()
            #expect(try await title.label == "Two, tab 7")
            let absolute = try await FixtureHost.page("/history/two").server.url("/history/two")
            try await app.open(absolute)
            #expect(try await title.label == "Two")
        }
    }

    @Test func openingAURLTheBrowserCannotLoadFailsClearly() async throws {
        try await withApp("/history/one") { (app) async throws in
            do {
                try await app.open("http://127.0.0.1:1/")
                Issue.record("opened a closed port")
            } catch let error as UIAutomationError {
                guard let failure = error.reason.browserFailure, failure.kind == .navigationFailed else {
                    Issue.record("wrong reason: \(error.reason)")
                    return
                }
                #expect(failure.subject == "http://127.0.0.1:1/")
                #expect(error.query == "app.open(\"http://127.0.0.1:1/\")")
            }
        }
    }
}
