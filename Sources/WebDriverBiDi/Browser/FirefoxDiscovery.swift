public import Foundation

/// Finds the Firefox binary to launch.
///
/// Order: the `LAB_FIREFOX` environment variable, then `firefox-esr` and `firefox` on `PATH`,
/// then Debian's and Mozilla's install directories. A name on `PATH` is resolved through its
/// symbolic links, so Debian's `/usr/bin/firefox-esr` becomes `/usr/lib/firefox-esr/firefox-esr`.
public enum FirefoxDiscovery {
    /// The environment variable that names a Firefox binary explicitly.
    public static let environmentVariable = "LAB_FIREFOX"

    /// Names looked up on `PATH`.
    public static let pathNames = ["firefox-esr", "firefox"]

    /// Install locations tried last.
    public static let knownPaths = ["/usr/lib/firefox-esr/firefox-esr", "/usr/lib/firefox/firefox", "/opt/firefox/firefox"]

    /// The first Firefox found (an absolute path), or ``BiDiError/browserNotFound(searched:)``.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let explicit = environment[environmentVariable], !explicit.isEmpty {
            guard explicit.hasPrefix("/"), isExecutable(explicit) else {
                throw BiDiError.browserNotFound(searched: ["\(environmentVariable)=\(explicit) (not an absolute path to an executable file)"])
            }
            return explicit
        }
        var searched = ["$\(environmentVariable) (unset)"]
        let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        for name in pathNames {
            for directory in directories {
                let candidate = directory + "/" + name
                if isExecutable(candidate) { return URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path }
            }
            searched.append("\(name) on PATH")
        }
        for path in knownPaths {
            if isExecutable(path) { return path }
            searched.append(path)
        }
        throw BiDiError.browserNotFound(searched: searched)
    }

    private static func isExecutable(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            && !isDirectory.boolValue && FileManager.default.isExecutableFile(atPath: path)
    }
}
