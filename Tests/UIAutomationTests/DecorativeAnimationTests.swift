import Foundation
import UIAutomation
import UIAutomationTesting
import XCTest

/// What "idle" waits for after an action: animations that move layout, not those that only
/// paint (colour, opacity). XCTest, so it runs before the parallel Swift Testing suites and
/// the 2 s windows below are not eaten by the rest of the suite's load.
final class DecorativeAnimationTests: XCTestCase {
    var app: Application!

    override func setUp() async throws {
        app = Application(host: try await FixtureHost.page("/decor"))
        try await app.launch()
    }

    override func tearDown() async throws {
        await app.terminate()
    }

    func testATapBesideARunningColourTransitionDoesNotWaitForIt() async throws {
        let status = app.staticTexts["status"]
        let started = ContinuousClock.now
        try await app.buttons["tick"].tap()  // starts a 2 s colour transition on the label
        try await app.staticTexts["label"].tap()  // the label itself, while its colour changes
        let taps = ContinuousClock.now - started
        // The page saw the second click while the transition ran: the first tap did not wait.
        let click = try await app.staticTexts["click"].label
        XCTAssertEqual(click, "clicked while colour runs", "the tap waited for a colour transition (\(taps))")
        // It did run, and ended later on its own.
        let ended = try await status.wait(for: ElementPredicate.key("label").endsWith("color ended"), timeout: 5)
        XCTAssertTrue(ended)
        print("decor: two taps beside a running 2 s colour transition took \(taps)")
    }

    func testATapDoesNotWaitForAnOpacityAnimation() async throws {
        let status = app.staticTexts["status"]
        try await app.buttons["fade"].tap()  // a 2 s opacity keyframe animation on the label
        let seen = try await status.label
        XCTAssertNotEqual(seen, "fade ended", "the tap waited for an opacity animation")
        let ended = try await status.wait(for: ElementPredicate.key("label") == "fade ended", timeout: 5)
        XCTAssertTrue(ended)
    }

    func testALayoutMovingTransitionIsStillWaitedFor() async throws {
        let status = app.staticTexts["status"]
        let started = ContinuousClock.now
        try await app.buttons["slide"].tap()  // moves its own panel by transform for 600 ms
        let slide = ContinuousClock.now - started
        var seen = try await status.label
        XCTAssertEqual(seen, "transform ended")  // idle came after the transition's end
        let x = try await app.buttons["slide"].frame.x
        XCTAssertGreaterThan(x, 100)
        try await app.buttons["expand"].tap()  // grows a box by height for 600 ms
        seen = try await status.label
        XCTAssertEqual(seen, "height ended")
        let height = try await app.otherElements["grow"].frame.height
        XCTAssertGreaterThan(height, 70)
        print("decor: a tap that starts a 600 ms slide took \(slide)")
    }
}
