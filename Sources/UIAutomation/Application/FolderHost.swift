import Foundation

/// Launches a static site — the files of a directory — on a small built-in HTTP server, a fresh
/// one per launch on a free port of 127.0.0.1 (or the address you give):
///
/// ```swift
/// let app = Application(host: FolderHost("Site"))      // relative to the current directory
/// try await app.launch()                                // opens http://127.0.0.1:<port>/
/// ```
///
/// The server answers `GET` and `HEAD` with the files under the directory: `index.html` for a
/// directory, content types from file extensions, `404` for what is missing, `403` for any path
/// that would leave the directory (`..`, encoded slashes, symbolic links pointing outside).
/// Nothing is cached. A static site cannot read launch arguments or environment, so a launch
/// with any fails at once (as ``URLHost``'s do) rather than ignoring them.
public struct FolderHost: AppHost {
    /// The directory served (absolute, or relative to the current directory at launch).
    public let directory: String
    /// The path opened first (default `/`: the directory's `index.html`).
    public let path: String
    /// The address the server binds (default `127.0.0.1`).
    public let bindAddress: String

    /// A host serving `directory`, opening `path` first.
    public init(_ directory: String, path: String = "/", bindAddress: String = "127.0.0.1") {
        self.directory = directory
        self.path = path
        self.bindAddress = bindAddress
    }

    public func launch(arguments: [String], environment: [String: String]) async throws -> any RunningApp {
        guard arguments.isEmpty, environment.isEmpty else {
            throw UIAutomationError(query: "app.launch()", reason: .invalidRequest(
                "FolderHost serves static files and cannot apply launchArguments or launchEnvironment; clear them, "
                    + "or launch the site through a ProcessHost that reads them"))
        }
        let absolute = directory.hasPrefix("/") ? directory : FileManager.default.currentDirectoryPath + "/" + directory
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UIAutomationError(query: "app.launch()", reason: .invalidRequest(
                "FolderHost: \(absolute.debugDescription) is not a directory (the current directory is "
                    + "\(FileManager.default.currentDirectoryPath.debugDescription))"))
        }
        guard path.hasPrefix("/") else {
            throw UIAutomationError(query: "app.launch()", reason: .invalidRequest("FolderHost: path \(path.debugDescription) must begin with /"))
        }
        let root = (absolute as NSString).resolvingSymlinksInPath
        let server = try await StaticFileServer.start(root: root, host: bindAddress)
        let host = ["0.0.0.0", "::", ""].contains(bindAddress) ? "127.0.0.1" : (bindAddress.contains(":") ? "[\(bindAddress)]" : bindAddress)
        return Running(server: server, url: "http://\(host):\(server.port)\(path)")
    }

    private struct Running: RunningApp {
        let server: StaticFileServer
        let url: String
        func terminate() async { await server.stop() }
    }
}
