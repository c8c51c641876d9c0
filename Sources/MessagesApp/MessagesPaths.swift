/// The app's URLs under its mount point.
struct MessagesPaths: Sendable {
    let prefix: String

    /// The home screen.
    var home: String { prefix.isEmpty ? "/" : prefix }
    /// The add screen (GET) and where its form posts (POST).
    var add: String { prefix + "/add" }
    /// The find screen; `?user=NAME` searches.
    var find: String { prefix + "/find" }
    /// Every message, grouped by user: the first page.
    var all: String { prefix + "/all" }
    /// Page `number` (from 1) of every message.
    func all(page number: Int) -> String { number == 1 ? all : all + "?\(AllMessagesPageParameter.name)=\(number)" }
    /// The server-sent events of All Messages: its content each time the messages change.
    var allUpdates: String { prefix + "/all/updates" }
}
