import LabSupport

/// A key to press with `typeKey(_:modifierFlags:)`, as XCUITest's `XCUIKeyboardKey` is: a
/// named key (`.escape`, `.tab`, `.return`, arrows, …) or one character (`"a"`, `"7"`, `"/"`).
///
/// ```swift
/// try await app.textFields["title"].typeKey(.escape)
/// try await app.textFields["title"].typeKey("a", modifierFlags: .control)   // select all
/// ```
///
/// Each key is sent as the browser's own keyboard would send it: the DOM `key`, the physical
/// `code` and the `keyCode` (`windowsVirtualKeyCode`) of a US keyboard, and text only for keys
/// that type some (characters, space, Return).
public struct Key: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The DOM `KeyboardEvent.key` ("Escape", "ArrowLeft", "a").
    public let key: String
    /// The DOM `KeyboardEvent.code` ("Escape", "KeyA"); `nil` where a US keyboard has no key for it.
    public let code: String?
    /// The legacy `keyCode` (Windows virtual key code); `nil` where a US keyboard has no key for it.
    public let keyCode: Int?
    /// The text the key types, if any.
    let text: String?
    /// How it reads in code (`.escape`, `"a"`), for messages.
    let spelling: String

    private init(named key: String, code: String?, keyCode: Int?, text: String? = nil, spelling: String) {
        self.key = key
        self.code = code
        self.keyCode = keyCode
        self.text = text
        self.spelling = spelling
    }

    /// The key that types `character` on a US keyboard (its `code` and `keyCode` when it has one).
    /// A control character is no key (use ``escape``, ``tab``, ``return``…): `typeKey` throws
    /// `.invalidRequest` for it.
    public init(_ character: Character) {
        let text = String(character)
        key = text
        spelling = SwiftLiteral.string(text)
        guard !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            self.text = nil
            code = nil
            keyCode = nil
            return
        }
        self.text = text
        let scalar = character.unicodeScalars.count == 1 ? character.unicodeScalars.first!.value : 0
        switch scalar {
        case 0x61...0x7A, 0x41...0x5A:  // a-z, A-Z
            let upper = text.uppercased()
            code = "Key" + upper
            keyCode = Int(upper.unicodeScalars.first!.value)
        case 0x30...0x39:  // 0-9
            code = "Digit" + text
            keyCode = Int(scalar)
        case 0x20:
            code = "Space"
            keyCode = 32
        default:
            if let known = Self.punctuation[character] {
                code = known.code
                keyCode = known.keyCode
            } else {
                code = nil
                keyCode = nil
            }
        }
    }

    /// A key from a one-character string literal: `typeKey("a", modifierFlags: .command)`.
    /// A literal of any other length makes `typeKey` throw `.invalidRequest`.
    public init(stringLiteral value: String) {
        if value.count == 1, let character = value.first {
            self.init(character)
        } else {
            self.init(named: value, code: nil, keyCode: nil, text: nil, spelling: SwiftLiteral.string(value))
        }
    }

    /// Whether the key can be sent: a named key, or one character that is not a control character.
    var isValid: Bool { keyCode != nil || text != nil }

    public var description: String { spelling }

    // MARK: Named keys (XCUITest's names)

    /// Escape.
    public static let escape = Key(named: "Escape", code: "Escape", keyCode: 27, spelling: ".escape")
    /// Tab: moves focus to the next control.
    public static let tab = Key(named: "Tab", code: "Tab", keyCode: 9, spelling: ".tab")
    /// Return (`Enter`): submits a form, commits an edit.
    public static let `return` = Key(named: "Enter", code: "Enter", keyCode: 13, text: "\r", spelling: ".return")
    /// Enter; the same key as ``return`` to a web page.
    public static let enter = Key(named: "Enter", code: "Enter", keyCode: 13, text: "\r", spelling: ".enter")
    /// Delete backwards (XCUITest's `.delete`, the web's `Backspace`).
    public static let delete = Key(named: "Backspace", code: "Backspace", keyCode: 8, spelling: ".delete")
    /// Delete backwards; the same key as ``delete``.
    public static let backspace = Key(named: "Backspace", code: "Backspace", keyCode: 8, spelling: ".backspace")
    /// Delete forwards (the web's `Delete`).
    public static let forwardDelete = Key(named: "Delete", code: "Delete", keyCode: 46, spelling: ".forwardDelete")
    /// Up arrow.
    public static let upArrow = Key(named: "ArrowUp", code: "ArrowUp", keyCode: 38, spelling: ".upArrow")
    /// Down arrow.
    public static let downArrow = Key(named: "ArrowDown", code: "ArrowDown", keyCode: 40, spelling: ".downArrow")
    /// Left arrow.
    public static let leftArrow = Key(named: "ArrowLeft", code: "ArrowLeft", keyCode: 37, spelling: ".leftArrow")
    /// Right arrow.
    public static let rightArrow = Key(named: "ArrowRight", code: "ArrowRight", keyCode: 39, spelling: ".rightArrow")
    /// Home.
    public static let home = Key(named: "Home", code: "Home", keyCode: 36, spelling: ".home")
    /// End.
    public static let end = Key(named: "End", code: "End", keyCode: 35, spelling: ".end")
    /// Page Up.
    public static let pageUp = Key(named: "PageUp", code: "PageUp", keyCode: 33, spelling: ".pageUp")
    /// Page Down.
    public static let pageDown = Key(named: "PageDown", code: "PageDown", keyCode: 34, spelling: ".pageDown")
    /// The space bar.
    public static let space = Key(named: " ", code: "Space", keyCode: 32, text: " ", spelling: ".space")

    /// US-keyboard punctuation: the key's `code` and `keyCode`.
    private static let punctuation: [Character: (code: String, keyCode: Int)] = [
        ";": ("Semicolon", 186), "=": ("Equal", 187), ",": ("Comma", 188), "-": ("Minus", 189),
        ".": ("Period", 190), "/": ("Slash", 191), "`": ("Backquote", 192), "[": ("BracketLeft", 219),
        "\\": ("Backslash", 220), "]": ("BracketRight", 221), "'": ("Quote", 222),
    ]

    public static func == (lhs: Key, rhs: Key) -> Bool {
        lhs.key == rhs.key && lhs.code == rhs.code && lhs.keyCode == rhs.keyCode && lhs.text == rhs.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(code)
    }
}
