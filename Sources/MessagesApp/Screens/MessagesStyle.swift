/// The app's own styles, on top of LabKit's shell.
enum MessagesStyle {
    /// Form rows with a left-aligned field, the error banner, message rows (bold subject over
    /// the text, long words wrapped) the home screen's navigation rows and All Messages' page links.
    static let css: StaticString = """
    .messages-form .lab-text-field input { text-align: left; }
    .messages-form .lab-text-field span { flex: none; width: 76px; }
    .messages-error { margin: 0 16px 16px; padding: 10px 12px; border-radius: 10px; background: var(--card); color: var(--red); font-size: 15px; }
    .messages-entry { display: flex; flex-direction: column; gap: 2px; padding: 10px 0; min-width: 0; }
    .messages-entry p { margin: 0; overflow-wrap: anywhere; white-space: pre-wrap; }
    .messages-subject { font-weight: 600; }
    .messages-text { color: var(--secondary); font-size: 15px; }
    .messages-user { text-transform: none; overflow-wrap: anywhere; }
    .messages-nav-link { flex-direction: row; align-items: center; justify-content: space-between; }
    .messages-chevron { color: var(--secondary); font-size: 22px; }
    .messages-pager { display: flex; gap: 16px; justify-content: center; align-items: center; margin: 16px; }
    .messages-pager p { margin: 0; }
    """
}
