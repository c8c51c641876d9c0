/// One thing a person did (or asked to check) while recording, with the query of its element
/// as code (`app.buttons["Save"]`: the same in XCUITest and UIAutomation). ``CodeGenerator``
/// writes it in each output format.
public enum RecordedStep: Sendable, Equatable {
    /// A tap (a click) on the element.
    case tap(String)
    /// A double tap (a double click).
    case doubleTap(String)
    /// Text typed into the element: a `\u{8}` per character deleted first, a trailing `\n` for Return.
    case typeText(String, into: String)
    /// A key pressed with the element (`nil`: the app) focused: a ``RecordedKey`` and modifiers.
    case typeKey(RecordedKey, modifiers: [RecordedModifier], on: String?)
    /// A toggle (switch or check box) turned on or off, named with the toggle helpers.
    case toggle(String, on: Bool)
    /// The content under the element scrolled by a wheel or touchpad.
    case scroll(String, deltaX: Double, deltaY: Double)
    /// An option chosen in a picker (`<select>`), by its text.
    case pick(String, value: String)
    /// A navigation the person started outside the page: an address typed (the path and
    /// query when it is the app's own origin, else the whole URL), back, forward, reload.
    case open(String)
    case goBack
    case goForward
    case reload
    /// Assertions added while recording (Alt+Shift+E, L, V on the element under the pointer).
    case assertExists(String)
    case assertLabel(String, equals: String)
    case assertValue(String, equals: String)
    /// Something that happened and cannot be written as a step in this API: a comment, never dropped.
    case notRecorded(String)
}

/// A named key, spelled alike in XCUITest (`XCUIKeyboardKey`) and UIAutomation (`Key`), or a character.
public enum RecordedKey: Sendable, Equatable {
    case named(String)
    case character(String)

    /// The DOM `KeyboardEvent.key` values with a name in both APIs.
    static let names: [String: String] = [
        "Enter": "return", "Escape": "escape", "Tab": "tab", "Backspace": "delete", "Delete": "forwardDelete",
        "ArrowUp": "upArrow", "ArrowDown": "downArrow", "ArrowLeft": "leftArrow", "ArrowRight": "rightArrow",
        "Home": "home", "End": "end", "PageUp": "pageUp", "PageDown": "pageDown", " ": "space",
    ]

    /// The key for a DOM `KeyboardEvent.key`, or `nil` when neither API can press it.
    public init?(domKey: String) {
        if let name = Self.names[domKey] {
            self = .named(name)
        } else if domKey.count == 1 {
            self = .character(domKey)
        } else {
            return nil
        }
    }
}

/// A modifier held with a key, spelled as both APIs spell their flags.
public enum RecordedModifier: String, Sendable, Equatable, CaseIterable {
    case shift, control, option, command
}
