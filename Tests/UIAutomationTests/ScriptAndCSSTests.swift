import Foundation
import Testing
@testable import UIAutomation

@Suite("The web-only path: scripts, storage and CSS-selector queries")
struct ScriptAndCSSTests {
    @Test func localStorageIsReadWrittenKeptOverAReloadAndEmptyAtALaunch() async throws {
        try await withApp("/persist") { (app) async throws in
            let note = app.textFields["note"]
            #expect(try await app.localStorage.value(forKey: "note") == nil)
            try await note.typeText("Milk")
            #expect(try await app.localStorage.value(forKey: "note") == "Milk")
            #expect(try await app.localStorage.keys == ["note"])

            // A value the test writes is what the page reads when it loads.
            try await app.localStorage.setValue("Eggs \"and\" ham", forKey: "note")
            try await app.reload()
            #expect(try await note.value == "Eggs \"and\" ham")

            try await app.localStorage.removeValue(forKey: "note")
            #expect(try await app.localStorage.keys == [])
            try await app.sessionStorage.setValue("1", forKey: "tab")
            #expect(try await app.sessionStorage.value(forKey: "tab") == "1")
            #expect(try await app.localStorage.value(forKey: "tab") == nil)

            try await app.localStorage.setValue("kept?", forKey: "note")
            try await app.launch()  // a fresh context: nothing carried over
            #expect(try await app.localStorage.keys == [])
            #expect(try await note.value ?? "" == "")
        }
    }

    @Test func storedJSONDecodesAndAMismatchIsATypedError() async throws {
        struct Todo: Decodable, Equatable { let title: String; let completed: Bool }
        try await withApp("/persist") { (app) async throws in
            try await app.localStorage.setValue(#"[{"title":"Milk","completed":true}]"#, forKey: "todos")
            #expect(try await app.localStorage.decoded([Todo].self, forKey: "todos") == [Todo(title: "Milk", completed: true)])
            #expect(try await app.localStorage.decoded([Todo].self, forKey: "none") == nil)
            try await app.localStorage.setValue("not json", forKey: "todos")
            do {
                _ = try await app.localStorage.decoded([Todo].self, forKey: "todos")
                Issue.record("text that is not JSON decoded")
            } catch let error as UIAutomationError {
                guard error.reason.kind == .unexpectedValue, case let actual = error.reason.actual else { throw error }
                #expect(actual == "not json")
                #expect(error.query.hasPrefix("app.localStorage.decoded"))
            }
        }
    }

    @Test func scriptsReturnTypedValuesAwaitPromisesAndReportExceptions() async throws {
        struct Point: Decodable, Equatable { let x: Int; let y: Int }
        try await withApp("/persist") { (app) async throws in
            #expect(try await app.evaluate("1 + 2", as: Int.self) == 3)
            #expect(try await app.evaluate("document.title", as: String.self) == "Persist")
            #expect(try await app.evaluate("({ x: 1, y: 2 })", as: Point.self) == Point(x: 1, y: 2))
            #expect(try await app.evaluate("new Promise(r => setTimeout(() => r(['a', 'b']), 50))", as: [String].self) == ["a", "b"])
            #expect(try await app.evaluate("undefined", as: String?.self) == nil)
            try await app.run(javaScript: "document.querySelector('[data-testid=loads]').textContent = 'changed by a script'")
            #expect(try await app.staticTexts["loads"].label == "changed by a script")
            do {
                try await app.run(javaScript: "throw new Error('broken on purpose')")
                Issue.record("a throwing script succeeded")
            } catch let error as UIAutomationError {
                guard error.reason.kind == .scriptFailed, let message = error.reason.message else { throw error }
                #expect(message.contains("broken on purpose"))
                #expect(error.query == #"app.run(javaScript: "throw new Error('broken on purpose')")"#)
            }
            do {
                _ = try await app.evaluate("'three'", as: Int.self)
                Issue.record("a string decoded as an Int")
            } catch let error as UIAutomationError {
                guard error.reason.kind == .unexpectedValue, case let actual = error.reason.actual else { throw error }
                #expect(actual == "\"three\"")
            }
        }
    }

    @Test func cssSelectorsFilterTheTreesElements() async throws {
        try await withApp("/todo") { (app) async throws in
            let editing = app.cells.matching(css: "li.editing")
            #expect(try await editing.count == 1)
            #expect(try await editing.element.identifier == "item-2")
            // Chains go on from a CSS step as from any other.
            #expect(try await editing.checkBoxes.element.identifier == "toggle-2")
            #expect(try await app.cells.matching(css: "[data-id]").count == 2)
            #expect(try await app.cells.matching(css: ".completed").count == 0)
            // A text is matched by its parent element.
            #expect(try await app.staticTexts.matching(css: "li.editing label").element.label == "Walk")
            // The selector is re-evaluated at every use: a class added later is seen.
            try await app.buttons["complete-later"].tap()
            try await app.cells.matching(css: ".completed").expect(count: 1)
            #expect(try await app.cells.matching(css: ".completed").element.identifier == "item-1")
            #expect(app.cells.matching(css: ".completed").description == #"app.cells.matching(css: ".completed")"#)
        }
    }

    /// Past a few candidates without handles, a CSS step searches the document instead of
    /// asking each candidate (``PageDriver/nodes(_:matchingCSS:)``); the answers must be the
    /// same: texts matched by their parent element, none by an ancestor, an invalid selector
    /// a typed error — and a page with a shadow tree (which a search of the document does not
    /// reach) asks each candidate.
    @Test(arguments: [("/many-texts", 10, true), ("/many-texts-shadow", 11, false)])
    func cssOverManyCandidatesGivesTheSameAnswers(path: String, hits: Int, searches: Bool) async throws {
        try await withApp(path) { (app) async throws in
            #expect(try await app.staticTexts.count == 34 + hits - 10)
            #expect(try await app.staticTexts.matching(css: "li.hit").count == hits)
            #expect(try await app.staticTexts.matching(css: "li.hit").firstMatch.label.hasPrefix("Item 0"))
            #expect(try await app.staticTexts.matching(css: "li.hit span").count == 4)
            #expect(try await app.staticTexts.matching(css: "ul").count == 0)
            #expect(try await app.buttons.matching(css: "li.hit button").count == hits)
            #expect(try await app.buttons.matching(css: "li:not(.hit) > button").firstMatch.label == "Go 1")
            do {
                _ = try await app.staticTexts.matching(css: "li[[").count
                Issue.record("an invalid selector matched")
            } catch let error as UIAutomationError {
                guard error.reason.kind == .invalidRequest, let message = error.reason.message else { throw error }
                #expect(message.contains("is not a CSS selector"))
            }
            // Which way it went: a search makes no handle on the candidates; asking each makes one each.
            let driver = try #require(try app.driver(for: "test") as? PageDriver)
            let texts = try await driver.snapshot().elements.compactMap { $0.elementType == .staticText ? $0.node : nil }
            #expect(driver.nodeHandles.unknownCount(of: texts) == (searches ? texts.count : 0))
        }
    }

    @Test func anInvalidSelectorInAQueryIsATypedErrorNamingTheQuery() async throws {
        try await withApp("/todo") { (app) async throws in
            do {
                _ = try await app.cells.matching(css: "li[[").count
                Issue.record("an invalid selector matched")
            } catch let error as UIAutomationError {
                guard error.reason.kind == .invalidRequest, let message = error.reason.message else { throw error }
                #expect(message.contains("is not a CSS selector"))
                #expect(error.query == #"app.cells.matching(css: "li[[")"#)
            }
        }
    }

    @Test func openEventStreamsDoNotKeepThePageBusy() async throws {
        // An XHR counts as in flight until it completes — except an event stream, which never
        // does: it counts only until its headers arrive, like an EventSource or a fetch.
        var configuration = Configuration()
        configuration.idleTimeout = .seconds(3)
        try await withConfiguredApp("/stream", configuration) { (app) async throws in
            // Generous: once (a CI run, full suite) the EventSource's message had not come after
            // 6 s while the XHR's had; an EventSource reconnects only after its 3 s retry delay.
            // What this test is about is the tap below, not how soon a stream delivers.
            try await app.staticTexts["received"].expect(ElementPredicate.label == "eventsource, xhr", timeout: 30)
            try await app.buttons["tap"].tap()  // waits for idle: returns although both streams stay open
            #expect(try await app.buttons["tap"].label == "Tapped")
            #expect(try await app.evaluate("window.__lab.inflight", as: Int.self) == 0)
        }
    }
}

extension FixturePages {
    /// Thirty list items (a text and a button each), every third of class `hit`, every ninth
    /// with a `<span>` of text too; the second page adds a `hit` item in a shadow tree.
    static let manyTexts = page("Many texts", manyItems)
    static let manyTextsWithShadow = page("Many texts, a shadow tree", manyItems + """
        <div id="host"></div>
        <script>document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML =
          '<ul><li class="hit">In shadow <button>Go</button></li></ul>'</script>
        """)
    private static let manyItems = "<ul>" + (0..<30).map { index in
        let span = index % 9 == 0 ? "<span>bold \(index)</span> " : ""
        return "<li\(index % 3 == 0 ? " class=\"hit\"" : "")>Item \(index) \(span)<button>Go \(index)</button></li>"
    }.joined() + "</ul>"
}
