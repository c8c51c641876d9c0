public import Foundation
import UIAutomation

/// Taps, presses, swipes, typing and adjustments. Each waits until the element is actionable
/// (exists once, visible, still, enabled, not covered), acts, and waits until the app is idle;
/// a failure is recorded at the caller's line. On the application itself they act on the
/// screen: `app.tap()` touches its centre, `app.typeText(_:)` types into the focused element.
extension XCUIElement {
    /// Taps the element's centre.
    public func tap(file: StaticString = #filePath, line: UInt = #line) {
        gesture("tap()", file, line, screen: { try await $0.tap() }, element: { try await $0.tap() })
    }

    /// Taps twice in quick succession.
    public func doubleTap(file: StaticString = #filePath, line: UInt = #line) {
        gesture("doubleTap()", file, line, screen: { try await $0.doubleTap() }, element: { try await $0.doubleTap() })
    }

    /// Taps with two fingers at once.
    public func twoFingerTap(file: StaticString = #filePath, line: UInt = #line) {
        gesture("twoFingerTap()", file, line, screen: nil) { try await $0.twoFingerTap() }
    }

    /// Taps `numberOfTaps` times with `numberOfTouches` fingers.
    public func tap(withNumberOfTaps numberOfTaps: Int, numberOfTouches: Int, file: StaticString = #filePath, line: UInt = #line) {
        gesture("tap(withNumberOfTaps: \(numberOfTaps), numberOfTouches: \(numberOfTouches))", file, line, screen: nil) {
            try await $0.tap(withNumberOfTaps: numberOfTaps, numberOfTouches: numberOfTouches)
        }
    }

    /// Touches and holds for `duration` seconds.
    public func press(forDuration duration: TimeInterval, file: StaticString = #filePath, line: UInt = #line) {
        gesture("press(forDuration: \(duration))", file, line, screen: { try await $0.press(forDuration: duration) },
                element: { try await $0.press(forDuration: duration) })
    }

    /// Touches and holds for `duration` seconds, then drags to `otherElement` and lifts.
    public func press(forDuration duration: TimeInterval, thenDragTo otherElement: XCUIElement,
                      file: StaticString = #filePath, line: UInt = #line) {
        press(forDuration: duration, thenDragTo: otherElement, withVelocity: .default, thenHoldForDuration: 0, file: file, line: line)
    }

    /// Touches and holds for `duration` seconds, drags to `otherElement` at `velocity`, holds
    /// `holdDuration` seconds and lifts.
    public func press(forDuration duration: TimeInterval, thenDragTo otherElement: XCUIElement, withVelocity velocity: XCUIGestureVelocity,
                      thenHoldForDuration holdDuration: TimeInterval, file: StaticString = #filePath, line: UInt = #line) {
        let site = CallerLine(file: file, line: line)
        guard case .success(.element(let target)) = otherElement.backing else {
            Facade.fail(XCUIAutomationError(call: "\(text).press(forDuration:thenDragTo:)", reason: .invalidArgument(
                "the drag target must be an element of the app, not \(otherElement)")), at: site)
            return
        }
        gesture("press(forDuration: \(duration), thenDragTo: \(otherElement))", file, line, screen: nil) {
            try await $0.press(forDuration: duration, thenDragTo: target, pointsPerSecond: Double(velocity.rawValue),
                               thenHoldForDuration: holdDuration)
        }
    }

    /// Swipes up (the content moves up, revealing what is below).
    public func swipeUp(file: StaticString = #filePath, line: UInt = #line) { swipe(.up, .default, file, line) }
    /// Swipes down.
    public func swipeDown(file: StaticString = #filePath, line: UInt = #line) { swipe(.down, .default, file, line) }
    /// Swipes left.
    public func swipeLeft(file: StaticString = #filePath, line: UInt = #line) { swipe(.left, .default, file, line) }
    /// Swipes right.
    public func swipeRight(file: StaticString = #filePath, line: UInt = #line) { swipe(.right, .default, file, line) }
    /// Swipes up at `velocity`.
    public func swipeUp(velocity: XCUIGestureVelocity, file: StaticString = #filePath, line: UInt = #line) { swipe(.up, velocity, file, line) }
    /// Swipes down at `velocity`.
    public func swipeDown(velocity: XCUIGestureVelocity, file: StaticString = #filePath, line: UInt = #line) { swipe(.down, velocity, file, line) }
    /// Swipes left at `velocity`.
    public func swipeLeft(velocity: XCUIGestureVelocity, file: StaticString = #filePath, line: UInt = #line) { swipe(.left, velocity, file, line) }
    /// Swipes right at `velocity`.
    public func swipeRight(velocity: XCUIGestureVelocity, file: StaticString = #filePath, line: UInt = #line) {
        swipe(.right, velocity, file, line)
    }

    private func swipe(_ direction: SwipeDirection, _ velocity: XCUIGestureVelocity, _ file: StaticString, _ line: UInt) {
        let speed = Double(velocity.rawValue)
        gesture("swipe\(direction.rawValue.capitalized)()", file, line, screen: { try await $0.swipe(direction, pointsPerSecond: speed) },
                element: { try await $0.swipe(direction, pointsPerSecond: speed) })
    }

    /// Pinches: not a gesture a page can receive from the headless browser (no pinch-zoom
    /// events reach page scripts); recorded as an unsupported call.
    public func pinch(withScale scale: CGFloat, velocity: CGFloat, file: StaticString = #filePath, line: UInt = #line) {
        unsupported("pinch(withScale: \(scale), velocity: \(velocity))", "pages receive no pinch gesture; use a double tap or buttons", file, line)
    }

    /// Rotates with two fingers: no web equivalent; recorded as an unsupported call.
    public func rotate(_ rotation: CGFloat, withVelocity velocity: CGFloat, file: StaticString = #filePath, line: UInt = #line) {
        unsupported("rotate(\(rotation), withVelocity: \(velocity))", "pages receive no rotation gesture", file, line)
    }

    /// Moves the pointer over the element (`:hover`, `mouseover`).
    public func hover(file: StaticString = #filePath, line: UInt = #line) {
        gesture("hover()", file, line, screen: nil) { try await $0.hover() }
    }

    /// A click: the same as ``tap(file:line:)`` on a page.
    public func click(file: StaticString = #filePath, line: UInt = #line) { tap(file: file, line: line) }

    /// A double click: the same as ``doubleTap(file:line:)`` on a page.
    public func doubleClick(file: StaticString = #filePath, line: UInt = #line) { doubleTap(file: file, line: line) }

    /// Turns the mouse wheel over the element by `deltaX`, `deltaY` points.
    public func scroll(byDeltaX deltaX: CGFloat, deltaY: CGFloat, file: StaticString = #filePath, line: UInt = #line) {
        let (dx, dy) = (Double(deltaX), Double(deltaY))
        gesture("scroll(byDeltaX: \(deltaX), deltaY: \(deltaY))", file, line, screen: { try await $0.scroll(byDeltaX: dx, deltaY: dy) },
                element: { try await $0.scroll(byDeltaX: dx, deltaY: dy) })
    }

    /// Types `text`, focusing the element first (on the application: into whatever has focus).
    public func typeText(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let site = CallerLine(file: file, line: line)
        perform("typeText(\(String(reflecting: text)))", site, fallback: ()) { backing in
            switch backing {
            case .element(let element): try await element.typeText(text)
            case .application(let app): try await app.typeText(text)
            }
        }
    }

    /// Presses `key` (one character) with `flags` held.
    public func typeKey(_ key: String, modifierFlags flags: KeyModifierFlags, file: StaticString = #filePath, line: UInt = #line) {
        if let named = XCUIKeyboardKey.named(key) {
            typeKey(named, modifierFlags: flags, file: file, line: line)
            return
        }
        guard key.count == 1, let character = key.first else {
            Facade.fail(XCUIAutomationError(call: "\(text).typeKey(\(String(reflecting: key)))", reason: .invalidArgument(
                "typeKey takes one character or an XCUIKeyboardKey")), at: CallerLine(file: file, line: line))
            return
        }
        pressKey(Key(character), spelling: String(reflecting: key), flags, file, line)
    }

    /// Presses `key` with `flags` held.
    public func typeKey(_ key: XCUIKeyboardKey, modifierFlags flags: KeyModifierFlags, file: StaticString = #filePath, line: UInt = #line) {
        guard let uiKey = key.uiKey else {
            unsupported("typeKey(\(key))", "the key \(key.rawValue.debugDescription) has no web equivalent", file, line)
            return
        }
        pressKey(uiKey, spelling: "\(key)", flags, file, line)
    }

    private func pressKey(_ key: Key, spelling: String, _ flags: KeyModifierFlags, _ file: StaticString, _ line: UInt) {
        let modifiers = flags.uiModifiers
        perform("typeKey(\(spelling), modifierFlags: \(flags))", CallerLine(file: file, line: line), fallback: ()) { backing in
            switch backing {
            case .element(let element): try await element.typeKey(key, modifierFlags: modifiers)
            case .application(let app): try await app.typeKey(key, modifierFlags: modifiers)
            }
        }
    }

    /// Moves a slider to `normalizedSliderPosition` (0…1) by pressing its track there.
    public func adjust(toNormalizedSliderPosition normalizedSliderPosition: CGFloat, file: StaticString = #filePath, line: UInt = #line) {
        let position = Double(normalizedSliderPosition)
        gesture("adjust(toNormalizedSliderPosition: \(position))", file, line, screen: nil) {
            try await $0.adjust(toNormalizedSliderPosition: position)
        }
    }

    /// Where a slider's value sits between its minimum (0) and maximum (1).
    public var normalizedSliderPosition: CGFloat {
        CGFloat(perform("normalizedSliderPosition", site, fallback: 0.0) { backing in
            guard case .element(let element) = backing else { return 0 }
            return try await element.normalizedSliderPosition
        })
    }

    /// Chooses the option `pickerWheelValue` in a picker (`<select>`).
    public func adjust(toPickerWheelValue pickerWheelValue: String, file: StaticString = #filePath, line: UInt = #line) {
        gesture("adjust(toPickerWheelValue: \(String(reflecting: pickerWheelValue)))", file, line, screen: nil) {
            try await $0.adjust(toPickerWheelValue: pickerWheelValue)
        }
    }

    /// Runs a gesture on the element, or on the screen's centre for the application (`screen`
    /// `nil`: the gesture needs an element).
    func gesture(_ call: String, _ file: StaticString, _ line: UInt, screen: (@Sendable (Coordinate) async throws -> Void)?,
                 element onElement: @escaping @Sendable (Element) async throws -> Void) {
        let site = CallerLine(file: file, line: line)
        if case .success(.application) = backing, screen == nil {
            unsupported(call, "the application itself cannot \(call); query an element of it", file, line)
            return
        }
        perform(call, site, fallback: ()) { backing in
            switch backing {
            case .element(let element): try await onElement(element)
            case .application(let app): try await screen?(app.coordinate(withNormalizedOffset: Vector(dx: 0.5, dy: 0.5)))
            }
        }
    }

    func unsupported(_ call: String, _ detail: String, _ file: StaticString, _ line: UInt) {
        Facade.fail(XCUIAutomationError(call: "\(text).\(call)", reason: .unsupported(detail)), at: CallerLine(file: file, line: line))
    }
}

/// How fast a swipe or drag moves, in points per second.
public struct XCUIGestureVelocity: RawRepresentable, Hashable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public let rawValue: CGFloat
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
    public init(floatLiteral value: Double) { rawValue = CGFloat(value) }
    public init(integerLiteral value: Int) { rawValue = CGFloat(value) }

    /// 600 points per second.
    public static let slow = XCUIGestureVelocity(600)
    /// 2,400 points per second (UIAutomation's swipe speed).
    public static let `default` = XCUIGestureVelocity(2_400)
    /// 4,800 points per second.
    public static let fast = XCUIGestureVelocity(4_800)
}
