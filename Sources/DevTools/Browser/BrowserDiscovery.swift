public import Foundation

/// Finds the Chromium binary to launch.
///
/// Order: the `LAB_BROWSER` environment variable, then
/// `/usr/lib/chromium/chromium-headless-shell` (fastest; DESIGN §3), then
/// `/usr/lib/chromium/chromium`, then `chromium-headless-shell`, `chromium`,
/// `chromium-browser` and `google-chrome` on `PATH`.
public enum BrowserDiscovery {
    /// The environment variable that names a browser binary explicitly.
    public static let environmentVariable = "LAB_BROWSER"

    /// Well-known install locations, tried after the environment variable.
    public static let knownPaths = [
        "/usr/lib/chromium/chromium-headless-shell",
        "/usr/lib/chromium/chromium",
    ]

    /// Names looked up on `PATH`, last.
    public static let pathNames = ["chromium-headless-shell", "chromium", "chromium-browser", "google-chrome"]

    /// The first browser found, or ``DevToolsError/browserNotFound(searched:)``.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let explicit = environment[environmentVariable], !explicit.isEmpty {
            guard isExecutable(explicit) else {
                throw DevToolsError.browserNotFound(searched: ["\(environmentVariable)=\(explicit) (not an executable file)"])
            }
            return explicit
        }
        var searched: [String] = ["$\(environmentVariable) (unset)"]
        for path in knownPaths {
            if isExecutable(path) { return path }
            searched.append(path)
        }
        let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for name in pathNames {
            for directory in directories {
                let candidate = directory + "/" + name
                if isExecutable(candidate) { return candidate }
            }
            searched.append("\(name) on PATH")
        }
        throw DevToolsError.browserNotFound(searched: searched)
    }

    private static func isExecutable(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            && !isDirectory.boolValue && FileManager.default.isExecutableFile(atPath: path)
    }
}
