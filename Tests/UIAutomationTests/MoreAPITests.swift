import Foundation
import Testing
import UIAutomation

@Suite("More of the API")
struct MoreAPITests {
    @Test func horizontalSwipesScrollSideways() async throws {
        try await withApp("/carousel") { (app) async throws in
            let strip = app.collectionViews["strip"]
            let first = try await app.cells["card-1"].frame.x
            try await strip.swipeLeft()
            let moved = try await app.cells["card-1"].frame.x
            #expect(moved < first - 50)
            try await strip.swipeRight()
            #expect(try await app.cells["card-1"].frame.x > moved + 50)
        }
    }

    @Test func coordinatesWithOffsetsReachTheRightPoint() async throws {
        try await withApp("/toggle") { (app) async throws in
            let toggle = app.switches["airplane"]
            // From the row's left edge, move right to the knob by points.
            let width = try await toggle.frame.width
            try await toggle.coordinate(withNormalizedOffset: Vector(dx: 0, dy: 0.5))
                .withOffset(Vector(dx: width - 30, dy: 0)).tap()
            #expect(try await toggle.value == "1")
            let point = try await toggle.coordinate(withNormalizedOffset: Vector(dx: 0.5, dy: 0.5)).screenPoint()
            let frame = try await toggle.frame
            #expect(abs(point.x - frame.midX) < 0.01 && abs(point.y - frame.midY) < 0.01)
        }
    }

    @Test func waitingForAPredicateOnAnElement() async throws {
        try await withApp("/delayed") { (app) async throws in
            try await app.buttons["start"].tap()
            let late = app.buttons["late"]
            #expect(try await late.wait(for: try ElementPredicate(format: "exists == true AND isEnabled == true"), timeout: 10))
            #expect(try await !late.wait(for: .label == "Early", timeout: 0.2))
            #expect(try await late.evaluate(.label == "Late" && .isHittable))
            #expect(try await app.buttons["missing"].evaluate(try ElementPredicate(format: "exists == false")))
        }
    }

    @Test func elementMatchingAndSnapshots() async throws {
        try await withApp("/basics") { (app) async throws in
            #expect(try await app.buttons.element(matching: .identifier == "save").label == "Save")
            #expect(try await app.cells.element(matching: .cell, identifier: "cell-tiger").exists)
            let snapshots = try await app.collectionViews.cells.snapshots()
            #expect(snapshots.map(\.identifier) == ["cell-lion", "cell-tiger", "cell-zebra"])
        }
    }

    @Test func identifierAttributeIsConfigurable() async throws {
        var configuration = Configuration()
        configuration.identifierAttribute = "data-qa"
        try await withConfiguredApp("/custom-id", configuration) { (app) async throws in
            #expect(try await app.buttons["go"].label == "Go")
            #expect(try await !app.buttons["other"].exists)
        }
    }

    @Test func deviceSizeTouchColourSchemeAndReducedMotionAreEmulated() async throws {
        var iPhone = Configuration()
        iPhone.device = .iPhone
        try await withConfiguredApp("/media", iPhone) { (app) async throws in
            #expect(try await app.staticTexts["size"].label == "393x852")
            #expect(try await app.staticTexts["scheme"].label == "light")
            #expect(try await app.staticTexts["touch"].label == "touch")
            #expect(try await app.staticTexts["motion"].label == "motion")
        }
        var configuration = Configuration()
        configuration.device = .desktop
        configuration.device.colorScheme = "dark"
        configuration.device.reducedMotion = true
        try await withConfiguredApp("/media", configuration) { (app) async throws in
            #expect(try await app.staticTexts["size"].label == "1280x800")
            #expect(try await app.staticTexts["scheme"].label == "dark")
            #expect(try await app.staticTexts["touch"].label == "no touch")
            #expect(try await app.staticTexts["motion"].label == "reduced motion")
        }
    }

    @Test func theDefaultDeviceTakesReducedMotionFromTheEnvironment() {
        let expected = ProcessInfo.processInfo.environment[Configuration.reducedMotionVariable] == "1"
        #expect(Configuration().device.reducedMotion == expected)
        #expect(Configuration().device.width == Device.iPhone.width && !Device.iPhone.reducedMotion)
    }
}
