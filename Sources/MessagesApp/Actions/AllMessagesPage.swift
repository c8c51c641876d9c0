public import MessagesModel

/// One page of All Messages: the users on it, each with their messages on it, and whether
/// another page follows. A page is one page of the Messages API's listing, so it holds at most
/// the API's byte budget of stored text (1 MiB by default) and at most its page size of
/// messages (1,000 by default); the screen never holds the whole store.
public struct AllMessagesPage: Sendable, Equatable {
    /// Which page this is, from 1.
    public var number: Int
    /// The users on the page, in the order of their first message on it (a user whose
    /// messages span pages is on each), each with their messages on it, oldest first.
    public var users: [UserMessages]
    /// Whether page ``number`` + 1 exists.
    public var hasNext: Bool

    /// Page `number` of `users`, followed by another page if `hasNext`.
    public init(number: Int, users: [UserMessages], hasNext: Bool) {
        self.number = number
        self.users = users
        self.hasNext = hasNext
    }

    /// Whether a page comes before this one.
    public var hasPrevious: Bool { number > 1 }

    /// The largest page number a request may name: far beyond any store the lab holds (a
    /// million pages of a thousand messages), small enough to read as a whole number.
    public static let maxNumber = 1_000_000
}
