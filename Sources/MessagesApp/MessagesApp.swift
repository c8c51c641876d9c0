import Foundation
public import Hummingbird
public import LabKit
import MessagesModel
import NIOCore
public import ServerDefenses
import ServiceLifecycle

/// The Messages lab app (the seed's "Add and Find user messages from a service that has a
/// REST interface"): a home screen, Add Message, Find Messages and All Messages, in three layers —
/// screens rendered from view models (presentation), ``MessageActions`` (action), and
/// `MessagesAPIClient` over HTTP (network).
///
/// Every ``addRoutes(to:launch:)`` is one launch; ``MessagesComposition`` picks its actions
/// from the launch options: the API at `-messagesAPI URL` / `LAB_MESSAGES_API`, the app's
/// default API (`lab serve`: its own), or the mock with `-mock YES` / `LAB_MESSAGES_MOCK=1`.
///
/// | route | what |
/// |---|---|
/// | `GET /` | home: Add Message, Find Messages, All Messages |
/// | `GET /add` | the add form |
/// | `POST /add` | `user`, `subject`, `message`: sends them; the saved message (`200`), or the form again with what was typed and the rule that failed (`422`) or why the service cannot be reached (`503`) |
/// | `GET /find?user=NAME` | the find form; with `user`, that user's messages oldest first, or "No messages from NAME" (a refused name: `422`; no service: `503`) |
/// | `GET /all?page=N` | page N (default 1) of every message, grouped by user on the page: one page of the API's listing, so at most its byte budget of stored text (1 MiB) and its page size (1,000 messages); Previous and Next links (a page past the last: `404`; a `page` that is not one whole number from 1 to 1,000,000: `400`, saying why; no service: `503`) |
/// | `GET /all/updates?page=N` | server-sent events: page N's content each time the messages change (one shared change feed per launch, each followed page read and rendered once per change, a latest-only buffer per stream, at most ``streamLimits`` streams: beyond, `503`/`429` with `Retry-After`; at most ``AllMessagesFeed/maxFollowedPages`` different pages at once) |
public struct MessagesApp: LabApp {
    public let name = "Messages"
    public let summary = "Add and find user messages through the Messages REST API"
    public let pathPrefix: String
    /// How many `/all/updates` streams a launch holds open, in all and per client address.
    public let streamLimits: StreamLimits
    private let defaultAPI: MessagesAPIAddress?

    /// The app mounted at `pathPrefix` (no trailing slash). Each launch reaches the API its
    /// launch options name (`-messagesAPI URL`), else `defaultAPI`, or runs on the mock, and
    /// holds at most `streamLimits` update streams open (default: a quarter of the default
    /// connection cap; pass the server's own, `StreamLimits(maxConnections:)`).
    public init(defaultAPI: MessagesAPIAddress? = nil, pathPrefix: String = "/messages", streamLimits: StreamLimits = StreamLimits()) {
        self.pathPrefix = pathPrefix
        self.defaultAPI = defaultAPI
        self.streamLimits = streamLimits
    }

    /// Largest form post accepted: a message at the API's limits, every character percent-encoded.
    private static let formLimit = 65_536 * 4
    /// How often an open updates stream sends a comment, so a closed page is noticed.
    static let heartbeat: Duration = .seconds(5)

    public func addRoutes<Context: RequestContext>(to router: Router<Context>, launch: LaunchOptions) {
        // Dependency injection: the launch's actions, chosen once, handed to every view model.
        let actions = MessagesComposition.actions(for: launch, defaultAPI: defaultAPI)
        let paths = MessagesPaths(prefix: pathPrefix)
        let group = router.group(RouterPath(pathPrefix))
        // One change feed and one stream count per launch, shared by every stream.
        let feed = (try? actions.get()).map { AllMessagesFeed(actions: $0, paths: paths) }
        let streams = StreamLimiter(limits: streamLimits)

        /// Renders `screen` with the launch's actions, or says why there are none (`503`).
        @Sendable func render(
            _ request: Request, _ context: Context,
            _ screen: (any MessageActions) async throws -> (Page, HTTPResponse.Status)
        ) async throws -> Response {
            let page: Page
            let status: HTTPResponse.Status
            switch actions {
            case .success(let actions):
                (page, status) = try await screen(actions)
            case .failure(let error):
                (page, status) = (HomeScreen(paths: paths, error: error.description).page, .serviceUnavailable)
            }
            var response = try page.response(from: request, context: context)
            response.status = status
            return response
        }

        group.get { request, context in
            try await render(request, context) { _ in (HomeScreen(paths: paths).page, .ok) }
        }
        group.get("add") { request, context in
            try await render(request, context) { actions in (AddMessageScreen(model: AddMessageViewModel(actions: actions), paths: paths).page, .ok) }
        }
        group.post("add") { request, context in
            let form = try await FormBody(request: request, limit: Self.formLimit)
            return try await render(request, context) { actions in
                var model = AddMessageViewModel(
                    actions: actions, user: form.value(named: "user") ?? "", subject: form.value(named: "subject") ?? "",
                    message: form.value(named: "message") ?? ""
                )
                await model.send()
                switch model.state {
                case .sent(let message): return (SentScreen(message: message, paths: paths).page, .ok)
                case .rejected: return (AddMessageScreen(model: model, paths: paths).page, .unprocessableContent)
                case .failed: return (AddMessageScreen(model: model, paths: paths).page, .serviceUnavailable)
                case .editing, .sending: return (AddMessageScreen(model: model, paths: paths).page, .ok)
                }
            }
        }
        group.get("find") { request, context in
            let user = FormBody(request.uri.query ?? "").value(named: "user")
            return try await render(request, context) { actions in
                var model = FindMessagesViewModel(actions: actions, user: user ?? "")
                if user != nil { await model.search() }
                let status: HTTPResponse.Status =
                    switch model.state {
                    case .rejected: .unprocessableContent
                    case .failed: .serviceUnavailable
                    default: .ok
                    }
                return (FindScreen(model: model, paths: paths).page, status)
            }
        }
        group.get("all") { request, context in
            let number: Int
            do throws(AllMessagesPageParameter.Refusal) {
                number = try AllMessagesPageParameter.number(in: request.uri.query)
            } catch {
                var response = try AllMessagesScreen.refused(error, paths: paths).response(from: request, context: context)
                response.status = .badRequest
                return response
            }
            return try await render(request, context) { actions in
                var model = AllMessagesViewModel(actions: actions, page: number)
                await model.load()
                let status: HTTPResponse.Status =
                    switch model.state {
                    case .failed: .serviceUnavailable
                    case .missing: .notFound
                    case .loading, .loaded: .ok
                    }
                return (AllMessagesScreen(model: model, paths: paths).page, status)
            }
        }
        group.get("all/updates") { request, _ -> Response in
            guard let feed else {
                return Response(status: .serviceUnavailable, headers: [.cacheControl: "no-store"])
            }
            let number: Int
            do throws(AllMessagesPageParameter.Refusal) {
                number = try AllMessagesPageParameter.number(in: request.uri.query)
            } catch {
                return Response(
                    status: .badRequest, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: error.description + "\n"))
                )
            }
            let slot: StreamSlot
            switch streams.admit(request) {
            case .success(let admitted): slot = admitted
            case .failure(let refusal): return streams.response(for: refusal)
            }
            guard feed.canFollow(page: number) else {
                slot.release()
                return Response(
                    status: .serviceUnavailable,
                    headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store", .retryAfter: "5"],
                    body: ResponseBody(byteBuffer: ByteBuffer(
                        string: "at most \(AllMessagesFeed.maxFollowedPages) different pages of All Messages are followed at once; try again later\n"))
                )
            }
            let shown = FormBody(request.uri.query ?? "").value(named: "version")
            return Self.updatesResponse(feed: feed, page: number, slot: slot, shownVersion: shown)
        }
    }

    /// The server-sent events of one page of All Messages: one `messages` event (`{"html": …}`)
    /// for each state of that page in the launch's ``AllMessagesFeed`` that differs from the
    /// last one sent (the first
    /// is compared with `shownVersion`, what the page already shows), and a comment every
    /// ``heartbeat``. The stream's buffer is its ``UpdateMailbox``: a reader slower than the
    /// changes gets the newest state, never a queue of them; a reader that stops reading is
    /// closed by the write-progress clock (`--idle-timeout`) once a heartbeat cannot go out.
    /// Ends when the page goes away (a write fails) or the server shuts down; then `slot` is
    /// given back.
    private static func updatesResponse(feed: AllMessagesFeed, page: Int, slot: StreamSlot, shownVersion: String?) -> Response {
        let body = ResponseBody { writer in
            defer { slot.release() }
            // Subscribed only once the body is written (a `HEAD` never is); a page that became
            // one too many since ``AllMessagesFeed/canFollow(page:)`` ends the stream at once.
            guard let subscription = feed.subscribe(page: page) else {
                try await writer.finish(nil)
                return
            }
            let mailbox = subscription.mailbox
            let beat = Task {
                while (try? await Task.sleep(for: Self.heartbeat)) != nil { mailbox.heartbeat() }
            }
            defer {
                beat.cancel()
                feed.unsubscribe(subscription)
            }
            // A server shutting down ends the stream, so it never waits for the page to leave.
            try await withGracefulShutdownHandler {
                var lastVersion = shownVersion
                try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
                for await _ in mailbox.wakeUps {
                    let (update, heartbeat) = mailbox.take()
                    if let update, update.version != lastVersion {
                        lastVersion = update.version
                        try await writer.write(update.event)
                    } else if heartbeat {
                        try await writer.write(ByteBuffer(string: ": still here\n\n"))
                    }
                }
            } onGracefulShutdown: {
                mailbox.close()
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"],
            body: body
        )
    }
}
