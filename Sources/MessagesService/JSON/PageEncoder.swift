import MessagesModel
import NIOCore

/// A page's JSON answer, produced a slice at a time, so that an answer is never held whole:
/// the route encodes the next slice only once the connection has taken the previous one.
///
/// The envelope is the seed's: `{"statusCode":200,"body":{…}}`, with `"next"` beside `body`
/// when another page follows. The body is either every user's messages grouped by user
/// (`{"<user>":[…],…}`) or one user's (`{"user":"<user>","message":[…]}`).
struct PageEncoder: Sendable {
    /// A labelled array of entries: a user's messages in the listing of all users; the single
    /// unlabelled group of one user's listing.
    private struct Group: Sendable {
        var label: String?
        var entries: [MessageEntry]
    }

    private let oneUser: String?
    private let groups: [Group]
    private let next: MessageCursor?
    private var group = 0
    private var entry = 0
    private var started = false
    /// Whether the last slice has been produced.
    private(set) var finished = false

    /// Every user's messages, grouped by user, in page order.
    init(allUsers page: MessagePage<UserMessages>) {
        oneUser = nil
        groups = page.items.map { Group(label: $0.user, entries: $0.messages) }
        next = page.next
    }

    /// The messages of `user`.
    init(user: String, page: MessagePage<MessageEntry>) {
        oneUser = user
        groups = [Group(label: nil, entries: page.items)]
        next = page.next
    }

    /// The next slice: at least `size` bytes of JSON (one entry more at most, so it may be a few
    /// tens of kilobytes over), or what is left; `nil` once everything has been produced.
    mutating func nextSlice(size: Int) -> ByteBuffer? {
        guard !finished else { return nil }
        var writer = JSONWriter(capacity: size + 1024)
        if !started {
            started = true
            writer.raw("{\"statusCode\":200,\"body\":{")
            if let oneUser {
                writer.raw("\"user\":")
                writer.string(oneUser)
                writer.raw(",\"message\":")
            }
        }
        while writer.buffer.readableBytes < size {
            guard group < groups.count else {
                writer.raw("}")
                if let next {
                    writer.raw(",\"next\":")
                    writer.string(next.token)
                }
                writer.raw("}")
                finished = true
                break
            }
            if entry == 0 {
                if let label = groups[group].label {
                    if group > 0 { writer.raw(",") }
                    writer.string(label)
                    writer.raw(":")
                }
                writer.raw("[")
            }
            if entry < groups[group].entries.count {
                let item = groups[group].entries[entry]
                writer.raw(entry == 0 ? "{\"subject\":" : ",{\"subject\":")
                writer.string(item.subject)
                writer.raw(",\"message\":")
                writer.string(item.message)
                writer.raw("}")
                entry += 1
            }
            if entry == groups[group].entries.count {
                writer.raw("]")
                group += 1
                entry = 0
            }
        }
        return writer.buffer
    }
}
