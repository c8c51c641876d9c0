import DevTools
import Testing
@testable import UIAutomation

/// The snapshot cache must never serve a stale tree: every kind of change a script can make
/// without our input is seen by the very next query.
@Suite("Snapshot cache")
struct SnapshotCacheTests {
    /// The app on the accessibility tree engine: this suite is about the tree's cache (queries
    /// resolved in the page read no tree; `InPageDifferentialTests` and the suites run on the
    /// default engine cover them).
    private func withTreeApp(_ path: String, _ body: (Application) async throws -> Void) async throws {
        var configuration = Configuration()
        configuration.elementEngine = .accessibilityTree
        try await withConfiguredApp(path, configuration, body)
    }

    /// Runs `script` in the page behind UIAutomation's back (no input, so no invalidation).
    private func sneak(_ script: String, in app: Application) async throws {
        _ = try await app.driver(for: "test").evaluate(script)
    }

    private func statistics(_ app: Application) throws -> (read: Int, reused: Int) {
        try app.driver(for: "test").snapshotStatistics
    }

    /// Whether `steps` (after a settling read, `settle`) left the statistics as `holds` wants,
    /// in one of five tries: a late event after load (a resource, a focus change) may bump the
    /// stamp once; what must hold is that a settled page behaves so.
    private func settled(_ app: Application, settle: () async throws -> Void, _ steps: () async throws -> Void,
                         _ holds: (_ before: (read: Int, reused: Int), _ after: (read: Int, reused: Int)) -> Bool) async throws -> Bool {
        for _ in 0..<5 {
            try await settle()
            let before = try statistics(app)
            try await steps()
            if holds(before, try statistics(app)) { return true }
        }
        return false
    }

    @Test func unchangedPageIsNotReadTwice() async throws {
        try await withTreeApp("/changes") { (app) async throws in
            let reusedBoth = try await settled(app, settle: { _ = try await app.textFields["field"].value }) {
                _ = try await app.textFields["field"].value
                _ = try await app.staticTexts["text"].label
            } _: { before, after in after.read == before.read && after.reused == before.reused + 2 }
            #expect(reusedBoth)
        }
    }

    @Test(arguments: [
        ("document.querySelector('[data-testid=field]').value = 'after'", "field value"),
        ("document.querySelector('[data-testid=check]').checked = true", "checkbox"),
        ("document.querySelector('[data-testid=text]').firstChild.data = 'new text'", "text node"),
        ("document.querySelector('[data-testid=text]').setAttribute('data-testid', 'renamed')", "attribute"),
        ("window.shadowButton.textContent = 'Changed'", "closed shadow root"),
        ("document.querySelector('[data-testid=field]').focus()", "focus"),
    ])
    func changesMadeByScriptsAreSeenAtOnce(script: String, kind: String) async throws {
        try await withTreeApp("/changes") { (app) async throws in
            let before = try await app.snapshot()
            try await sneak(script, in: app)
            let after = try await app.snapshot()
            #expect(before.treeDescription() != after.treeDescription(), "a \(kind) change was not seen")
        }
    }

    @Test func inputWeSendInvalidatesTheCache() async throws {
        try await withTreeApp("/changes") { (app) async throws in
            _ = try await app.textFields["field"].value
            try await app.textFields["field"].typeText("!")
            #expect(try await app.textFields["field"].value == "before!")  // typed at the end
        }
    }

    @Test func nothingIsReusedWhileLayoutMoves() async throws {
        try await withTreeApp("/changes") { (app) async throws in
            try await sneak("""
                document.querySelector('[data-testid=text]').animate(
                  [{ transform: 'none' }, { transform: 'translateX(40px)' }], { duration: 60000 }); 1
                """, in: app)
            _ = try await app.staticTexts["text"].label
            let before = try statistics(app)
            _ = try await app.staticTexts["text"].label
            #expect(try statistics(app).read == before.read + 1)
        }
    }

    /// An opacity or colour animation changes neither the tree nor a box: the tree is reused.
    @Test func aPaintOnlyAnimationDoesNotStopReuse() async throws {
        try await withTreeApp("/changes") { (app) async throws in
            try await sneak("""
                document.querySelector('[data-testid=text]').animate(
                  [{ opacity: 1, color: 'red' }, { opacity: 0.5, color: 'blue' }], { duration: 60000 }); 1
                """, in: app)
            _ = try await app.staticTexts["text"].label
            let before = try statistics(app)
            _ = try await app.staticTexts["text"].label
            #expect(try statistics(app).reused == before.reused + 1)
            #expect(try statistics(app).read == before.read)
        }
    }

    /// Hovering changes `:hover` styling and nothing the page counts: where that styling shows
    /// an element, the next query reads again and sees it (and sees it go).
    @Test func aHoverThatShowsAnElementIsSeen() async throws {
        try await withTreeApp("/hovers") { (app) async throws in
            #expect(try await !app.links["item"].exists)
            try await app.otherElements["menu"].hover()
            #expect(try await app.links["item"].exists)
            try await app.staticTexts["plain"].hover()
            #expect(try await !app.links["item"].exists)
        }
    }

    /// Hovering where only paint changes (the links' rule; the menu's rule matches nothing
    /// before or after) keeps the tree.
    @Test func inputThatOnlyRepaintsKeepsTheTree() async throws {
        try await withTreeApp("/hovers") { (app) async throws in
            let kept = try await settled(app, settle: { _ = try await app.staticTexts["plain"].label }) {
                try await app.staticTexts["plain"].hover()
                _ = try await app.links["link"].label
            } _: { before, after in after.read == before.read && after.reused > before.reused }
            #expect(kept)
        }
    }

    /// A press on a `select` opens its list, which the tree shows with no event counted (the
    /// select has focus already, so no focus event either): the next query reads the tree again.
    @Test func aPressOnASelectReadsAgain() async throws {
        try await withTreeApp("/hovers") { (app) async throws in
            try await sneak("document.querySelector('select').focus(); 1", in: app)
            _ = try await app.staticTexts["plain"].label
            let before = try statistics(app)
            try await app.descendants(matching: .any)["fruit"].tap()
            _ = try await app.staticTexts["plain"].label
            #expect(try statistics(app).read > before.read)
        }
    }
}
