/// Which slice of a listing to read: at most ``limit`` messages, after ``cursor`` (from the
/// start when it is `nil`). Both listings page over messages in save order.
public struct PageRequest: Sendable, Hashable {
    /// The page size when the request names none. Large enough that a store of the seed's size
    /// is one page, so its answers keep the seed's exact shape.
    public static let defaultLimit = 1000
    /// The largest page a request may ask for.
    public static let maxLimit = 10_000

    /// The most stored text a page holds by default, in UTF-8 bytes (user, subject and message
    /// of each entry): 1 MiB. A page ends at ``limit`` messages or at this many bytes, whichever
    /// comes first (a single message larger than it still makes a page of one), so one answer
    /// is at most about 6 MiB of JSON even when every character needs a `\u00XX` escape.
    public static let defaultMaxBytes = 1 << 20

    /// At most this many messages (1…``maxLimit``).
    public var limit: Int
    /// At most about this many bytes of stored text (see ``defaultMaxBytes``).
    public var maxBytes: Int = PageRequest.defaultMaxBytes
    /// Where the previous page ended; `nil` for the first page.
    public var cursor: MessageCursor?

    /// A page of at most `limit` messages after `cursor`. `limit` is clamped to 1…``maxLimit``.
    public init(limit: Int = PageRequest.defaultLimit, after cursor: MessageCursor? = nil) {
        self.limit = min(max(limit, 1), Self.maxLimit)
        self.cursor = cursor
    }

    /// The first page of the default size.
    public static let first = PageRequest()
}

/// A position in the store's one global save order: the page after it starts with the next
/// message saved after the last one a page returned. Clients see it only as an opaque token
/// (``token``), so its form can change.
public struct MessageCursor: Sendable, Hashable, CustomStringConvertible {
    /// The store's ordinal of the last message before the position.
    public let position: Int64

    /// The cursor after the message with ordinal `position`.
    public init(position: Int64) { self.position = position }

    /// The cursor a ``token`` stands for; `nil` for text that is no token.
    public init?(token: String) {
        // "m" then the position in decimal, without leading zeros: one spelling per cursor.
        guard token.hasPrefix("m"), token.count >= 2, token.count <= 20 else { return nil }
        let digits = token.dropFirst()
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.first != "0" || digits.count == 1,
              let position = Int64(digits), position >= 0
        else { return nil }
        self.position = position
    }

    /// The cursor as the API writes it (`next` in the body, `cursor=` in the query).
    public var token: String { "m\(position)" }

    public var description: String { token }
}

/// One page of a listing: its items and, when more follow, the cursor of the next page.
public struct MessagePage<Item: Sendable>: Sendable {
    /// The items of this page, in save order.
    public var items: [Item]
    /// Where the next page starts; `nil` when this page is the last.
    public var next: MessageCursor?

    public init(items: [Item], next: MessageCursor?) {
        self.items = items
        self.next = next
    }
}
