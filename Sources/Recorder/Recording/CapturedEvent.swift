import UIAutomation

/// One report of the capture script with what the browser had to tell about it already looked
/// up (its element's query, the navigation history): the input of ``StepTranslator``, which
/// needs no browser.
enum CapturedEvent: Sendable, Equatable {
    /// The element a report is about, as the session found it.
    enum Target: Sendable, Equatable {
        /// Found: its chosen query as code (`app.buttons["Save"]`), its type and its value in
        /// the tree read before the report.
        case element(code: String, type: ElementType, value: String?)
        /// The report's document has element trees, none with the element.
        case noElement
        /// No tree of the report's document was ever read: it was left (a press navigated)
        /// before the recorder could read it.
        case documentUnread
    }

    /// A key pressed, as the capture script saw it.
    struct Key: Sendable, Equatable {
        /// DOM `KeyboardEvent.key` (`"a"`, `"Enter"`, `"Shift"`).
        var key: String
        /// DOM `KeyboardEvent.code` (`"KeyE"`).
        var code: String?
        /// Whether the focus was in a text field.
        var inField = false
        var shift = false
        var ctrl = false
        var alt = false
        var meta = false

        /// The assertion Alt+Shift+E, L or V asks for; `nil` for any other key.
        var assertion: Assertion? {
            guard alt && shift && !ctrl && !meta, let code else { return nil }
            switch code {
            case "KeyE": return .exists
            case "KeyL": return .label
            case "KeyV": return .value
            default: return nil
            }
        }

        /// Whether the key is a modifier alone (recorded with the key it modifies, if any).
        var isModifierOnly: Bool { ["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock"].contains(key) }
    }

    /// The element under the pointer when an assertion was asked for.
    struct AssertedElement: Sendable, Equatable {
        /// Its query as code.
        var code: String
        var label: String
        var value: String
    }

    /// What an assertion checks.
    enum Assertion: Sendable, Equatable {
        case exists, label, value
    }

    /// A press (pointer down) on an element.
    case press(Target, document: String?)
    /// A double click: the two presses before it were on the same element.
    case doubleClick
    /// A text field's value changed: `before` is its value when the run of typing began.
    case input(Target, before: String, value: String)
    /// An option chosen in a picker, by its text.
    case pick(Target, value: String?)
    /// A key; `target` is the focused field's element when ``StepTranslator/needsElement(for:)`` asked for it.
    case key(Key, target: Target?)
    /// Alt+Shift+E, L or V over an element: its query as code and its label and value then;
    /// `nil` when the pointer was over no element of the tree.
    case assertion(Assertion, element: AssertedElement?)
    /// A wheel turned over an element.
    case wheel(Target, dx: Double, dy: Double)
    /// A document loaded: how (`"reload"`, `"back_forward"`, `"navigate"`, …), its URL, and the
    /// navigation history's current index after it (`nil` if it could not be read).
    case load(type: String?, url: String?, historyIndex: Int?)
    /// The element tree was read again after a report: the value now of the toggle pressed last
    /// (`nil`: not found in the new tree, or the tree is of another document).
    case treeRead(toggleValue: String?)
}
