import AnimalsApp
import DevTools
import Foundation
import LabTesting
import Recorder
import Testing
import TestSupport
import UIAutomation

/// The recorder re-reads the element tree after every report, once the app is idle. A press
/// that navigates, made while that re-read is still under way, must be resolved in a tree of
/// the page it was made in — not in the tree of the page it opened, which the re-read ends up
/// reading (seen once in six CI runs as `otherElements.element(boundBy: 0)` for a gallery
/// cell). Made deterministic here: the page is kept busy (a 4 s layout animation that moves
/// nothing), so the re-read after a Shift key waits; the press on the zebra's cell is sent
/// right behind the key, pipelined, and opens the zebra's page long before the animation ends.
@Suite("A press during the recorder's re-read", .enabled(if: VirtualDisplay.isAvailable, "needs Xvfb and a full chromium (scripts/ensure-xvfb)"), .heavyWork)
struct PressDuringRereadTests {
    typealias ID = AnimalsIdentifiers

    @Test func aPressThatNavigatesDuringTheRereadIsResolvedInItsOwnPage() async throws {
        let steps = try await RecordingHarness.record(LabAppHost(app: AnimalsApp())) { app, session, _ in
            let cell = app.cells[ID.cell("zebra")]
            try await cell.hover()  // in view, the pointer on it (a move is no step)
            try await session.settle()
            let frame = try await cell.frame
            let (x, y) = (frame.midX, frame.midY)
            let (_, page) = try #require(app.runningPage)
            // In the app's own world: busy (a layout animation runs) for 4 s, unless the page goes first.
            let animation = "document.body.animate([{ transform: 'none' }, { transform: 'none' }], { duration: 4000 }); true"
            let started = try await page.send(CDP.Runtime.Evaluate(expression: animation))
            #expect(started.exceptionDetails == nil)
            try await page.sendPipelined([
                CDP.Input.DispatchKeyEvent(type: "rawKeyDown", key: "Shift", code: "ShiftLeft", windowsVirtualKeyCode: 16),
                CDP.Input.DispatchKeyEvent(type: "keyUp", key: "Shift", code: "ShiftLeft", windowsVirtualKeyCode: 16),
                CDP.Input.DispatchMouseEvent(type: "mouseMoved", x: x, y: y),
                CDP.Input.DispatchMouseEvent(type: "mousePressed", x: x, y: y, button: "left", clickCount: 1),
                CDP.Input.DispatchMouseEvent(type: "mouseReleased", x: x, y: y, button: "left", clickCount: 1),
            ])
            #expect(try await app.staticTexts[ID.detailName].waitForExistence(timeout: 10))
        }
        #expect(steps == [.tap(#"app.cells["animals.cell.zebra"]"#)])
    }
}
