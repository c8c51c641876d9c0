import Foundation
import Testing
import UIAutomation

/// Gestures that move content and points given by coordinates: swipes sideways, offsets from
/// an element's normalized point.
@Suite("Gestures and coordinates")
struct GestureAndCoordinateTests {
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
}
