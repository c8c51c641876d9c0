import AnimalsApp
import LabSupport
import DevTools
import Foundation
import LabTesting
import Recorder
import TogglesApp
import TriviaApp
import UIAutomation

/// What `lab record` and `lab inspect` open: a lab app by name (a fresh server of its own, as a
/// test launches it) or the URL of a running site.
struct RecordTarget {
    let host: any AppHost
    let recordedApp: RecordedApp

    static let labApps = ["animals", "trivia", "toggles"]

    init(_ name: String, launchArguments: [String]) throws {
        let arguments = launchArguments
        switch name {
        case "animals":
            host = LabAppHost(app: AnimalsApp())
            recordedApp = .labApp(name, title: "Automation Animals", module: "AnimalsApp", appExpression: "AnimalsApp()",
                                  launchArguments: arguments)
        case "trivia":
            host = LabAppHost(app: try TriviaApp())
            recordedApp = .labApp(name, title: "Movie Trivia", module: "TriviaApp", appExpression: "try TriviaApp()",
                                  launchArguments: arguments)
        case "toggles":
            host = LabAppHost(app: TogglesApp())
            recordedApp = .labApp(name, title: "Toggles", module: "TogglesApp", appExpression: "TogglesApp()",
                                  launchArguments: arguments)
        default:
            guard let url = URL(string: name), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
                throw RecordTargetError(name: name)
            }
            host = URLHost(name)
            recordedApp = RecordedApp(
                name: name, applicationExpression: "Application(url: \(SwiftLiteral.string(name)))",
                xcuitestTargetHint: "TargetApplication.url(\(SwiftLiteral.string(name))), or XCUIAUTOMATION_TARGET_URL",
                launchArguments: arguments)
        }
    }

    /// The configuration a recording or inspection runs with: the tests' screen (an iPhone's
    /// viewport, at one device pixel per point so the window shows it at its size) in a browser
    /// of its own, in a window unless `headless`.
    static func configuration(headless: Bool) -> Configuration {
        var options = BrowserLaunchOptions(executable: headedBrowser())
        options.headless = headless
        options.extraArguments = ["--window-position=0,0", "--window-size=\(Device.iPhone.width + 40),\(Device.iPhone.height + 140)"]
        var configuration = Configuration()
        configuration.device = Device(width: Device.iPhone.width, height: Device.iPhone.height, scale: 1)
        configuration.browser = SharedBrowser(options: options)
        configuration.preparesNextLaunch = false
        configuration.artifactsDirectory = nil
        return configuration
    }

    /// A full Chromium (the headless shell has no window): `LAB_BROWSER` unless it is the shell,
    /// else Debian's `/usr/lib/chromium/chromium`, else `chromium` found by DevTools.
    static func headedBrowser() -> String? {
        if let explicit = ProcessInfo.processInfo.environment[BrowserDiscovery.environmentVariable], !explicit.isEmpty,
           !explicit.hasSuffix("headless-shell")
        {
            return explicit
        }
        for candidate in ["/usr/lib/chromium/chromium", "/usr/bin/chromium"] where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return nil
    }
}

struct RecordTargetError: Error, CustomStringConvertible {
    let name: String
    var description: String {
        "\(name) is neither a lab app (\(RecordTarget.labApps.joined(separator: ", "))) nor an http(s) URL"
    }
}
