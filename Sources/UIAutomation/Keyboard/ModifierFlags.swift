/// Modifier keys held while a key is pressed, as XCUITest's `KeyModifierFlags` are.
///
/// Web pages see them in `event.shiftKey`, `ctrlKey`, `altKey` and `metaKey`, and as key
/// presses of their own before the key (Shift, Control, Alt, Meta).
public struct ModifierFlags: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Shift.
    public static let shift = ModifierFlags(rawValue: 1 << 0)
    /// Control.
    public static let control = ModifierFlags(rawValue: 1 << 1)
    /// Option (the web's Alt).
    public static let option = ModifierFlags(rawValue: 1 << 2)
    /// Alt; the same flag as ``option``.
    public static let alt = option
    /// Command (the web's Meta).
    public static let command = ModifierFlags(rawValue: 1 << 3)
    /// Meta; the same flag as ``command``.
    public static let meta = command

    /// The modifier keys in the order they go down, with the DevTools `modifiers` bit of each
    /// (Alt 1, Control 2, Meta 4, Shift 8).
    static let keys: [(flag: ModifierFlags, key: String, code: String, keyCode: Int, bit: Int)] = [
        (.shift, "Shift", "ShiftLeft", 16, 8),
        (.control, "Control", "ControlLeft", 17, 2),
        (.option, "Alt", "AltLeft", 18, 1),
        (.command, "Meta", "MetaLeft", 91, 4),
    ]

    /// The DevTools `modifiers` bit mask.
    var devToolsMask: Int {
        Self.keys.reduce(0) { mask, entry in contains(entry.flag) ? mask | entry.bit : mask }
    }

    /// `.shift`, `[.shift, .control]`, for messages.
    var spelling: String {
        let names = [(ModifierFlags.shift, "shift"), (.control, "control"), (.option, "option"), (.command, "command")]
            .filter { contains($0.0) }.map { "." + $0.1 }
        return names.count == 1 ? names[0] : "[" + names.joined(separator: ", ") + "]"
    }
}
