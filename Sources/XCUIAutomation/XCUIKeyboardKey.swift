import Foundation
import UIAutomation

/// A named key for `typeKey(_:modifierFlags:)`, as XCUITest's `XCUIKeyboardKey` is.
/// Keys a web page cannot receive (function keys past F12 on some layouts, Caps Lock as a
/// key) are refused when pressed, with a message.
public struct XCUIKeyboardKey: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The key's character (Apple's raw values: `"\u{1b}"` for Escape, `"\t"` for Tab…).
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let delete = XCUIKeyboardKey(rawValue: "\u{8}")
    public static let `return` = XCUIKeyboardKey(rawValue: "\r")
    public static let enter = XCUIKeyboardKey(rawValue: "\u{3}")
    public static let tab = XCUIKeyboardKey(rawValue: "\t")
    public static let space = XCUIKeyboardKey(rawValue: " ")
    public static let escape = XCUIKeyboardKey(rawValue: "\u{1b}")
    public static let upArrow = XCUIKeyboardKey(rawValue: "\u{F700}")
    public static let downArrow = XCUIKeyboardKey(rawValue: "\u{F701}")
    public static let leftArrow = XCUIKeyboardKey(rawValue: "\u{F702}")
    public static let rightArrow = XCUIKeyboardKey(rawValue: "\u{F703}")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let F1 = XCUIKeyboardKey(rawValue: "\u{F704}")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let F2 = XCUIKeyboardKey(rawValue: "\u{F705}")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let F3 = XCUIKeyboardKey(rawValue: "\u{F706}")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let F4 = XCUIKeyboardKey(rawValue: "\u{F707}")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let F5 = XCUIKeyboardKey(rawValue: "\u{F708}")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let F6 = XCUIKeyboardKey(rawValue: "\u{F709}")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let F7 = XCUIKeyboardKey(rawValue: "\u{F70A}")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let F8 = XCUIKeyboardKey(rawValue: "\u{F70B}")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let F9 = XCUIKeyboardKey(rawValue: "\u{F70C}")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let F10 = XCUIKeyboardKey(rawValue: "\u{F70D}")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let F11 = XCUIKeyboardKey(rawValue: "\u{F70E}")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let F12 = XCUIKeyboardKey(rawValue: "\u{F70F}")
    public static let forwardDelete = XCUIKeyboardKey(rawValue: "\u{F728}")
    public static let home = XCUIKeyboardKey(rawValue: "\u{F729}")
    public static let end = XCUIKeyboardKey(rawValue: "\u{F72B}")
    public static let pageUp = XCUIKeyboardKey(rawValue: "\u{F72C}")
    public static let pageDown = XCUIKeyboardKey(rawValue: "\u{F72D}")
    public static let clear = XCUIKeyboardKey(rawValue: "\u{F739}")
    public static let help = XCUIKeyboardKey(rawValue: "\u{F746}")
    public static let capsLock = XCUIKeyboardKey(rawValue: "XCUIKeyboardKeyCapsLock")
    public static let shift = XCUIKeyboardKey(rawValue: "XCUIKeyboardKeyShift")
    public static let control = XCUIKeyboardKey(rawValue: "XCUIKeyboardKeyControl")
    public static let option = XCUIKeyboardKey(rawValue: "XCUIKeyboardKeyOption")
    public static let command = XCUIKeyboardKey(rawValue: "XCUIKeyboardKeyCommand")
    public static let rightShift = XCUIKeyboardKey(rawValue: "XCUIKeyboardKeyRightShift")
    public static let rightControl = XCUIKeyboardKey(rawValue: "XCUIKeyboardKeyRightControl")
    public static let rightOption = XCUIKeyboardKey(rawValue: "XCUIKeyboardKeyRightOption")
    public static let rightCommand = XCUIKeyboardKey(rawValue: "XCUIKeyboardKeyRightCommand")
    public static let secondaryFn = XCUIKeyboardKey(rawValue: "XCUIKeyboardKeySecondaryFn")

    /// UIAutomation's key for it, when a page can receive it.
    var uiKey: Key? {
        switch self {
        case .delete: return .delete
        case .return: return .return
        case .enter: return .enter
        case .tab: return .tab
        case .space: return .space
        case .escape: return .escape
        case .upArrow: return .upArrow
        case .downArrow: return .downArrow
        case .leftArrow: return .leftArrow
        case .rightArrow: return .rightArrow
        case .forwardDelete: return .forwardDelete
        case .home: return .home
        case .end: return .end
        case .pageUp: return .pageUp
        case .pageDown: return .pageDown
        default: return nil
        }
    }

    /// The named key whose raw value is `text`, if any (`typeKey("\r", …)` presses Return).
    static func named(_ text: String) -> XCUIKeyboardKey? {
        let key = XCUIKeyboardKey(rawValue: text)
        return key.uiKey != nil ? key : nil
    }

    public var description: String {
        let names: [XCUIKeyboardKey: String] = [
            .delete: "delete", .return: "return", .enter: "enter", .tab: "tab", .space: "space", .escape: "escape",
            .upArrow: "upArrow", .downArrow: "downArrow", .leftArrow: "leftArrow", .rightArrow: "rightArrow",
            .forwardDelete: "forwardDelete", .home: "home", .end: "end", .pageUp: "pageUp", .pageDown: "pageDown",
        ]
        return names[self].map { "." + $0 } ?? "XCUIKeyboardKey(rawValue: \(rawValue.debugDescription))"
    }
}

extension XCUIElement {
    /// Modifier keys held while a key is pressed, as XCUITest's `XCUIElement.KeyModifierFlags`.
    public struct KeyModifierFlags: OptionSet, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let capsLock = KeyModifierFlags(rawValue: 1 << 16)
        public static let shift = KeyModifierFlags(rawValue: 1 << 17)
        public static let control = KeyModifierFlags(rawValue: 1 << 18)
        public static let option = KeyModifierFlags(rawValue: 1 << 19)
        public static let command = KeyModifierFlags(rawValue: 1 << 20)
        public static let function = KeyModifierFlags(rawValue: 1 << 23)

        /// UIAutomation's flags (Caps Lock and Fn have no web modifier and are left out).
        var uiModifiers: ModifierFlags {
            var flags: ModifierFlags = []
            if contains(.shift) { flags.insert(.shift) }
            if contains(.control) { flags.insert(.control) }
            if contains(.option) { flags.insert(.option) }
            if contains(.command) { flags.insert(.command) }
            return flags
        }

        public var description: String {
            let names = [(KeyModifierFlags.capsLock, "capsLock"), (.shift, "shift"), (.control, "control"), (.option, "option"),
                         (.command, "command"), (.function, "function")].filter { contains($0.0) }.map { "." + $0.1 }
            return names.count == 1 ? names[0] : "[" + names.joined(separator: ", ") + "]"
        }
    }
}

/// XCUITest's older name for the modifier flags.
public typealias XCUIKeyModifierFlags = XCUIElement.KeyModifierFlags
