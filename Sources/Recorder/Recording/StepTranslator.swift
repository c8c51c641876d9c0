import UIAutomation

/// The translation of what the capture script reported into ``RecordedStep``s: a pure state
/// machine over ``CapturedEvent``s (each report with its element already looked up), so every
/// rule below is tested without a browser (`StepTranslatorTests`). ``RecordingSession`` does
/// the browser's part: it reads the reports and the element trees and feeds this.
///
/// Typing into a field becomes one `typeText` per run (the field's value before and after;
/// deletions as `\u{8}`, Return as `\n`); a press on a switch or check box that changes it
/// becomes `toggle` (its new state is known once the tree is read again); wheel scrolling is
/// joined per element; a double click turns the two taps before it into one double tap; a
/// navigation the page did not start (an address typed, back, forward, reload) becomes its own
/// step; Alt+Shift+E, L and V become assertions. What cannot be a step is a `notRecorded`
/// comment, never dropped.
struct StepTranslator: Sendable {
    /// Every step so far (the typing, scrolling or toggle under way excluded).
    private(set) var steps: [RecordedStep] = []
    /// The steps appended since ``takeAppended()`` was last called (each is final).
    private var appended: [RecordedStep] = []

    private var typing: (code: String, before: String, value: String)?
    private var wheel: (code: String, dx: Double, dy: Double)?
    private var toggle: (code: String, value: String, document: String?)?
    private var gestureSinceLoad = false
    private var loads = 0
    private var historyIndex: Int
    /// The app's origin (`http://127.0.0.1:8080`): an address of it is written as its path.
    private let origin: String

    /// A translator for a recording that starts with the document open now: `origin` the app's
    /// (empty if unknown), `historyIndex` the navigation history's current index.
    init(origin: String, historyIndex: Int) {
        self.origin = origin
        self.historyIndex = historyIndex
    }

    /// The toggle pressed last whose new state is not known yet: its query and the document
    /// it was pressed in (the session reads its value in that document's next tree).
    var pendingToggle: (code: String, document: String?)? { toggle.map { ($0.code, $0.document) } }

    /// The steps appended since the last call, emptied (for printing steps live).
    mutating func takeAppended() -> [RecordedStep] {
        defer { appended = [] }
        return appended
    }

    /// Whether a ``CapturedEvent/key(_:target:)`` for `key` needs its focused field's element
    /// (so the session looks it up only then, not for every character typed).
    func needsElement(for key: CapturedEvent.Key) -> Bool {
        guard key.inField, key.assertion == nil, !key.isModifierOnly else { return false }
        let plain = !(key.ctrl || key.meta || key.alt)
        if typing != nil && plain {
            guard key.key == "Tab" else { return false }
        } else if plain && (key.key.count == 1 || key.key == "Backspace" || key.key == "Delete") {
            return false
        }
        return RecordedKey(domKey: key.key) != nil
    }

    /// Takes one event into account.
    mutating func apply(_ event: CapturedEvent) {
        switch event {
        case .press(let target, let document):
            finishWheel()
            gestureSinceLoad = true
            press(target, document: document)
        case .doubleClick:
            if steps.count >= 2, case .tap(let first) = steps[steps.count - 2], case .tap(let second) = steps[steps.count - 1],
               first == second
            {
                steps.removeLast(2)
                append(.doubleTap(first))
            }
        case .input(let target, let before, let value):
            finishWheel()
            input(target, before: before, value: value)
        case .pick(let target, let value):
            finishPending()
            gestureSinceLoad = true
            if let code = code(of: target, "a choice in a menu", noElement: nil), let value { append(.pick(code, value: value)) }
        case .key(let key, let target):
            self.key(key, target: target)
        case .assertion(let kind, let element):
            finishPending()
            guard let element else {
                append(.notRecorded("an assertion with the pointer over no element of the accessibility tree"))
                return
            }
            switch kind {
            case .exists: append(.assertExists(element.code))
            case .label: append(.assertLabel(element.code, equals: element.label))
            case .value: append(.assertValue(element.code, equals: element.value))
            }
        case .wheel(let target, let dx, let dy):
            scroll(target, dx: dx, dy: dy)
        case .load(let type, let url, let index):
            load(type: type, url: url, historyIndex: index)
        case .treeRead(let value):
            guard let toggle else { return }
            self.toggle = nil
            if let value, value != toggle.value {
                append(.toggle(toggle.code, on: value == "1"))
            } else {
                append(.tap(toggle.code))
            }
        }
    }

    /// Ends the typing, scrolling or toggle under way (at a stop, or when asked for the steps).
    mutating func finishPending() {
        finishWheel()
        if let typing {
            self.typing = nil
            let text = Self.typed(from: typing.before, to: typing.value)
            if !text.isEmpty { append(.typeText(text, into: typing.code)) }
        }
        if let toggle {
            self.toggle = nil
            append(.tap(toggle.code))
        }
    }

    /// What typing at the end of `before` gives `after`: a Backspace (`\u{8}`) per character
    /// removed after their common beginning, then the characters added.
    static func typed(from before: String, to after: String) -> String {
        let common = zip(before, after).prefix { $0 == $1 }.count
        return String(repeating: "\u{8}", count: before.count - common) + String(after.dropFirst(common))
    }

    // MARK: Events

    /// The query of `target`'s element, or `nil` once what happened instead is recorded: for a
    /// document never read, why (`what` names the gesture); for no element, `noElement` (the
    /// comment, and whether what is under way ends first), or nothing when it is `nil`.
    private mutating func code(
        of target: CapturedEvent.Target, _ what: String, noElement: (comment: String, finishing: Bool)?
    ) -> String? {
        switch target {
        case .element(let code, _, _):
            return code
        case .noElement:
            if let noElement {
                if noElement.finishing { finishPending() }
                append(.notRecorded(noElement.comment))
            }
        case .documentUnread:
            finishPending()
            append(.notRecorded(Self.documentUnread(what)))
        }
        return nil
    }

    private mutating func press(_ target: CapturedEvent.Target, document: String?) {
        let noElement = "a press on something that is no element of the accessibility tree"
        guard let code = code(of: target, "a press", noElement: (noElement, true)),
              case .element(_, let elementType, let value) = target
        else { return }
        let type = ElementTypeOfTarget(elementType)
        if let typing, typing.code == code { return }  // a press inside the field being typed into
        finishPending()
        switch type {
        case .toggle:
            // Its new state is known after the next read: a toggle when it changed, else a tap.
            toggle = (code, value ?? "", document)
        case .picker:
            break  // the choice is recorded when it is made ("pick")
        case .other:
            append(.tap(code))
        }
    }

    private mutating func input(_ target: CapturedEvent.Target, before: String, value: String) {
        let noElement = "typing into a field that is no element of the accessibility tree"
        guard let code = code(of: target, "typing into a field", noElement: (noElement, false)) else { return }
        if let typing, typing.code == code {
            self.typing?.value = value
            return
        }
        finishPending()
        typing = (code, before, value)
    }

    private mutating func key(_ key: CapturedEvent.Key, target: CapturedEvent.Target?) {
        guard key.assertion == nil, !key.isModifierOnly else { return }
        let plain = !(key.ctrl || key.meta || key.alt)
        if key.inField, let typing, plain {
            switch key.key {
            case "Enter":
                self.typing = nil
                gestureSinceLoad = true
                append(.typeText(Self.typed(from: typing.before, to: typing.value) + "\n", into: typing.code))
                return
            case "Tab":
                finishPending()
            default:
                return  // characters and deletions show in the field's value
            }
        } else if key.inField && plain && (key.key.count == 1 || key.key == "Backspace" || key.key == "Delete") {
            return  // the input that follows records it
        }
        finishPending()
        gestureSinceLoad = true
        var modifiers: [RecordedModifier] = []
        if key.shift && key.key.count != 1 { modifiers.append(.shift) }
        if key.ctrl { modifiers.append(.control) }
        if key.alt { modifiers.append(.option) }
        if key.meta { modifiers.append(.command) }
        guard let recorded = RecordedKey(domKey: key.key) else {
            append(.notRecorded("the key \(key.key)"))
            return
        }
        var on: String?
        if key.inField {
            switch target {
            case .element(let code, _, _)?:
                on = code
            case .documentUnread?:
                append(.notRecorded(Self.documentUnread("the key \(key.key) in a field")))
                return
            case .noElement?, nil:
                break
            }
        }
        if key.inField, key.key == "Enter", let on {
            append(.typeText("\n", into: on))
            return
        }
        append(.typeKey(recorded, modifiers: modifiers, on: on))
    }

    private mutating func scroll(_ target: CapturedEvent.Target, dx: Double, dy: Double) {
        guard let code = code(of: target, "scrolling", noElement: nil) else { return }
        if let wheel, wheel.code == code {
            self.wheel?.dx += dx
            self.wheel?.dy += dy
            return
        }
        finishPending()
        wheel = (code, dx, dy)
    }

    private mutating func load(type: String?, url: String?, historyIndex index: Int?) {
        loads += 1
        defer {
            if let index { historyIndex = index }
            gestureSinceLoad = false
        }
        // The first document is the one open when recording started (the script ran in it late).
        guard loads > 1, !gestureSinceLoad else { return }
        finishPending()
        switch type {
        case "reload":
            append(.reload)
        case "back_forward":
            if let index, index < historyIndex { append(.goBack) } else { append(.goForward) }
        default:
            guard let url else { return }
            if !origin.isEmpty, url.hasPrefix(origin + "/") {
                append(.open(String(url.dropFirst(origin.count))))
            } else {
                append(.open(url))
            }
        }
    }

    private mutating func finishWheel() {
        if let wheel {
            self.wheel = nil
            if wheel.dx != 0 || wheel.dy != 0 { append(.scroll(wheel.code, deltaX: wheel.dx, deltaY: wheel.dy)) }
        }
    }

    private mutating func append(_ step: RecordedStep) {
        steps.append(step)
        appended.append(step)
    }

    /// The reason a step is not recorded when its document was never read.
    static func documentUnread(_ what: String) -> String {
        "\(what) on a page that was left before the recorder could read its elements"
    }

    /// What a press does by the element's type.
    private enum ElementTypeOfTarget {
        case toggle, picker, other

        init(_ type: ElementType) {
            switch type {
            case .switch, .checkBox: self = .toggle
            case .picker: self = .picker
            default: self = .other
            }
        }
    }
}
