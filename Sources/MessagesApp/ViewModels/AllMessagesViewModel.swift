import MessagesModel

/// The state of one page of the All Messages screen: that page's messages grouped by user.
/// The screen is read a page at a time (``AllMessagesPage``: one bounded page of the service's
/// listing), so it never holds the whole store.
public struct AllMessagesViewModel: Sendable {
    /// What the screen shows.
    public enum State: Sendable, Equatable {
        /// Not loaded yet.
        case loading
        /// The page's users with their messages on it, users in the order of their first
        /// message on the page.
        case loaded(AllMessagesPage)
        /// There is no such page: the listing has fewer (the page number asked for).
        case missing(Int)
        /// The service cannot be reached or failed; why.
        case failed(String)
    }

    /// Which page, from 1.
    public let page: Int
    /// What the screen shows now.
    public private(set) var state: State = .loading
    private let actions: any MessageActions

    /// A model of page `page` (from 1) that has not loaded yet.
    public init(actions: any MessageActions, page: Int = 1) {
        self.actions = actions
        self.page = page
    }

    /// Why the messages cannot be shown.
    public var errorMessage: String? {
        if case .failed(let why) = state { why } else { nil }
    }

    /// Loads the page (again).
    public mutating func load() async {
        state = .loading
        do {
            state = try await actions.allMessagesPage(page).map(State.loaded) ?? .missing(page)
        } catch {
            state = .failed(error.description)
        }
    }
}
