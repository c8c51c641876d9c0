import AnimalsApp
import ArgumentParser
import Foundation
import Hummingbird
import LabKit
import MessagesApp
import MessagesService
import ServerDefenses
import ServiceLifecycle
import TogglesApp
import TriviaApp

/// `lab serve`: every lab app under one origin, with an index page at `/`.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve every lab app under one origin: Automation Animals at /animals, Movie Trivia at /trivia, Toggles at /toggles, Messages at /messages, the Messages API at /proto/messages.",
        discussion: """
            Binds 127.0.0.1 unless told otherwise, prints the URLs once the socket is bound, and \
            stops cleanly on Ctrl-C (SIGINT) or SIGTERM. The apps' state lives for the run; launch \
            options for the apps come from the environment (e.g. LAB_FAVORITES=lion,zebra, LAB_TOGGLES_ON=wifi,notifications). \
            LAB_TRIVIA_QUESTIONS=PATH plays the questions in that JSON file instead of the bundled \
            ones; a file that cannot be read or is malformed stops lab serve at start-up with an error. \
            The Messages app reaches the Messages API over HTTP: by default this server's own \
            /proto/messages; --messages-api URL (or LAB_MESSAGES_API=URL) points it at another instance, \
            and --mock-messages (or LAB_MESSAGES_MOCK=1) gives it hard-coded messages and no network at all.
            """
    )

    @OptionGroup
    var server: ServerOptions<Database>

    /// `--db`: under `lab-data/` by default, a folder created when missing.
    enum Database: DatabaseDefault {
        static let path = "lab-data/messages.sqlite"
        static let help = "SQLite database file of the Messages API (created if missing, with its folder)."
    }

    @Option(name: .customLong("messages-api"), help: ArgumentHelp(
        "The Messages API the Messages app uses (default: this server's own /proto/messages).", valueName: "url"))
    var messagesAPI: String?

    @Flag(name: .customLong("mock-messages"), help: "Run the Messages app on hard-coded messages, with no network at all; nothing it is sent is kept.")
    var mockMessages = false

    @OptionGroup(title: "Defenses")
    var defenses: DefenseOptions

    @Option(help: ArgumentHelp(
        "Most live-update streams (Messages' /messages/all/updates) open at once; more are refused with 503 and Retry-After. Default: a quarter of --max-connections. Must stay below --max-connections.",
        valueName: "n"))
    var maxStreams: Int?

    @Option(help: ArgumentHelp(
        "Most live-update streams open at once from one client address; more are refused with 429 and Retry-After. Default: a quarter of --max-streams.",
        valueName: "n"))
    var maxStreamsPerClient: Int?

    func validate() throws {
        guard (maxStreams ?? 1) >= 1 else { throw ValidationError("--max-streams must be at least 1") }
        guard (maxStreamsPerClient ?? 1) >= 1 else { throw ValidationError("--max-streams-per-client must be at least 1") }
        if let maxStreams, let maxConnections = defenses.maxConnections, maxStreams >= maxConnections {
            throw ValidationError("--max-streams (\(maxStreams)) must be below --max-connections (\(maxConnections)), so streams never take the last connections")
        }
        if let messagesAPI {
            guard let url = URL(string: messagesAPI), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw ValidationError("--messages-api must be an http:// or https:// URL, not \"\(messagesAPI)\"")
            }
        }
    }

    func run() async throws {
        let (host, port, db) = (server.host, server.port, server.db)
        // The flags become the Messages app's launch arguments: one way in, MessagesComposition.
        var arguments: [String] = []
        if let messagesAPI { arguments += [MessagesComposition.apiArgument, messagesAPI] }
        if mockMessages { arguments += [MessagesComposition.mockArgument, "YES"] }
        let launch = LaunchOptions(arguments: arguments, environment: ProcessInfo.processInfo.environment)
        // The questions first: a bad file stops the run before anything is created on disk.
        let trivia: TriviaApp
        do {
            trivia = try TriviaApp(launch: launch)
        } catch {
            FileHandle.standardError.write(Data("error: cannot load the Movie Trivia questions: \(error)\n".utf8))
            throw ExitCode.failure
        }
        let store: SQLiteMessageStore
        do {
            let folder = URL(fileURLWithPath: db).deletingLastPathComponent().path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            store = try SQLiteMessageStore(path: db)
        } catch {
            FileHandle.standardError.write(Data("error: cannot open --db \(db): \(error)\n".utf8))
            throw ExitCode.failure
        }
        let animals = AnimalsApp()
        let toggles = TogglesApp()
        let ownAPI = MessagesAPIAddress()  // known once bound (--port 0)
        let limits = defenses.limits
        let messages = MessagesApp(defaultAPI: ownAPI, streamLimits: streamLimits(maxConnections: limits.maxConnections))
        let router = LabServer.makeRouter(apps: [animals, trivia, toggles, messages], launch: launch, policy: defenses.policy(bindHost: host), extraLinks: [
            .init(name: "Messages API", path: MessagesAPI.basePath, summary: "The Messages REST API (JSON; POST and GET)"),
        ])
        MessagesAPI(store: store).addRoutes(to: router)
        let exposed = "every lab app and the Messages API (read and write: GET and POST /proto/messages)"
        if let warning = BindExposure.warning(host: host, port: port, exposed: exposed) {
            FileHandle.standardError.write(Data(warning.utf8))
        }
        let messagesBackend = mockMessages ? "mock: hard-coded messages, nothing kept"
            : messagesAPI.map { "API: \($0)" } ?? "API: this server's /proto/messages"
        let application = LabServer.makeApplication(
            router: router, host: host, port: port, limits: limits, logger: LabServer.quietLogger
        ) { bound in
            let base = BindExposure.url(host: host, port: bound)
            if let own = Self.loopbackURL(host: host, port: bound) { ownAPI.set(own) }
            FileHandle.standardOutput.write(Data("""
                listening on \(base)
                  index              \(base)/
                  Automation Animals \(base)\(animals.pathPrefix)
                  Movie Trivia       \(base)\(trivia.pathPrefix)
                  Toggles            \(base)\(toggles.pathPrefix)
                  Messages           \(base)\(messages.pathPrefix)   (\(messagesBackend))
                  Messages API       \(base)\(MessagesAPI.basePath)   (SQLite: \(db))
                press Ctrl-C to stop

                """.utf8))
        }
        try await BoundedShutdown.runUntilSignalled(application, logger: LabServer.quietLogger)
        FileHandle.standardOutput.write(Data("stopped\n".utf8))
    }

    /// The stream limits the options give, for a server of `maxConnections`: the defaults of
    /// ``StreamLimits/init(maxConnections:)`` for what is not given, and always below the cap.
    func streamLimits(maxConnections: Int) -> StreamLimits {
        let defaults = StreamLimits(maxConnections: maxConnections)
        let total = min(maxStreams ?? defaults.total, max(1, maxConnections - 1))
        return StreamLimits(total: total, perClient: maxStreamsPerClient ?? max(1, total / 4))
    }

    /// Where this process reaches its own API: the bound address, with `0.0.0.0` replaced by
    /// loopback and an IPv6 address by `localhost` (FoundationNetworking refuses a bracketed
    /// IPv6 literal as a bad URL).
    static func loopbackURL(host: String, port: Int) -> URL? {
        let reachable = host == "0.0.0.0" ? "127.0.0.1" : host.contains(":") ? "localhost" : host
        return URL(string: "http://\(reachable):\(port)")
    }
}
