import LabKit
import MessagesService

/// What the add screen's form holds: the three fields exactly as typed.
struct MessageDraft: Sendable, Equatable {
    var user = ""
    var subject = ""
    var message = ""

    /// The fields of a posted add form (a missing field reads as empty).
    init(form: FormBody) {
        user = form.value(named: "user") ?? ""
        subject = form.value(named: "subject") ?? ""
        message = form.value(named: "message") ?? ""
    }

    /// An empty draft.
    init() {}

    /// The message, if it passes the API's rules (``MessageLimits``); else the rule's message,
    /// e.g. "user must not be empty".
    func validated(limits: MessageLimits = .default) -> Result<Message, MessagesAPIError> {
        let message = Message(user: user, subject: subject, message: self.message)
        do {
            try limits.validate(message)
            return .success(message)
        } catch {
            return .failure(error)
        }
    }
}
