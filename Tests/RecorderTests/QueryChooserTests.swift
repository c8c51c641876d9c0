import Recorder
import Testing
import TestSupport
import UIAutomation

/// The query chooser on fixture pages in the real browser: the shortest unique query, checked
/// in the live tree.
@Suite("Query chooser")
struct QueryChooserTests {
    static let page = """
        <!doctype html><html lang="en"><head><title>Chooser</title></head><body><main>
        <button data-testid="save">Save</button>
        <button>Cancel</button>
        <a href="#next">Next</a>
        <ul aria-label="Animals">
          <li aria-label="Lion" data-testid="cell-lion"><button>Favourite</button></li>
          <li aria-label="Tiger" data-testid="cell-tiger"><button>Favourite</button></li>
        </ul>
        <ul><li><button>Edit</button></li><li><button>Edit</button></li></ul>
        <input placeholder="Name">
        <label><input type="checkbox" role="switch" data-testid="wifi"> Wi-Fi</label>
        <p>Say "hi" \\ bye</p>
        <button data-testid="Cancel">Close</button>
        </main></body></html>
        """

    /// Runs `body` with the fixture page open in a headless browser.
    private func withPage(_ body: (Application, PageSnapshot) async throws -> Void) async throws {
        let server = try await FixtureServer.start(pages: ["/": Self.page])
        let app = Application(url: server.url("/"))
        do {
            try await app.launch()
            try await body(app, try await app.snapshot())
        } catch {
            await app.terminate()
            await server.stop()
            throw error
        }
        await app.terminate()
        await server.stop()
    }

    private func index(_ snapshot: PageSnapshot, _ condition: (ElementSnapshot) -> Bool, _ nth: Int = 0) throws -> Int {
        let all = snapshot.elements.indices.filter { condition(snapshot.elements[$0]) }
        return try #require(all.count > nth ? all[nth] : nil)
    }

    @Test func identifierFirstThenLabelThenChainThenIndex() async throws {
        try await withPage { app, snapshot in
            let chooser = QueryChooser(app: app)
            func query(_ index: Int) async throws -> String { try #require(try await chooser.element(for: index, in: snapshot)).description }
            // Identifier first, even where the label is unique too.
            #expect(try await query(try index(snapshot) { $0.identifier == "save" }) == #"app.buttons["save"]"#)
            // The label, when there is no identifier. "Cancel" is also another button's identifier:
            // the subscript would match both, so the label alone is not unique.
            let cancel = try await query(try index(snapshot) { $0.label == "Cancel" })
            #expect(cancel != #"app.buttons["Cancel"]"#)
            #expect(try await query(try index(snapshot) { $0.identifier == "Cancel" }) == #"app.buttons["Close"]"#)
            #expect(try await query(try index(snapshot) { $0.label == "Next" }) == #"app.links["Next"]"#)
            // Inside the nearest ancestor that can be named.
            #expect(try await query(try index(snapshot) { $0.label == "Favourite" }) == #"app.cells["cell-lion"].buttons["Favourite"]"#)
            #expect(try await query(try index(snapshot, { $0.label == "Favourite" }, 1)) == #"app.cells["cell-tiger"].buttons["Favourite"]"#)
            // An index only when nothing else is unique.
            let firstEdit = try await query(try index(snapshot) { $0.label == "Edit" })
            let secondEdit = try await query(try index(snapshot, { $0.label == "Edit" }, 1))
            #expect(firstEdit.hasSuffix(".element(boundBy: 0)") || firstEdit.contains("boundBy"))
            #expect(secondEdit.contains("boundBy") && firstEdit != secondEdit)
            // A text field by its placeholder; a switch by its identifier; a text with quotes and
            // a backslash as a valid literal.
            #expect(try await query(try index(snapshot) { $0.elementType == .textField }) == #"app.textFields["Name"]"#)
            #expect(try await query(try index(snapshot) { $0.identifier == "wifi" }) == #"app.switches["wifi"]"#)
            #expect(try await query(try index(snapshot) { $0.label.hasPrefix("Say") }) == #"app.staticTexts["Say \"hi\" \\ bye"]"#)
        }
    }

    @Test func everyElementGetsAQueryThatSelectsExactlyItInTheLiveTree() async throws {
        try await withPage { app, snapshot in
            let chooser = QueryChooser(app: app)
            for index in snapshot.elements.indices.dropFirst() {
                let element = try #require(try await chooser.element(for: index, in: snapshot), "\(snapshot.elements[index])")
                #expect(try await snapshot.indexes(of: element) == [index], "\(element)")
                #expect(await chooser.verifyLive(element, is: snapshot.elements[index].domNodeId), "\(element)")
                // And the query works as a test would use it (whichever engine resolves it).
                #expect(try await app.domNodeId(of: element.snapshot()) == snapshot.elements[index].domNodeId)
            }
        }
    }

    @Test func aPressOnTextInsideAControlMeansTheControl() async throws {
        try await withPage { app, snapshot in
            let chooser = QueryChooser(app: app)
            let wifi = try index(snapshot) { $0.identifier == "wifi" }
            #expect(chooser.actionTarget(for: wifi, in: snapshot) == wifi)
            let cell = try index(snapshot) { $0.identifier == "cell-lion" }
            let favourite = try index(snapshot) { $0.label == "Favourite" }
            #expect(chooser.actionTarget(for: favourite, in: snapshot) == favourite)
            #expect(chooser.actionTarget(for: cell, in: snapshot) == cell)
        }
    }

    @Test func theInspectorPrintsEachElementWithItsQuery() async throws {
        try await withPage { app, snapshot in
            let text = await Inspector(app: app).describe(snapshot)
            #expect(text.contains(#"Button, identifier: 'save', label: 'Save'  →  app.buttons["save"]"#))
            #expect(text.contains(#"→  app.cells["cell-lion"].buttons["Favourite"]"#))
            #expect(!text.contains("no unique query"))
            #expect(!text.contains("changed since"))
        }
    }
}
