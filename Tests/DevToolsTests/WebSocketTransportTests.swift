import DevTools
import Foundation
import LabSupport
import Testing
import TestSupport

/// The WebSocket transport against a real Chromium listening on 127.0.0.1.
@Suite("WebSocket transport", .heavyWork)
struct WebSocketTransportTests {
    @Test func attachesToALocalChromiumByItsDevToolsURL() async throws {
        var options = LaunchOptions()
        // No --remote-allow-origins: the transport sends no Origin header, which Chromium
        // would refuse unless told to allow it. The port is ephemeral and on loopback only.
        options.extraArguments = ["--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1"]
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

/// The WebSocket transport against a scripted server (`WebSocketPeer`), for what a browser
/// does not do on cue.
@Suite("WebSocket transport, protocol", .heavyWork)
struct WebSocketProtocolTests {
    @Test func fragmentsArriveAsOneMessageAndPingsBetweenThemAreAnswered() async throws {
        let peer = try await WebSocketPeer()
        let transport = try await WebSocketTransport.connect(url: peer.url("/fragments"))
        let inbox = Inbox(transport)
        #expect(try await inbox.nextText() == "{\"id\":1,\"result\":{}}")
        try transport.send(Data("{\"id\":2}".utf8))
        #expect(try await inbox.nextText() == "echo {\"id\":2}")
        #expect(peer.seen.prefix(2) == ["pong:are you there", "text:{\"id\":2}"])

        // Our close: a close frame with 1000, the peer's answer, then onClose(nil).
        transport.close()
        #expect(try await inbox.closeReason() == "nil")
        #expect(peer.seen.last == "close:1000")
        #expect(throws: DevToolsError.self) { try transport.send(Data("{}".utf8)) }
        await peer.close()
    }

    @Test func aCloseFromThePeerIsAnsweredAndEndsTheConnectionWithATypedReason() async throws {
        let peer = try await WebSocketPeer()
        let transport = try await WebSocketTransport.connect(url: peer.url("/close"))
        let inbox = Inbox(transport)
        let reason = try await inbox.closeReason()
        #expect(reason == "connectionClosed: the WebSocket peer closed the connection")
        // The answer may reach the peer after our side has hung up: wait for it, bounded.
        try await waitUntil { peer.seen == ["close:1001"] }
        #expect(peer.seen == ["close:1001"], "the peer's own code comes back")
        #expect(throws: DevToolsError.self) { try transport.send(Data("{}".utf8)) }
        await peer.close()
    }

    @Test func aMessageOverTheLimitEndsTheConnectionSayingSo() async throws {
        let peer = try await WebSocketPeer()
        let transport = try await WebSocketTransport.connect(url: peer.url("/big"), maxMessageSize: 1024)
        let reason = try await Inbox(transport).closeReason()
        #expect(reason.hasPrefix("connectionClosed: ") && reason.hasSuffix("failed: a message over the limit of 1024 bytes"), "\(reason)")
        // The peer is told why: 1009, message too big.
        try await waitUntil { peer.seen == ["close:1009"] }
        #expect(peer.seen == ["close:1009"])
        await peer.close()
    }

    @Test func aRefusedUpgradeSaysWhatTheServerAnswered() async throws {
        let peer = try await WebSocketPeer()
        let error = await #expect(throws: DevToolsError.self) {
            _ = try await WebSocketTransport.connect(url: peer.url("/refuse"), timeout: .seconds(10))
        }
        let text = String(describing: error)
        #expect(text.contains("HTTP 403") && text.contains("Rejected an incoming WebSocket connection"), "\(text)")
        await peer.close()
    }

    @Test func notAWebSocketURLIsATypedError() async throws {
        let error = await #expect(throws: DevToolsError.self) {
            _ = try await WebSocketTransport.connect(url: "http://127.0.0.1:9/devtools")
        }
        #expect(String(describing: error).contains("not a ws:// or wss:// URL"))
    }

    @Test(.enabled(if: !ClientTLS.isAvailable, "this build has the TLS trait"))
    func wssWithoutTheTLSTraitSaysHowToTurnItOn() async throws {
        let error = await #expect(throws: DevToolsError.self) {
            _ = try await WebSocketTransport.connect(url: "wss://127.0.0.1:9/devtools/browser/none")
        }
        #expect(String(describing: error).contains("TLS trait"))
    }
}

/// The `TLS` trait's half (scripts/check-tls builds and runs it): `wss://` to a server that
/// speaks plain WebSocket fails in the TLS handshake — the TLS path is taken, not refused.
@Suite("WebSocket transport, TLS build", .heavyWork)
struct WebSocketTLSTests {
    @Test(.enabled(if: ClientTLS.isAvailable, "needs the TLS trait: scripts/check-tls runs it"))
    func wssWithTheTLSTraitSpeaksTLS() async throws {
        let peer = try await WebSocketPeer()
        let error = await #expect(throws: DevToolsError.self) {
            _ = try await WebSocketTransport.connect(url: "wss://127.0.0.1:\(peer.port)/fragments", timeout: .seconds(10))
        }
        let text = String(describing: error)
        #expect(!text.contains("TLS trait") && (text.contains("SSL") || text.contains("TLS") || text.contains("handshake")), "\(text)")
        await peer.close()
    }
}

/// A transport's messages and its close, as async calls.
private final class Inbox: Sendable {
    private let messages: AsyncStream<InboundMessage>
    private let closes: AsyncStream<String>

    init(_ transport: WebSocketTransport) {
        let (messages, messageSink) = AsyncStream.makeStream(of: InboundMessage.self)
        let (closes, closeSink) = AsyncStream.makeStream(of: String.self)
        self.messages = messages
        self.closes = closes
        transport.start(
            onMessage: { messageSink.yield($0) },
            onClose: { error in
                switch error {
                case nil: closeSink.yield("nil")
                case DevToolsError.connectionClosed(let reason)?: closeSink.yield("connectionClosed: " + reason)
                case let error?: closeSink.yield("other: \(error)")
                }
                messageSink.finish()
            })
    }

    func nextText() async throws -> String? {
        try await withTimeout(.seconds(10), timedOut: InboxTimeout()) { [messages] in
            for await message in messages {
                if case .data(let data) = message { return String(decoding: data, as: UTF8.self) }
            }
            return nil
        }
    }

    func closeReason() async throws -> String {
        try await withTimeout(.seconds(10), timedOut: InboxTimeout()) { [closes] in
            for await reason in closes { return reason }
            return "(no close)"
        }
    }
}

private struct InboxTimeout: Error {}

/// Polls `condition` for up to 10 s.
private func waitUntil(_ condition: @Sendable () -> Bool) async throws {
    for _ in 0..<1000 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
}
