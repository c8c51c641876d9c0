import LabSupport
public import Foundation

/// Gestures beyond a tap: multi-finger taps, press-and-drag, swipes at a speed, wheel scrolls,
/// sliders and pickers. Each waits, as ``tap(timeout:file:line:)`` does, until the element is actionable,
/// and afterwards until the app is idle.
extension Element {
    /// Taps with two fingers at once at the element's centre (a touch event with two touches).
    public func twoFingerTap(timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await act("twoFingerTap()", timeout: timeout) { driver, x, y in try await driver.multiTouchTap(at: (x, y), fingers: 2) }
        }
    }

    /// Taps `numberOfTaps` times with `numberOfTouches` fingers at the element's centre.
    public func tap(withNumberOfTaps numberOfTaps: Int, numberOfTouches: Int, timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            let call = "tap(withNumberOfTaps: \(numberOfTaps), numberOfTouches: \(numberOfTouches))"
            guard numberOfTaps >= 1, numberOfTouches >= 1 else {
                throw UIAutomationError(query: "\(description).\(call)", reason: .invalidRequest("taps and touches must be at least 1"))
            }
            try await act(call, timeout: timeout) { driver, x, y in
                if numberOfTouches == 1 {
                    try await driver.tap(x: x, y: y, count: numberOfTaps)
                } else {
                    for _ in 0..<numberOfTaps { try await driver.multiTouchTap(at: (x, y), fingers: numberOfTouches) }
                }
            }
        }
    }

    /// Presses the element's centre for `duration` seconds, then drags to `target`'s centre
    /// (at `pointsPerSecond`) and lifts there, holding `holdDuration` seconds first.
    public func press(forDuration duration: TimeInterval, thenDragTo target: Element, pointsPerSecond: Double = 1_000,
                      thenHoldForDuration holdDuration: TimeInterval = 0, timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            let call = "press(forDuration: \(duration), thenDragTo: \(target))"
            try await act(call, timeout: timeout) { driver, x, y in
                let end = try await target.frame
                try await driver.drag(from: (x, y), to: (end.x + end.width / 2, end.y + end.height / 2), holding: .seconds(clamping: duration),
                                      pointsPerSecond: pointsPerSecond, holdAtEnd: .seconds(clamping: holdDuration))
            }
        }
    }

    /// Swipes in `direction` on the element, moving the content by about 40% of the screen at
    /// `pointsPerSecond` (XCUITest's `swipeUp(velocity:)`; 2,400 when not given).
    public func swipe(_ direction: SwipeDirection, pointsPerSecond: Double, timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            let call = "swipe\(direction.rawValue.capitalized)(velocity: \(pointsPerSecond))"
            try await act(call, timeout: timeout) { driver, x, y in
                let device = app.screen
                let (dx, dy) = direction.unit
                try await driver.swipe(from: (x, y), dx: dx * Double(device.width) * 0.4, dy: dy * Double(device.height) * 0.35,
                                       speed: max(1, Int(pointsPerSecond.rounded())))
            }
        }
    }

    /// Turns the mouse wheel over the element's centre by `deltaX`, `deltaY` points (content moves
    /// by that much where the page scrolls: positive `deltaY` reveals what is below).
    public func scroll(byDeltaX deltaX: Double, deltaY: Double, timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await act("scroll(byDeltaX: \(deltaX), deltaY: \(deltaY))", timeout: timeout, tapsTarget: false) { driver, x, y in
                try await driver.wheel(at: (x, y), dx: deltaX, dy: deltaY)
            }
        }
    }

    /// Moves a slider (`<input type="range">`) to `position` (0 = minimum, 1 = maximum) by
    /// pressing its track there, as a finger does; the page gets the same `input` and `change`
    /// events. A position outside 0…1 is an ``UIAutomationError/Reason/invalidRequest(_:)``.
    public func adjust(toNormalizedSliderPosition position: Double, timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            let call = "adjust(toNormalizedSliderPosition: \(position))"
            guard (0...1).contains(position) else {
                throw UIAutomationError(query: "\(description).\(call)", reason: .invalidRequest("a slider position is between 0 and 1"))
            }
            // The thumb's centre travels between half a thumb from each end; 8 points is Chromium's.
            try await act(call, timeout: timeout, offsetX: position, offsetY: 0.5, tapsTarget: false) { driver, x, y in
                let frame = try await self.frame
                let inset = min(8, frame.width / 2)
                let pointX = frame.x + inset + (frame.width - 2 * inset) * position
                try await driver.tap(x: pointX, y: y)
            }
        }
    }

    /// Where a slider's value sits between its minimum (0) and maximum (1).
    public var normalizedSliderPosition: Double {
        get async throws {
            let answer = try await evaluateOnNode(
                "function() { const min = Number(this.min || 0), max = Number(this.max || 100), v = Number(this.value);"
                    + " return max > min ? (v - min) / (max - min) : 0; }", call: "normalizedSliderPosition")
            return answer?.number ?? 0
        }
    }

    /// Chooses the option whose text (or value) is `value` in a picker (`<select>`), as a
    /// wheel turned to it would: the page gets `input` and `change`. No such option, or an
    /// element that is not a `<select>`, fails with ``UIAutomationError/Reason/invalidRequest(_:)``.
    public func adjust(toPickerWheelValue value: String, timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            let call = "adjust(toPickerWheelValue: \(SwiftLiteral.string(value)))"
            try await act(call, timeout: timeout, tapsTarget: false) { _, _, _ in
            } prepare: { driver, element in
                guard let node = element.node else { return }
                let answer = try await driver.callFunction(Self.selectOptionScript, on: node, arguments: [.string(value)])
                if let problem = answer?.string, !problem.isEmpty {
                    throw UIAutomationError(query: "\(description).\(call)", reason: .invalidRequest(problem))
                }
            }
        }
    }

    private static let selectOptionScript = """
        function(wanted) {
          if (!(this instanceof HTMLSelectElement)) return 'not a picker (<select>): ' + this.tagName.toLowerCase();
          const options = Array.from(this.options);
          const option = options.find(o => o.label.trim() === wanted) || options.find(o => o.value === wanted);
          if (!option) return 'no option ' + JSON.stringify(wanted) + '; the options are ' + JSON.stringify(options.map(o => o.label.trim()));
          if (option.disabled) return 'the option ' + JSON.stringify(wanted) + ' is disabled';
          this.focus();
          this.value = option.value;
          this.dispatchEvent(new Event('input', { bubbles: true }));
          this.dispatchEvent(new Event('change', { bubbles: true }));
          return '';
        }
        """

    /// Runs a function declaration with `this` = the element's DOM node.
    private func evaluateOnNode(_ declaration: String, call: String) async throws -> JSONValue? {
        let label = "\(description).\(call)"
        let driver = try app.driver(for: label)
        let element = try await snapshot()
        guard let node = element.node else { return nil }
        return try await app.perform(label) { try await driver.callFunction(declaration, on: node) }
    }
}

/// A direction to swipe in.
public enum SwipeDirection: String, Sendable {
    case up, down, left, right

    /// The unit vector the content moves along.
    var unit: (dx: Double, dy: Double) {
        switch self {
        case .up: return (0, -1)
        case .down: return (0, 1)
        case .left: return (-1, 0)
        case .right: return (1, 0)
        }
    }
}
