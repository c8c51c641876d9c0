import Foundation
import Testing
import UIAutomation

@Suite("Per-call options and the rest of the element API")
struct PerCallTests {
    @Test func aPerCallTimeoutOverridesTheConfiguredOne() async throws {
        try await withApp("/overlay?hold=forever") { (app) async throws in
            let started = ContinuousClock.now
            do {
                try await app.buttons["under"].tap(timeout: 0.3)  // the configuration says 10 s
                Issue.record("tapped through an overlay")
            } catch let error as UIAutomationError {
                #expect(error.waited.map { $0 < .seconds(5) } == true)
            }
            #expect(ContinuousClock.now - started < .seconds(8))
        }
    }

    @Test func coordinatePressAndAppChildren() async throws {
        try await withApp("/gestures") { (app) async throws in
            try await app.buttons["hold"].coordinate(withNormalizedOffset: Vector(dx: 0.5, dy: 0.5)).press(forDuration: 0.3)
            #expect(try await app.staticTexts["log"].label.hasPrefix("held "))
            // The page's direct children: its two buttons and the paragraph.
            #expect(try await app.children(matching: .button).count == 2)
            #expect(try await app.children(matching: .staticText).element.identifier == "log")
        }
    }
}
