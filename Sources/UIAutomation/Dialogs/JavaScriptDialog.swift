import LabSupport

/// A JavaScript dialog the page opened (`alert`, `confirm`, `prompt`, or a `beforeunload`
/// "leave this page?"), and how it was answered. Read them with ``Application/lastDialog``
/// and ``Application/dialogs``.
///
/// JavaScript dialogs are browser windows, not part of the page, so they are not in the
/// element tree (`app.alerts` finds the page's own `role=alert`/`dialog` elements only).
/// They are answered the moment they open: by the answer given with
/// ``Application/answerNextDialog(_:)`` if there is one, else by
/// ``Configuration/dialogPolicy``. Nothing ever waits on an open dialog.
public struct JavaScriptDialog: Sendable, Equatable, CustomStringConvertible {
    /// Which function opened it.
    public enum Kind: String, Sendable, Equatable {
        /// `alert(message)`: one OK button.
        case alert
        /// `confirm(message)`: OK (`true`) or Cancel (`false`).
        case confirm
        /// `prompt(message, default)`: a text answer (or `null` for Cancel).
        case prompt
        /// The page's `beforeunload` handler asked whether to leave.
        case beforeUnload = "beforeunload"
    }

    /// Which function opened it.
    public let kind: Kind
    /// The text it showed.
    public let message: String
    /// A prompt's default answer, if it gave one.
    public let defaultPrompt: String?
    /// The URL of the document that opened it.
    public let url: String
    /// How it was answered.
    public let response: DialogResponse

    /// A dialog as an engine saw it, and the answer it gave.
    package init(kind: Kind, message: String, defaultPrompt: String?, url: String, response: DialogResponse) {
        self.kind = kind
        self.message = message
        self.defaultPrompt = defaultPrompt
        self.url = url
        self.response = response
    }

    public var description: String { "\(kind.rawValue)(\(SwiftLiteral.string(message))) answered \(response)" }
}

/// An answer to a JavaScript dialog: OK (with a prompt's text) or Cancel.
public struct DialogResponse: Sendable, Equatable, CustomStringConvertible {
    /// Whether it presses OK (`confirm` returns `true`, `prompt` its text, the page is left).
    public let accepts: Bool
    /// The text a `prompt` returns when accepted; `nil` answers its default text.
    public let promptText: String?

    /// OK; a `prompt` returns its default text.
    public static let accept = DialogResponse(accepts: true, promptText: nil)
    /// Cancel: `confirm` returns `false`, `prompt` returns `null`, `beforeunload` stays on the
    /// page; an `alert` just closes.
    public static let dismiss = DialogResponse(accepts: false, promptText: nil)

    /// OK with `text` typed into a `prompt` (for other dialogs the same as ``accept``).
    public static func accept(promptText text: String) -> DialogResponse {
        DialogResponse(accepts: true, promptText: text)
    }

    public var description: String {
        guard accepts else { return ".dismiss" }
        return promptText.map { ".accept(promptText: \(SwiftLiteral.string($0)))" } ?? ".accept"
    }
}

/// How JavaScript dialogs are answered when the test has not said
/// (``Application/answerNextDialog(_:)``).
public enum DialogPolicy: Sendable, Equatable {
    /// Playwright's default, and what an unattended test needs: an `alert` is closed,
    /// `confirm` answers Cancel (`false`), `prompt` answers Cancel (`null`). A `beforeunload`
    /// question is accepted, so the navigation a test asked for happens.
    case dismiss
    /// OK to everything: `confirm` answers `true`, `prompt` its default text (or `""`).
    case accept

    /// The answer for a dialog of `kind`.
    package func response(for kind: JavaScriptDialog.Kind) -> DialogResponse {
        switch self {
        case .dismiss: return kind == .beforeUnload ? .accept : .dismiss
        case .accept: return .accept
        }
    }
}
