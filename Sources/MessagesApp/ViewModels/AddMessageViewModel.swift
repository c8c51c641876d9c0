public import MessagesModel

/// The state of the Add Message screen: what is typed, and what became of the last send.
///
/// ```swift
/// var model = AddMessageViewModel(actions: actions)
/// model.user = "dan"; model.message = "cats are grumpy"
/// await model.send()   // .sent(message), .rejected("user must not be empty") or .failed(why)
/// ```
public struct AddMessageViewModel: Sendable {
    /// What became of the input.
    public enum State: Sendable, Equatable {
        /// Being typed; nothing sent yet.
        case editing
        /// Sent; no answer yet.
        case sending
        /// Saved: the message as the service saved it.
        case sent(Message)
        /// The service refused it; the rule it broke. What was typed stays.
        case rejected(String)
        /// The service cannot be reached or failed; why. What was typed stays.
        case failed(String)
    }

    /// The user name field.
    public var user: String
    /// The subject field.
    public var subject: String
    /// The message field.
    public var message: String
    /// What became of the input so far.
    public private(set) var state: State = .editing
    private let actions: any MessageActions

    /// A model whose fields hold `user`, `subject` and `message` (empty by default).
    public init(actions: any MessageActions, user: String = "", subject: String = "", message: String = "") {
        self.actions = actions
        self.user = user
        self.subject = subject
        self.message = message
    }

    /// The rule the last send broke, to show over the form.
    public var validationMessage: String? {
        if case .rejected(let rule) = state { rule } else { nil }
    }

    /// Why the last send could not reach the service, to show over the form.
    public var errorMessage: String? {
        if case .failed(let why) = state { why } else { nil }
    }

    /// Sends the fields as typed (the service's rules decide what is valid).
    public mutating func send() async {
        state = .sending
        do {
            state = .sent(try await actions.add(Message(user: user, subject: subject, message: message)))
        } catch {
            switch error {
            case .rejected(let rule): state = .rejected(rule)
            case .unavailable(let why): state = .failed(why)
            }
        }
    }
}
