import ArgumentParser

/// Where a server listens and what it stores into, as command-line options, shared by
/// `lab serve` and `lab messages-api`: `--host`, `--port` and `--db`. The database's default
/// and help are the command's (`Store`), as each keeps its file in its own place.
struct ServerOptions<Store: DatabaseDefault>: ParsableArguments {
    @Option(help: "Address to bind.")
    var host = "127.0.0.1"

    @Option(help: "Port to bind; 0 picks a free port.")
    var port = 8080

    @Option(help: ArgumentHelp(Store.help))
    var db = Store.path

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard !db.isEmpty else { throw ValidationError("--db must not be empty") }
    }
}

/// A command's `--db`: its default file and what the help says of it.
protocol DatabaseDefault {
    /// The default path.
    static var path: String { get }
    /// The option's help text.
    static var help: String { get }
}
