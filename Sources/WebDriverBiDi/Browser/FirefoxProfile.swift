import Foundation

/// A fresh Firefox profile directory per browser: preferences that keep a test browser quiet
/// and local (no first-run pages, no updates, no telemetry, no remote settings or experiments,
/// no safe-browsing downloads) written to its `user.js`. Removed when the browser is gone.
enum FirefoxProfile {
    /// A value of a Firefox preference.
    enum Value: Sendable {
        case bool(Bool)
        case int(Int)
        case string(String)

        /// As `user.js` writes it (a JavaScript literal; strings JSON-escaped).
        var literal: String {
            switch self {
            case .bool(let value): return String(value)
            case .int(let value): return String(value)
            case .string(let value):
                let data = (try? JSONEncoder().encode(value)) ?? Data("\"\"".utf8)
                return String(decoding: data, as: UTF8.self)
            }
        }
    }

    /// The preferences every launched Firefox gets (docs/decisions.md, "Firefox over WebDriver BiDi").
    static let preferences: [(String, Value)] = [
        // First run, default-browser and what's-new pages.
        ("browser.shell.checkDefaultBrowser", .bool(false)),
        ("browser.startup.homepage_override.mstone", .string("ignore")),
        ("browser.startup.page", .int(0)),
        ("startup.homepage_welcome_url", .string("about:blank")),
        ("browser.newtabpage.enabled", .bool(false)),
        ("browser.aboutwelcome.enabled", .bool(false)),
        ("trailhead.firstrun.didSeeAboutWelcome", .bool(true)),
        ("browser.tabs.warnOnClose", .bool(false)),
        ("browser.sessionstore.resume_from_crash", .bool(false)),
        ("toolkit.startup.max_resumed_crashes", .int(-1)),
        // Updates of the browser and its add-ons.
        ("app.update.disabledForTesting", .bool(true)),
        ("app.update.auto", .bool(false)),
        ("extensions.update.enabled", .bool(false)),
        ("extensions.getAddons.cache.enabled", .bool(false)),
        // Telemetry, studies, experiments and remote settings (a dead local address).
        ("datareporting.policy.dataSubmissionEnabled", .bool(false)),
        ("datareporting.healthreport.uploadEnabled", .bool(false)),
        ("toolkit.telemetry.reportingpolicy.firstRun", .bool(false)),
        ("toolkit.telemetry.enabled", .bool(false)),
        ("app.normandy.enabled", .bool(false)),
        ("messaging-system.rsexperimentloader.enabled", .bool(false)),
        ("services.settings.server", .string("http://127.0.0.1:9/")),
        // Background connections: captive portal, connectivity checks, safe browsing.
        ("network.captive-portal-service.enabled", .bool(false)),
        ("network.connectivity-service.enabled", .bool(false)),
        ("browser.safebrowsing.malware.enabled", .bool(false)),
        ("browser.safebrowsing.phishing.enabled", .bool(false)),
        ("browser.safebrowsing.downloads.enabled", .bool(false)),
        ("browser.safebrowsing.blockedURIs.enabled", .bool(false)),
        // WebDriver BiDi only (CDP is gone from Firefox anyway).
        ("remote.active-protocols", .int(1)),
        // Fewer processes: one content process, no prelaunched spare, add-ons in the parent
        // (10 processes and ~455 MB PSS become 6 and ~414 MB; docs/decisions.md).
        ("dom.ipc.processCount", .int(1)),
        ("dom.ipc.processPrelaunch.enabled", .bool(false)),
        ("extensions.webextensions.remote", .bool(false)),
        ("browser.tabs.remote.separatePrivilegedContentProcess", .bool(false)),
    ]

    /// Creates a fresh profile directory under the temporary directory with `user.js` holding
    /// ``preferences`` and then `extra` (later lines win). Its path.
    static func create(extra: [(String, Value)]) throws -> String {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array((base + "/automationlab-profile-firefox-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw BiDiError.launchFailed(path: base, errno: errno)
        }
        let path = String(cString: template)
        let lines = (preferences + extra).map { "user_pref(\(Value.string($0.0).literal), \($0.1.literal));" }
        do {
            try (lines.joined(separator: "\n") + "\n").write(toFile: path + "/user.js", atomically: true, encoding: .utf8)
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw BiDiError.launchFailed(path: path + "/user.js", errno: EIO)
        }
        return path
    }
}
