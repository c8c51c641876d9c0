public import Foundation
import UIAutomation

/// A point on screen relative to an element, as XCUITest's `XCUICoordinate`. Acting on it
/// touches that point whatever is there (no hit-target check), then waits until the app is idle.
open class XCUICoordinate: NSObject, @unchecked Sendable {
    let coordinate: Result<Coordinate, any Error>
    /// The element the coordinate is relative to.
    public let referencedElement: XCUIElement

    init(coordinate: Result<Coordinate, any Error>, element: XCUIElement) {
        self.coordinate = coordinate
        self.referencedElement = element
    }

    open override var description: String {
        (try? coordinate.get()).map { "\($0)" } ?? "\(referencedElement).coordinate"
    }

    /// This coordinate moved by `vector` points.
    open func withOffset(_ vector: CGVector) -> XCUICoordinate {
        XCUICoordinate(coordinate: coordinate.map { $0.withOffset(Vector(dx: Double(vector.dx), dy: Double(vector.dy))) },
                       element: referencedElement)
    }

    /// The point on screen now.
    open var screenPoint: CGPoint {
        act("screenPoint", CallerLine(file: #filePath, line: #line), fallback: CGPoint.zero) { coordinate in
            let point = try await coordinate.screenPoint()
            return CGPoint(x: point.x, y: point.y)
        }
    }

    /// Taps the point.
    open func tap(file: StaticString = #filePath, line: UInt = #line) {
        act("tap()", CallerLine(file: file, line: line), fallback: ()) { try await $0.tap() }
    }

    /// Taps the point twice.
    open func doubleTap(file: StaticString = #filePath, line: UInt = #line) {
        act("doubleTap()", CallerLine(file: file, line: line), fallback: ()) { try await $0.doubleTap() }
    }

    /// Touches the point for `duration` seconds.
    open func press(forDuration duration: TimeInterval, file: StaticString = #filePath, line: UInt = #line) {
        act("press(forDuration: \(duration))", CallerLine(file: file, line: line), fallback: ()) { try await $0.press(forDuration: duration) }
    }

    /// Touches the point for `duration` seconds, drags to `otherCoordinate` and lifts.
    open func press(forDuration duration: TimeInterval, thenDragTo otherCoordinate: XCUICoordinate,
                    file: StaticString = #filePath, line: UInt = #line) {
        press(forDuration: duration, thenDragTo: otherCoordinate, withVelocity: .default, thenHoldForDuration: 0, file: file, line: line)
    }

    /// Touches the point for `duration` seconds, drags to `otherCoordinate` at `velocity`, holds
    /// `holdDuration` seconds and lifts.
    open func press(forDuration duration: TimeInterval, thenDragTo otherCoordinate: XCUICoordinate, withVelocity velocity: XCUIGestureVelocity,
                    thenHoldForDuration holdDuration: TimeInterval, file: StaticString = #filePath, line: UInt = #line) {
        let site = CallerLine(file: file, line: line)
        let other: Coordinate
        switch otherCoordinate.coordinate {
        case .success(let coordinate): other = coordinate
        case .failure(let error):
            Facade.fail(error, at: site)
            return
        }
        act("press(forDuration: \(duration), thenDragTo: \(otherCoordinate))", site, fallback: ()) {
            try await $0.press(forDuration: duration, thenDragTo: other, pointsPerSecond: Double(velocity.rawValue),
                               thenHoldForDuration: holdDuration)
        }
    }

    private func act<T: Sendable>(_ call: String, _ site: CallerLine, fallback: T,
                                  _ body: @escaping @Sendable (Coordinate) async throws -> T) -> T {
        switch coordinate {
        case .failure(let error):
            Facade.fail(error, at: site)
            return fallback
        case .success(let coordinate):
            return Facade.call("\(coordinate).\(call)", at: site, configuration: referencedElement.configuration, fallback: fallback) {
                try await body(coordinate)
            }
        }
    }
}
