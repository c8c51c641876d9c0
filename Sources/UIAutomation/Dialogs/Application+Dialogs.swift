/// JavaScript dialogs (`alert`, `confirm`, `prompt`): answered as they open, read afterwards.
///
/// ```swift
/// try app.answerNextDialog(.accept(promptText: "Ada"))
/// try await app.buttons["Rename"].tap()          // the page's prompt() returns "Ada"
/// #expect(app.lastDialog?.message == "New name?")
/// ```
extension Application {
    /// Answers the next JavaScript dialog the page opens with `response` instead of
    /// ``Configuration/dialogPolicy``; call it before the action that opens the dialog.
    /// Several calls answer the next dialogs in order.
    public func answerNextDialog(_ response: DialogResponse) throws {
        try driver(for: "app.answerNextDialog(\(response))").answerNextDialog(response)
    }

    /// The last JavaScript dialog the page opened in this launch, with how it was answered;
    /// `nil` if none has (or the app is not running). A dialog opened by an action is here
    /// when the action returns.
    public var lastDialog: JavaScriptDialog? {
        (try? driver(for: "app.lastDialog"))?.dialogs.last
    }

    /// Every JavaScript dialog the page opened in this launch, oldest first.
    public var dialogs: [JavaScriptDialog] {
        (try? driver(for: "app.dialogs"))?.dialogs ?? []
    }
}
