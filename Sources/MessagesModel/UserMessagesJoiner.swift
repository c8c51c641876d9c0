/// Joins pages of ``UserMessages`` into one list: a user met again on a later page gets the
/// new messages appended to their first entry.
public struct UserMessagesJoiner: Sendable {
    /// The users so far, in the order first met.
    public private(set) var users: [UserMessages] = []
    private var indexOfUser: [String: Int] = [:]

    public init() {}

    /// Adds one page's users.
    public mutating func append(_ page: [UserMessages]) {
        for entry in page {
            if let index = indexOfUser[entry.user] {
                users[index].messages += entry.messages
            } else {
                indexOfUser[entry.user] = users.count
                users.append(entry)
            }
        }
    }
}
