import MessagesModel

/// The state of the All Messages screen: every message grouped by user, kept current by
/// observing the service (``updates()``), so the screen can follow messages added anywhere.
public struct AllMessagesViewModel: Sendable {
    /// What the screen shows.
    public enum State: Sendable, Equatable {
        /// Not loaded yet.
        case loading
        /// Every user's messages, users in the order of their first message.
        case loaded([UserMessages])
        /// The service cannot be reached or failed; why.
        case failed(String)
    }

    /// What the screen shows now.
    public private(set) var state: State = .loading
    private let actions: any MessageActions

    /// A model that has not loaded yet.
    public init(actions: any MessageActions) { self.actions = actions }

    /// Why the messages cannot be shown.
    public var errorMessage: String? {
        if case .failed(let why) = state { why } else { nil }
    }

    /// Loads every message once.
    public mutating func load() async {
        state = .loading
        do {
            state = .loaded(try await actions.allMessages())
        } catch {
            state = .failed(error.description)
        }
    }

    /// The screen's state now and after every change, for as long as it is iterated: the
    /// service's ``MessageActions/allMessagesUpdates()`` mapped to states.
    public func updates() -> AsyncMapSequence<AsyncStream<Result<[UserMessages], MessageActionError>>, State> {
        actions.allMessagesUpdates().map(Self.state)
    }

    private static func state(_ result: Result<[UserMessages], MessageActionError>) -> State {
        switch result {
        case .success(let groups): .loaded(groups)
        case .failure(let error): .failed(error.description)
        }
    }
}
