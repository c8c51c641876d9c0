import Foundation
import Testing
import UIAutomation

@Suite("Per-call options and the rest of the element API")
struct PerCallTests {
    @Test func aPerCallTimeoutOverridesTheConfiguredOne() async throws {
        // The configuration says a minute, so "gave up well before it" tells the per-call 0.3 s
        // from the configured timeout even on a machine too loaded for tight bounds (5 s was
        // exceeded with its load at 25).
        var configuration = Configuration()
        configuration.actionTimeout = .seconds(60)
        try await withConfiguredApp("/overlay?hold=forever", configuration) { (app) async throws in
            let started = ContinuousClock.now
            do {
                try await app.buttons["under"].tap(timeout: 0.3)
                Issue.record("tapped through an overlay")
            } catch let error as UIAutomationError {
                #expect(error.waited.map { $0 < .seconds(30) } == true)
            }
            #expect(ContinuousClock.now - started < .seconds(40))
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
