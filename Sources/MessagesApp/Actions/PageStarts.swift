import MessagesModel
import Synchronization

/// Where each page of the API's listing starts, learned while reading it, so page `n` of All
/// Messages is one API read once its start is known.
///
/// The listing only grows at its end (messages are appended in save order, never changed or
/// removed), so a page that has a next page never changes, and the cursor a page starts at,
/// once learned, stays true. Page `n` whose start is not known yet is reached by reading the
/// pages from the last known start, one at a time (each at most one API page in memory); a
/// number past the end costs reading from the last known start to the end. The table holds
/// one cursor per page read (a thousand for a store of a million messages).
///
/// A store replaced under the app (an API restarted on an empty database) shows as a known
/// page that is now empty: the table is forgotten and the walk starts again from page 1.
final class PageStarts: Sendable {
    /// `starts[i]`: the cursor page `i + 1` starts after (`nil`: the first page).
    private let starts = Mutex<[String?]>([nil])

    /// Page `number` (from 1), read with `read` (one API page after a cursor), or `nil` if
    /// the listing has fewer pages.
    func page<E: Error>(
        _ number: Int, read: (String?) async throws(E) -> (users: [UserMessages], next: String?)
    ) async throws(E) -> (users: [UserMessages], next: String?)? {
        for attempt in 0..<2 {
            var index = min(number, starts.withLock { $0.count })
            while true {
                let start = starts.withLock { $0[index - 1] }
                let page = try await read(start)
                if index > 1, page.users.isEmpty {
                    // A page after a cursor this table learned exists only if messages followed
                    // it: the store was replaced. Forget what was learned and walk again, once.
                    starts.withLock { $0 = [nil] }
                    if attempt == 0 { break } else { return nil }
                }
                if let next = page.next {
                    starts.withLock { if $0.count == index { $0.append(next) } }
                }
                if index == number { return page }
                guard page.next != nil else { return nil }
                index += 1
            }
        }
        return nil
    }

    /// How many page starts are known (for tests).
    var known: Int { starts.withLock { $0.count } }
}
