import Foundation
import Hummingbird
import LabKit
import MessagesService

/// The Messages lab app (the seed's "Add and Find user messages from a service that has a
/// REST interface"): a home screen, Add Message, Find Messages and All Messages, reading and
/// writing the Messages API's ``MessageStore`` with the API's own rules (``MessageLimits``).
///
/// Every ``addRoutes(to:launch:)`` is one launch with its own store: the SQLite file given by
/// `-db PATH` / `LAB_MESSAGES_DB=PATH`, else a fresh file in a new temporary folder. An app
/// made with ``init(store:pathPrefix:)`` uses that one store for every launch instead
/// (`lab serve`, where the UI and the REST API share it). If the store cannot be opened,
/// every screen answers `503` with the reason.
///
/// | route | what |
/// |---|---|
/// | `GET /` | home: Add Message, Find Messages, All Messages |
/// | `GET /add` | the add form |
/// | `POST /add` | `user`, `subject`, `message`: saves and shows the saved message (`200`), or the form again with the rule that failed and the typed text (`422`) |
/// | `GET /find?user=NAME` | the find form; with `user`, that user's messages oldest first, or "No messages from NAME" (an invalid name: `422` and the rule) |
/// | `GET /all` | every message grouped by user |
public struct MessagesApp: LabApp {
    public let name = "Messages"
    public let summary = "Add and find user messages, stored by the Messages REST API's store"
    public let pathPrefix: String
    private let sharedStore: (any MessageStore)?

    /// The app mounted at `pathPrefix` (no trailing slash); each launch opens its own store.
    public init(pathPrefix: String = "/messages") {
        self.pathPrefix = pathPrefix
        sharedStore = nil
    }

    /// The app mounted at `pathPrefix`, every launch using `store` (launch options about the
    /// database are then ignored).
    public init(store: any MessageStore, pathPrefix: String = "/messages") {
        self.pathPrefix = pathPrefix
        sharedStore = store
    }

    /// The launch argument naming the SQLite file (`-db PATH`); the environment variable is
    /// ``databaseEnvironmentVariable``.
    public static let databaseArgument = LaunchDatabase.argument
    /// The environment variable naming the SQLite file (`LAB_MESSAGES_DB=PATH`).
    public static let databaseEnvironmentVariable = LaunchDatabase.environmentVariable

    /// Largest form post accepted: a message at the API's limits, every character percent-encoded.
    private static let formLimit = MessageLimits.default.maxBodyBytes * 4

    public func addRoutes(to router: Router<BasicRequestContext>, launch: LaunchOptions) {
        let database: Result<LaunchDatabase, MessageStoreError>
        if let sharedStore {
            database = .success(LaunchDatabase(sharing: sharedStore))
        } else {
            database = Result { () throws(MessageStoreError) in try LaunchDatabase(launch: launch) }
        }
        let paths = MessagesPaths(prefix: pathPrefix)
        let group = router.group(RouterPath(pathPrefix))

        /// Runs `screen` with the store, or answers 503 with why there is none.
        @Sendable func withStore(
            _ request: Request, _ context: BasicRequestContext,
            _ screen: (any MessageStore) async throws -> (Page, HTTPResponse.Status)
        ) async throws -> Response {
            let page: Page
            var status: HTTPResponse.Status
            do {
                (page, status) = try await screen(database.get().store)
            } catch let error as MessageStoreError {
                (page, status) = (StorageErrorScreen(error: error, paths: paths).page, .serviceUnavailable)
            }
            var response = try page.response(from: request, context: context)
            response.status = status
            return response
        }

        group.get { request, context in
            try await withStore(request, context) { _ in (HomeScreen(paths: paths).page, .ok) }
        }
        group.get("add") { request, context in
            try await withStore(request, context) { _ in (AddMessageScreen(draft: MessageDraft(), error: nil, paths: paths).page, .ok) }
        }
        group.post("add") { request, context in
            let draft = MessageDraft(form: try await FormBody(request: request, limit: Self.formLimit))
            return try await withStore(request, context) { store in
                switch draft.validated() {
                case .failure(let error):
                    return (AddMessageScreen(draft: draft, error: error, paths: paths).page, .unprocessableContent)
                case .success(let message):
                    try await store.save(message)
                    return (SentScreen(message: message, paths: paths).page, .ok)
                }
            }
        }
        group.get("find") { request, context in
            let user = FormBody(request.uri.query ?? "").value(named: "user")
            return try await withStore(request, context) { store in
                guard let user else { return (FindScreen(user: "", outcome: .none, paths: paths).page, .ok) }
                do throws(MessagesAPIError) {
                    try MessageLimits.default.validateUser(user)
                } catch {
                    return (FindScreen(user: user, outcome: .invalid(error), paths: paths).page, .unprocessableContent)
                }
                return (FindScreen(user: user, outcome: .found(try await store.messages(of: user)), paths: paths).page, .ok)
            }
        }
        group.get("all") { request, context in
            try await withStore(request, context) { store in
                (AllMessagesScreen(groups: try await store.allMessages(), paths: paths).page, .ok)
            }
        }
    }
}
