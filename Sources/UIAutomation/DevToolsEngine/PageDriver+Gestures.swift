import DevTools
import Foundation

/// Input beyond taps and keys: drags, wheel scrolls, multi-touch taps and swipes at a speed.
extension PageDriver {
    /// Presses at `start`, holds for `duration`, moves to `end` in small steps at
    /// `pointsPerSecond`, holds there for `holdAtEnd`, then releases: a press-and-drag as a
    /// finger does it (the page sees pointer moves between press and release).
    func drag(from start: (x: Double, y: Double), to end: (x: Double, y: Double), holding duration: Duration,
              pointsPerSecond: Double, holdAtEnd: Duration = .zero) async throws {
        try await sendingInput {
            let limit = configuration.responseTimeout
            _ = try await page.send(CDP.Input.DispatchMouseEvent(type: "mouseMoved", x: start.x, y: start.y), timeout: limit)
            _ = try await page.send(CDP.Input.DispatchMouseEvent(
                type: "mousePressed", x: start.x, y: start.y, button: "left", clickCount: 1), timeout: limit)
            if duration > .zero { try await Task.sleep(for: duration) }
            let distance = ((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y)).squareRoot()
            // One move per frame (60 Hz) at the given speed, at least one.
            let seconds = distance / max(pointsPerSecond, 1)
            let moves = max(1, min(120, Int((seconds * 60).rounded(.up))))
            for move in 1...moves {
                let fraction = Double(move) / Double(moves)
                _ = try await page.send(CDP.Input.DispatchMouseEvent(
                    type: "mouseMoved", x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction,
                    button: "left"), timeout: limit)
                if moves > 1 { try await Task.sleep(for: .milliseconds(Int(seconds * 1000) / moves)) }
            }
            if holdAtEnd > .zero { try await Task.sleep(for: holdAtEnd) }
            _ = try await page.send(CDP.Input.DispatchMouseEvent(
                type: "mouseReleased", x: end.x, y: end.y, button: "left", clickCount: 1), timeout: limit)
        }
    }

    /// Scrolls what is under `point` by `dx`, `dy` points, as a mouse wheel does (positive `dy`
    /// reveals what is below). A synthesized mouse scroll gesture: its reply comes once the page
    /// has scrolled, where a bare `mouseWheel` event's scroll is still animating.
    func wheel(at point: (x: Double, y: Double), dx: Double, dy: Double) async throws {
        try await swipe(from: point, dx: -dx, dy: -dy, speed: 4_800)
    }

    /// Touches `count` fingers down around `point` (10 points apart) and lifts them: the page
    /// gets one `touchstart` and one `touchend` whose `touches` hold every finger.
    func multiTouchTap(at point: (x: Double, y: Double), fingers count: Int) async throws {
        try await sendingInput {
            let limit = configuration.responseTimeout
            let points = (0..<count).map { finger in
                CDP.Input.TouchPoint(x: point.x + Double(finger) * 10 - Double(count - 1) * 5, y: point.y, id: finger)
            }
            _ = try await page.send(CDP.Input.DispatchTouchEvent(type: "touchStart", touchPoints: points), timeout: limit)
            _ = try await page.send(CDP.Input.DispatchTouchEvent(type: "touchEnd", touchPoints: []), timeout: limit)
        }
    }
}
