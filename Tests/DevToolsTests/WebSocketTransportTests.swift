import DevTools
import Foundation
import LabSupport
import Testing

/// The WebSocket transport against a real Chromium listening on 127.0.0.1.
@Suite("WebSocket transport")
struct WebSocketTransportTests {
    @Test func attachesToALocalChromiumByItsDevToolsURL() async throws {
        var options = LaunchOptions()
        // WSClient sends an Origin header, as browsers do; Chromium rejects any origin it
        // was not told to allow. The port is ephemeral and on loopback only.
        options.extraArguments = ["--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1", "--remote-allow-origins=*"]
        try await withBrowser(options) { local in
            let url = try await devToolsURL(profile: try #require(local.process?.profileDirectory))
            #expect(url.hasPrefix("ws://127.0.0.1:"))

            let remote = try await Browser.connect(webSocketURL: url)
            let version = try await remote.version()
            #expect(version.product.contains("Chrome"))

            // Contexts, pages and navigation work over it just as over the pipe.
            let context = try await remote.newContext()
            let page = try await context.newPage()
            try await page.navigate(to: "data:text/html,<title>over websocket</title>")
            #expect(try await page.evaluate("document.title") == .string("over websocket"))
            let results = try await withThrowingTaskGroup(of: JSONValue.self) { group in
                for index in 0..<20 { group.addTask { try await page.evaluate("\(index) + 1") } }
                return try await group.reduce(into: [JSONValue]()) { $0.append($1) }
            }
            #expect(Set(results.compactMap(\.number)) == Set((1...20).map(Double.init)))
            try await context.dispose()

            // Disconnecting leaves the remote browser running.
            await remote.close()
            await #expect(throws: DevToolsError.self) { _ = try await remote.version() }
            #expect(try await local.version().product == version.product)
        }
    }

    @Test func unreachableEndpointIsATypedError() async throws {
        await #expect(throws: DevToolsError.self) {
            _ = try await Browser.connect(webSocketURL: "ws://127.0.0.1:9/devtools/browser/none", connectTimeout: .seconds(5))
        }
    }

    /// Chromium writes its port and browser path to `DevToolsActivePort` in the profile.
    private func devToolsURL(profile: String) async throws -> String {
        let file = profile + "/DevToolsActivePort"
        for _ in 0..<200 {
            if let text = try? String(contentsOfFile: file, encoding: .utf8) {
                let lines = text.split(separator: "\n")
                if lines.count >= 2 { return "ws://127.0.0.1:\(lines[0])\(lines[1])" }
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw DevToolsError.connectionClosed(reason: "no DevToolsActivePort in \(profile)")
    }
}
