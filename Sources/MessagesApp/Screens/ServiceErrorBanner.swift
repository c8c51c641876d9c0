import LabKit

/// The banner a screen shows when the Messages service cannot be used: why, in words.
enum ServiceErrorBanner {
    static func node(_ message: String?) -> HTMLNode {
        guard let message else { return .empty }
        return .el("p", [
            .class("messages-error"), HTMLAttribute("aria-live", "polite"), .testID(MessagesIdentifiers.serviceError),
        ], [.text(message)])
    }
}
