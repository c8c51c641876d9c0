import Foundation
import LabSupport
import Testing
import WebDriverBiDi

/// Whether a Firefox can be found (`LAB_FIREFOX`, `firefox-esr` on PATH, …): the tests need the real one.
let firefoxAvailable = (try? FirefoxDiscovery.locate()) != nil

/// Runs `body` with a Firefox and a new tab in a user context of its own (removed after it, also
/// when `body` throws). Without `capabilities` the browser is the suite's shared one
/// (``SharedFirefox``): a cold start costs seconds of CPU, and the tests that check launching and
/// ending a browser launch their own. With `capabilities` (session settings) it is launched for
/// `body` alone and terminated after it, checking that nothing of it is left.
func withFirefox(
    capabilities: [String: JSONValue] = [:],
    _ body: (FirefoxBrowser, String) async throws -> Void
) async throws {
    guard capabilities.isEmpty else {
        var options = FirefoxBrowser.LaunchOptions()
        options.capabilities = capabilities
        let firefox = try await FirefoxBrowser.launch(options)
        do {
            let tab = try await firefox.send(BiDi.BrowsingContext.Create(type: .tab)).context
            try await body(firefox, tab)
        } catch {
            await firefox.terminate()
            throw error
        }
        #expect(await firefox.terminate())
        return
    }
    let firefox = try await SharedFirefox.shared.browser()
    let userContext = try await firefox.send(BiDi.Browser.CreateUserContext()).userContext
    do {
        let tab = try await firefox.send(BiDi.BrowsingContext.Create(type: .tab, userContext: userContext)).context
        try await body(firefox, tab)
    } catch {
        _ = try? await firefox.send(BiDi.Browser.RemoveUserContext(userContext: userContext))
        throw error
    }
    try await firefox.send(BiDi.Browser.RemoveUserContext(userContext: userContext))
}

/// One Firefox for the suite's tests, launched on first use (again if it has gone). It is not
/// terminated by a test: the module ends every browser still running, and deletes its profile,
/// when the test process exits (and the scripts check that no browser is left).
actor SharedFirefox {
    static let shared = SharedFirefox()
    private var running: FirefoxBrowser?

    func browser() async throws -> FirefoxBrowser {
        if let running, !running.isGone { return running }
        let launched = try await FirefoxBrowser.launch()
        running = launched
        return launched
    }
}

/// A `data:` URL of an HTML document.
func page(_ html: String) -> String {
    "data:text/html;charset=utf-8," + (html.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
}

/// Processes whose process group is `group`, from /proc (zombies left out).
func liveMembers(ofGroup group: Int32) -> [Int32] {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
    return entries.compactMap { name -> Int32? in
        guard let pid = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: end)...].split(separator: " ", maxSplits: 4)
        guard fields.count > 2, fields[0] != "Z", Int32(fields[2]) == group else { return nil }
        return pid
    }
}

/// Whether a process with this id exists (and is not a zombie).
func isRunning(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let end = stat.lastIndex(of: ")") else { return false }
    return !stat[stat.index(after: end)...].hasPrefix(" Z")
}

/// Width and height from a PNG's IHDR chunk.
func pngSize(_ data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data.prefix(24))
    guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
    func int(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    return (int(16), int(20))
}

extension FirefoxBrowser {
    /// Evaluates `expression` in `tab` and returns its value as JSON.
    func evaluate(_ expression: String, in tab: String) async throws -> JSONValue? {
        try await send(BiDi.Script.Evaluate(expression, in: .context(tab))).value().json
    }
}
