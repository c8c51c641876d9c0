public import MessagesModel

/// The state of the Find Messages screen: the user name searched for and what was found.
public struct FindMessagesViewModel: Sendable {
    /// What a search found.
    public enum State: Sendable, Equatable {
        /// No search yet.
        case idle
        /// Searching; no answer yet.
        case searching
        /// The user's messages, oldest first (possibly none).
        case found([MessageEntry])
        /// The name was refused (empty, or a rule of the service's); why.
        case rejected(String)
        /// The service cannot be reached or failed; why.
        case failed(String)
    }

    /// What the screen says when Search is tapped with no name.
    public static let emptyNameMessage = "Enter a user name to search for"

    /// The user name field.
    public var user: String
    /// What the last search found.
    public private(set) var state: State = .idle
    private let actions: any MessageActions

    /// A model whose field holds `user`.
    public init(actions: any MessageActions, user: String = "") {
        self.actions = actions
        self.user = user
    }

    /// The rule the searched name broke.
    public var validationMessage: String? {
        if case .rejected(let rule) = state { rule } else { nil }
    }

    /// Why the search could not reach the service.
    public var errorMessage: String? {
        if case .failed(let why) = state { why } else { nil }
    }

    /// Searches for ``user``'s messages; an empty name is refused without asking the service.
    public mutating func search() async {
        guard !user.isEmpty else {
            state = .rejected(Self.emptyNameMessage)
            return
        }
        state = .searching
        do {
            state = .found(try await actions.messages(of: user))
        } catch {
            switch error {
            case .rejected(let rule): state = .rejected(rule)
            case .unavailable(let why): state = .failed(why)
            }
        }
    }
}
