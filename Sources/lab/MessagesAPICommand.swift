public import ArgumentParser
import Foundation
import MessagesService
import ServerDefenses

/// `lab messages-api`: serves the Messages REST API on its own, storing into a SQLite file.
struct MessagesAPICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "messages-api",
        abstract: "Serve the Messages REST API (POST/GET /proto/messages) backed by SQLite.",
        discussion: """
            Binds 127.0.0.1 unless told otherwise. Prints "listening on http://HOST:PORT" once \
            the socket is bound (useful with --port 0). Stops cleanly on SIGINT or SIGTERM.
            """
    )

    @OptionGroup
    var server: ServerOptions<Database>

    /// `--db`: a file in the working folder by default.
    enum Database: DatabaseDefault {
        static let path = "messages.sqlite"
        static let help = "SQLite database file (created if missing; its folder must exist)."
    }

    @Option(help: ArgumentHelp(
        "Commit durability: full (fsync every commit; survives power loss) or normal (survives a killed process only).",
        valueName: "full|normal"))
    var synchronous: SQLiteMessageStore.Synchronous = .full

    @OptionGroup(title: "Defenses")
    var defenses: DefenseOptions

    func run() async throws {
        let store: SQLiteMessageStore
        do {
            store = try SQLiteMessageStore(path: server.db, synchronous: synchronous)
        } catch {
            // Not a usage problem: say what failed and exit 1, without the usage text.
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode.failure
        }
        let (host, port) = (server.host, server.port)
        if let warning = BindExposure.warning(host: host, port: port, exposed: "the Messages API (read and write: GET and POST /proto/messages)") {
            FileHandle.standardError.write(Data(warning.utf8))
        }
        let server = MessagesServer(api: MessagesAPI(store: store), host: host, port: port, limits: defenses.limits,
                                    policy: defenses.policy(bindHost: host)) { boundPort in
            // One line on stdout, unbuffered: scripts and tests read the port from it.
            FileHandle.standardOutput.write(Data("listening on \(BindExposure.url(host: host, port: boundPort))\n".utf8))
        }
        try await server.runUntilSignalled()
    }
}

extension SQLiteMessageStore.Synchronous: ExpressibleByArgument {}
