import LabSupport
public import Foundation

/// A point on screen relative to an element or to the screen, as `XCUICoordinate` is.
/// Acting on it touches that point whatever is there (no hit-target check), after its
/// element is resolved; then waits until the app is idle.
public struct Coordinate: Sendable, CustomStringConvertible {
    /// What the offsets are relative to.
    enum Anchor: Sendable {
        case element(Element)
        case screen(Application)
    }

    let anchor: Anchor
    /// Fractions of the anchor's box: (0, 0) its top-left, (1, 1) its bottom-right.
    public let normalizedOffset: Vector
    /// Points added after the normalized offset.
    public let pointOffset: Vector

    init(anchor: Anchor, normalizedOffset: Vector, pointOffset: Vector = Vector(dx: 0, dy: 0)) {
        self.anchor = anchor
        self.normalizedOffset = normalizedOffset
        self.pointOffset = pointOffset
    }

    /// The element it is relative to; `nil` for a point relative to the screen.
    public var referencedElement: Element? {
        if case .element(let element) = anchor { return element }
        return nil
    }

    var app: Application {
        switch anchor {
        case .element(let element): return element.app
        case .screen(let app): return app
        }
    }

    public var description: String {
        let base: String
        switch anchor {
        case .element(let element): base = "\(element)"
        case .screen: base = "app"
        }
        var text = "\(base).coordinate(withNormalizedOffset: \(normalizedOffset))"
        if pointOffset != Vector(dx: 0, dy: 0) { text += ".withOffset(\(pointOffset))" }
        return text
    }

    /// This coordinate moved by `offset` points.
    public func withOffset(_ offset: Vector) -> Coordinate {
        Coordinate(anchor: anchor, normalizedOffset: normalizedOffset,
                   pointOffset: Vector(dx: pointOffset.dx + offset.dx, dy: pointOffset.dy + offset.dy))
    }

    /// The point on screen now.
    public func screenPoint(file: StaticString = #filePath, line: UInt = #line) async throws -> (x: Double, y: Double) {
        try await called(file, line) {
            let frame: Rect
            switch anchor {
            case .element(let element): frame = try await element.frame
            case .screen(let app):
                let device = app.screen
                frame = Rect(x: 0, y: 0, width: Double(device.width), height: Double(device.height))
            }
            return (frame.x + frame.width * normalizedOffset.dx + pointOffset.dx,
                    frame.y + frame.height * normalizedOffset.dy + pointOffset.dy)
        }
    }

    /// Taps the point.
    public func tap(file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await act("tap()") { driver, point in try await driver.tap(x: point.x, y: point.y) }
        }
    }

    /// Taps the point twice in quick succession.
    public func doubleTap(file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await act("doubleTap()") { driver, point in try await driver.tap(x: point.x, y: point.y, count: 2) }
        }
    }

    /// Touches the point and holds for `duration` seconds.
    public func press(forDuration duration: TimeInterval, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await act("press(forDuration: \(duration))") { driver, point in
                try await driver.tap(x: point.x, y: point.y, holding: .seconds(clamping: duration))
            }
        }
    }

    /// Touches the point, holds for `duration` seconds, drags to `other` at `pointsPerSecond`,
    /// holds there `holdDuration` seconds and lifts.
    public func press(forDuration duration: TimeInterval, thenDragTo other: Coordinate, pointsPerSecond: Double = 1_000,
                      thenHoldForDuration holdDuration: TimeInterval = 0, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await act("press(forDuration: \(duration), thenDragTo: \(other))") { driver, point in
                let end = try await other.screenPoint()
                try await driver.drag(from: point, to: end, holding: .seconds(clamping: duration), pointsPerSecond: pointsPerSecond,
                                      holdAtEnd: .seconds(clamping: holdDuration))
            }
        }
    }

    /// Swipes from the point in `direction` (the content moves that way) at `pointsPerSecond`.
    public func swipe(_ direction: SwipeDirection, pointsPerSecond: Double = 2_400, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await act("swipe\(direction.rawValue.capitalized)()") { driver, point in
                let device = app.screen
                let (dx, dy) = direction.unit
                try await driver.swipe(from: point, dx: dx * Double(device.width) * 0.4, dy: dy * Double(device.height) * 0.35,
                                       speed: max(1, Int(pointsPerSecond.rounded())))
            }
        }
    }

    /// Turns the mouse wheel at the point by `deltaX`, `deltaY` points.
    public func scroll(byDeltaX deltaX: Double, deltaY: Double, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await act("scroll(byDeltaX: \(deltaX), deltaY: \(deltaY))") { driver, point in
                try await driver.wheel(at: point, dx: deltaX, dy: deltaY)
            }
        }
    }

    /// The point on screen, once its element exists: a coordinate of an element that is not
    /// there yet (a screen still loading) waits for it, as an action on the element would,
    /// until `deadline`; then the call fails naming the element.
    private func resolvedPoint(until deadline: ContinuousClock.Instant) async throws -> (x: Double, y: Double) {
        var point: (x: Double, y: Double)?
        var missing: UIAutomationError?
        _ = try await poll(until: deadline) {
            do {
                point = try await withExpectedFailures { try await screenPoint() }
                return true
            } catch let error as UIAutomationError where error.meansMissing {
                missing = error
                return false
            }
        }
        if let point { return point }
        guard var failure = missing else { return try await screenPoint() }
        failure.waited = CallProgress.current?.elapsed
        throw await app.recordFailure(failure)
    }

    /// Resolves the point, runs `input` there and waits for idle, all within one deadline.
    private func act(_ call: String, _ input: @escaping (any PageEngine, (x: Double, y: Double)) async throws -> Void) async throws {
        let name = "\(self).\(call)"
        try await app.step(name, .action) {
            try await CallProgress.run(name, limit: app.configuration.actionTimeout) { progress in
                progress.enter("resolve")
                progress.waiting(for: "the element to exist")
                let point = try await resolvedPoint(until: progress.deadline)
                let driver = try app.driver(for: name)
                try await app.perform(name) {
                    progress.enter("input")
                    try await input(driver, point)
                    progress.enter("wait for idle")
                    try await driver.waitForIdle(until: progress.deadline(within: app.configuration.idleTimeout))
                }
            }
        }
    }
}

extension Element {
    /// A point relative to the element's box: (0, 0) its top-left, (1, 1) its bottom-right.
    public func coordinate(withNormalizedOffset offset: Vector) -> Coordinate {
        Coordinate(anchor: .element(self), normalizedOffset: offset)
    }
}

extension Application {
    /// A point relative to the screen: (0, 0) its top-left, (1, 1) its bottom-right
    /// (XCUITest's `app.coordinate(withNormalizedOffset:)`).
    public func coordinate(withNormalizedOffset offset: Vector) -> Coordinate {
        Coordinate(anchor: .screen(self), normalizedOffset: offset)
    }

    /// Types `text` into whatever has keyboard focus now (XCUITest's `app.typeText(_:)`), then
    /// waits until the app is idle. The same characters as ``Element/typeText(_:timeout:file:line:)``.
    public func typeText(_ text: String, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            let name = "app.typeText(\(SwiftLiteral.string(text)))"
            try TypableText.check(text, query: name)
            let driver = try driver(for: name)
            try await verbStep(name, timeout: nil) { progress in
                progress.enter("input")
                try await driver.type(text)
                progress.enter("wait for idle")
                try await driver.waitForIdle(until: progress.deadline)
            }
        }
    }
}

extension Vector: CustomStringConvertible {
    public var description: String { "CGVector(dx: \(dx), dy: \(dy))" }
}
