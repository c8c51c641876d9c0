import AnimalsApp
import Foundation
import LabTesting
import Recorder
import Testing
import TestSupport
import UIAutomation

/// `lab inspect --window`: in a headed Chromium on Xvfb, the pointer (DevTools `Input` events on
/// the window: trusted, as a person's) goes to two elements of Automation Animals; for each, the
/// window shows — next to the element — the query ``QueryChooser`` recommends for it, which
/// selects exactly that element, and the same line is handed to the terminal. The page's own
/// view of its DOM (its element count, a MutationObserver it installed before inspection, its
/// body's shadow root) and the element tree a test reads are the same before and after.
@Suite("Inspecting on hover", .enabled(if: VirtualDisplay.isAvailable, "needs Xvfb and a full chromium"), .heavyWork)
struct HoverInspectorTests {
    @Test func theQueryOfTheElementUnderThePointerIsShownBesideItAndThePageSeesNothing() async throws {
        let display = try await VirtualDisplay.start()
        let (app, browser) = RecordingHarness.headedApp(LabAppHost(app: AnimalsApp()), on: display)
        let inspector = HoverInspector(app: app)
        do {
            try await app.launch()
            try await check(app, inspector)
        } catch {
            await inspector.stop()
            await app.terminate()
            await browser.close()
            try? await display.stop()
            throw error
        }
        await app.terminate()
        await browser.close()
        try await display.stop()
    }

    private func check(_ app: Application, _ inspector: HoverInspector) async throws {
        // The page's own view, taken before inspection starts, from its main world.
        let before = try await app.evaluate(
            """
            (() => {
              window.mutations = [];
              new MutationObserver((records) => {
                for (const record of records) window.mutations.push(record.type + ' on ' + record.target.nodeName);
              }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
              return document.querySelectorAll('*').length;
            })()
            """, as: Int.self)
        let treeBefore = try await app.snapshot().treeDescription(includingFrames: false)
        let printed = Printed()
        await inspector.onInspect { printed.append($0.line) }
        try await inspector.start()
        let chooser = QueryChooser(app: app)

        for target in [app.buttons["animals.filterButton"], app.images["animals.cell.lion.image"]] {
            let snapshot = try await app.snapshot()
            let indexes = try await snapshot.indexes(of: target)
            try #require(indexes.count == 1, "\(target) is not unique on the gallery")
            let expected = try #require(try await chooser.element(for: indexes[0], in: snapshot))

            try await target.hover()
            let label = try await shown(inspector, "\(expected)")
            // The label is next to the element: the element's own box, with the label just below
            // or just above it and overlapping it horizontally.
            let frame = try await target.frame
            #expect(abs(label.elementBox.width - frame.width) <= 1 && abs(label.elementBox.height - frame.height) <= 1)
            let below = label.box.y >= label.elementBox.y + label.elementBox.height - 1
            let above = label.box.y + label.box.height <= label.elementBox.y + 1
            #expect(below || above, "label \(label.box) is not beside the element \(label.elementBox)")
            #expect(label.box.x < label.elementBox.x + label.elementBox.width && label.box.x + label.box.width > label.elementBox.x)
            #expect(label.box.width > 0 && label.box.height > 0)

            // The query shown selects exactly that element: in the tree read now, and live.
            let now = try await app.snapshot()
            let targetNow = try await now.indexes(of: target)
            #expect(try await now.indexes(of: expected) == targetNow)
            #expect(await chooser.verifyLive(expected, is: now.elements[targetNow[0]].domNodeId))
            // And the terminal got the element's line with the same query.
            let line = "\(now.elements[targetNow[0]].line(includingFrame: false))  →  \(expected)"
            try await eventually("the terminal line \(line)") { printed.lines.contains(line) }
            #expect(await inspector.inspections.last { $0.query == "\(expected)" }?.shownInWindow == true)
        }
        // The picture in docs/recorder.md (only with LAB_WRITE_SCREENSHOTS=1): the label beside the lion.
        if DocumentationScreenshots.folder != nil { try await DocumentationScreenshots.shoot(app, "inspector-hover") }

        // Nothing the page sees changed: no new element, no mutation, no shadow root it can reach,
        // none of the inspector's functions; and the element tree a test reads is the same.
        #expect(try await app.evaluate("document.querySelectorAll('*').length", as: Int.self) == before)
        #expect(try await app.evaluate("window.mutations", as: [String].self) == [])
        #expect(try await app.evaluate("document.body.shadowRoot === null", as: Bool.self))
        #expect(try await app.evaluate("typeof __labInspectShow + ' ' + typeof __labInspect", as: String.self) == "undefined undefined")
        #expect(try await app.snapshot().treeDescription(includingFrames: false) == treeBefore)

        await inspector.stop()
        #expect(await inspector.shownLabel() == nil)
        #expect(try await app.evaluate("window.mutations", as: [String].self) == [])
    }

    /// Waits (generously: the machine may be loaded) until the window shows `text`.
    private func shown(_ inspector: HoverInspector, _ text: String) async throws -> ShownLabel {
        var last: ShownLabel?
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            last = await inspector.shownLabel()
            if let last, last.text == text { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the window never showed \(text); it shows \(last.map { "\($0.text)" } ?? "no label")")
        throw CancellationError()
    }

    private func eventually(_ what: String, _ condition: () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if await condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("never: \(what)")
        throw CancellationError()
    }
}

/// Lines handed to the terminal, collected from the inspector's observer.
private final class Printed: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}
