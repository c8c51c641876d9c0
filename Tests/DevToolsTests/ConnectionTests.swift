@testable import DevTools
import Foundation
import LabSupport
import Testing

/// The connection's correlation, routing and failure handling, against a scripted peer.
@Suite("CDP connection (mock transport)")
struct ConnectionTests {
    @Test func repliesAreDecodedIntoTheCommandsResultType() async throws {
        let mock = MockTransport()
        mock.reply(to: "Browser.getVersion", with: #"{"protocolVersion":"1.3","product":"Mock/1","userAgent":"ua","jsVersion":"1"}"#)
        let connection = CDPConnection(transport: mock)
        let version = try await connection.send(CDP.Browser.GetVersion())
        #expect(version.product == "Mock/1")
        let request = try #require(mock.sent.first)
        #expect(request.method == "Browser.getVersion")
        #expect(request.sessionId == nil)
    }

    @Test func parametersAndSessionIdAreSent() async throws {
        let mock = MockTransport()
        mock.reply(to: "Page.navigate", with: #"{"frameId":"F1","loaderId":"L1"}"#)
        let connection = CDPConnection(transport: mock)
        let reply = try await connection.session("S9").send(CDP.Page.Navigate(url: "http://127.0.0.1/x"))
        #expect(reply.frameId == "F1")
        let request = try #require(mock.sent.first)
        #expect(request.sessionId == "S9")
        #expect(request.params == .object(["url": .string("http://127.0.0.1/x")]))
    }

    @Test func protocolErrorNamesTheMethod() async throws {
        let mock = MockTransport()
        mock.fail("DOM.getBoxModel", code: -32000, message: "Could not compute box model.")
        let connection = CDPConnection(transport: mock)
        await #expect(throws: DevToolsError.protocolError(
            method: "DOM.getBoxModel", code: -32000, message: "Could not compute box model.", data: nil)) {
            _ = try await connection.send(CDP.DOM.GetBoxModel(backendNodeId: 1))
        }
    }

    @Test func aCommandSentRightBehindAnotherGetsItsOwnReplyOrFailure() async throws {
        let mock = MockTransport()
        mock.reply(to: "Browser.getVersion", with: #"{"protocolVersion":"1.3","product":"Mock/1","userAgent":"ua","jsVersion":"1"}"#)
        mock.fail("DOM.getBoxModel", code: -32000, message: "Could not compute box model.")
        let connection = CDPConnection(transport: mock)
        let (version, box) = try await connection.session("S1").send(CDP.Browser.GetVersion(), then: CDP.DOM.GetBoxModel(backendNodeId: 1))
        #expect(version.product == "Mock/1")
        #expect(throws: DevToolsError.protocolError(method: "DOM.getBoxModel", code: -32000, message: "Could not compute box model.", data: nil)) {
            try box.get()
        }
        #expect(mock.sent.map(\.method) == ["Browser.getVersion", "DOM.getBoxModel"])
        #expect(mock.sent.map(\.sessionId) == ["S1", "S1"])
        // The first one's failure is the call's.
        await #expect(throws: DevToolsError.protocolError(method: "DOM.getBoxModel", code: -32000, message: "Could not compute box model.", data: nil)) {
            _ = try await connection.send(CDP.DOM.GetBoxModel(backendNodeId: 2), then: CDP.Browser.GetVersion())
        }
    }

    @Test func twoCommandsSentRightBehindAnotherGetTheirOwnRepliesOrFailures() async throws {
        let mock = MockTransport()
        mock.reply(to: "Browser.getVersion", with: #"{"protocolVersion":"1.3","product":"Mock/1","userAgent":"ua","jsVersion":"1"}"#)
        mock.fail("DOM.getBoxModel", code: -32000, message: "Could not compute box model.")
        mock.reply(to: "Target.createTarget", with: #"{"targetId":"T9"}"#)
        let connection = CDPConnection(transport: mock)
        let (version, box, target) = try await connection.session("S1").send(
            CDP.Browser.GetVersion(), then: CDP.DOM.GetBoxModel(backendNodeId: 1), CDP.Target.CreateTarget())
        #expect(version.product == "Mock/1")
        #expect(throws: DevToolsError.protocolError(method: "DOM.getBoxModel", code: -32000, message: "Could not compute box model.", data: nil)) {
            try box.get()
        }
        #expect(try target.get().targetId == "T9")
        #expect(mock.sent.map(\.method) == ["Browser.getVersion", "DOM.getBoxModel", "Target.createTarget"])
    }

    @Test func unansweredCallTimesOut() async throws {
        let connection = CDPConnection(transport: MockTransport())
        await #expect(throws: DevToolsError.timeout(method: "Browser.getVersion", after: .milliseconds(50))) {
            _ = try await connection.send(CDP.Browser.GetVersion(), timeout: .milliseconds(50))
        }
    }

    @Test func wrongResultShapeIsAnUnexpectedResponse() async throws {
        let mock = MockTransport()
        mock.reply(to: "Target.createTarget", with: #"{"targetId":42}"#)
        let connection = CDPConnection(transport: mock)
        do {
            _ = try await connection.send(CDP.Target.CreateTarget())
            Issue.record("a malformed result decoded")
        } catch DevToolsError.unexpectedResponse(let method, _) {
            #expect(method == "Target.createTarget")
        }
    }

    @Test func malformedReplyFailsTheCallItAnswers() async throws {
        let mock = MockTransport()
        mock.respond(to: "Browser.getVersion") { request in #"{"id":\#(request.id),"result":{"product": tru"# }
        let connection = CDPConnection(transport: mock)
        do {
            _ = try await connection.send(CDP.Browser.GetVersion(), timeout: .seconds(5))
            Issue.record("a malformed reply decoded")
        } catch DevToolsError.malformedMessage(let method, _) {
            #expect(method == "Browser.getVersion")
        }
        // Garbage that names no call is dropped, and the connection keeps working.
        mock.inject("\u{1}\u{2} not json")
        mock.reply(to: "Browser.getVersion", with: #"{"protocolVersion":"1.3","product":"ok","userAgent":"","jsVersion":""}"#)
        #expect(try await connection.send(CDP.Browser.GetVersion()).product == "ok")
    }

    @Test func oversizedReplyFailsTheCallItAnswers() async throws {
        let mock = MockTransport()
        mock.respond(to: "Page.captureScreenshot") { _ in nil }
        let connection = CDPConnection(transport: mock, maxMessageSize: 1_000)
        let call = Task { try await connection.send(CDP.Page.CaptureScreenshot(), timeout: .seconds(5)) }
        while mock.sent.isEmpty { await Task.yield() }
        let id = try #require(mock.sent.first).id
        mock.inject(.oversized(prefix: Data(#"{"id":\#(id),"result":{"data":"AAAA"#.utf8), size: 5_000))
        await #expect(throws: DevToolsError.oversizedMessage(method: "Page.captureScreenshot", size: 5_000, limit: 1_000)) {
            _ = try await call.value
        }
    }

    @Test func framerSplitsOnNULAndBoundsMessageSize() {
        // The pipe framer: whole messages, any chunking, oversized ones reported by size.
        var framer = NULFramerProbe(limit: 10)
        framer.feed("abc\0de")
        framer.feed("f\0")
        framer.feed("0123456789ABCDEF\0ok\0")
        #expect(framer.messages == ["abc", "def", "oversized 16", "ok"])
    }

    @Test func eventsAreRoutedBySessionAndMethod() async throws {
        let mock = MockTransport()
        let connection = CDPConnection(transport: mock)
        let pageLoads = connection.session("S1").events(CDP.Page.LoadEventFired.self)
        let browserEvents = connection.events(.session(nil))
        mock.inject(#"{"method":"Page.loadEventFired","params":{"timestamp":1.5},"sessionId":"S2"}"#)
        mock.inject(#"{"method":"Page.domContentEventFired","params":{"timestamp":1},"sessionId":"S1"}"#)
        mock.inject(#"{"method":"Page.loadEventFired","params":{"timestamp":2.5},"sessionId":"S1"}"#)
        mock.inject(#"{"method":"Target.targetCrashed","params":{"targetId":"T","status":"crashed","errorCode":1}}"#)
        var loads = pageLoads.makeAsyncIterator()
        #expect(try await loads.next()?.timestamp == 2.5)
        var browser = browserEvents.makeAsyncIterator()
        let crashed = try await browser.next()
        #expect(crashed?.method == "Target.targetCrashed")
        #expect(try crashed?.decode(CDP.Target.TargetCrashed.self).status == "crashed")
    }

    @Test func waitForEventSubscribesBeforeTheAction() async throws {
        let mock = MockTransport()
        // The event arrives before the reply, as Chromium sometimes does: it must not be missed.
        mock.respond(to: "Page.reload") { request in
            mock.inject(#"{"method":"Page.loadEventFired","params":{"timestamp":7},"sessionId":"S1"}"#)
            return #"{"id":\#(request.id),"result":{}}"#
        }
        let connection = CDPConnection(transport: mock)
        let session = connection.session("S1")
        let (_, event) = try await session.waitForEvent(CDP.Page.LoadEventFired.self, timeout: .seconds(5)) {
            try await session.send(CDP.Page.Reload())
        }
        #expect(event.timestamp == 7)
    }

    @Test func closeFailsPendingCallsStreamsAndLaterCalls() async throws {
        let mock = MockTransport()
        let connection = CDPConnection(transport: mock)
        let events = connection.events()
        let pending = Task { try await connection.send(CDP.Browser.GetVersion(), timeout: .seconds(30)) }
        while mock.sent.isEmpty { await Task.yield() }
        mock.disconnect(DevToolsError.browserExited(status: .signaled(9), stderr: "boom"))
        await #expect(throws: DevToolsError.browserExited(status: .signaled(9), stderr: "boom")) { _ = try await pending.value }
        await #expect(throws: DevToolsError.browserExited(status: .signaled(9), stderr: "boom")) {
            for try await _ in events {}
        }
        await #expect(throws: DevToolsError.browserExited(status: .signaled(9), stderr: "boom")) {
            _ = try await connection.send(CDP.Browser.GetVersion())
        }
    }

    @Test func aCrashedPageFailsItsPendingAndLaterCallsAtOnceAndOnlyItsOwn() async throws {
        let mock = MockTransport()
        mock.respond(to: "Browser.getVersion") { request in
            #"{"id":\#(request.id),"result":{"protocolVersion":"1.3","product":"p","revision":"r","userAgent":"u","jsVersion":"j"}}"#
        }
        let connection = CDPConnection(transport: mock)
        let crashed = connection.session("S1"), other = connection.session("S2")
        let pending = Task { try await crashed.send(CDP.Runtime.Evaluate(expression: "1"), timeout: .seconds(30)) }
        let unaffected = Task { try await other.send(CDP.Runtime.Evaluate(expression: "1"), timeout: .milliseconds(300)) }
        while mock.sent.count < 2 { await Task.yield() }
        mock.inject(#"{"method":"Inspector.targetCrashed","params":{},"sessionId":"S1"}"#)
        await #expect(throws: DevToolsError.targetCrashed(method: "Runtime.evaluate")) { _ = try await pending.value }
        await #expect(throws: DevToolsError.targetCrashed(method: "Page.reload")) { _ = try await crashed.send(CDP.Page.Reload()) }
        // Another page's call keeps its own fate (here: its timeout), and the browser answers.
        await #expect(throws: DevToolsError.timeout(method: "Runtime.evaluate", after: .milliseconds(300))) { _ = try await unaffected.value }
        #expect(try await connection.send(CDP.Browser.GetVersion()).product == "p")
    }

    @Test func cancellingTheCallerFailsTheCall() async throws {
        let connection = CDPConnection(transport: MockTransport())
        let call = Task { try await connection.send(CDP.Browser.GetVersion(), timeout: .seconds(30)) }
        try await Task.sleep(for: .milliseconds(20))
        call.cancel()
        await #expect(throws: CancellationError.self) { _ = try await call.value }
    }
}

/// Feeds text to the pipe transport's framer and records what it delivers.
private struct NULFramerProbe {
    var framer: NULFramer
    var messages: [String] = []

    init(limit: Int) { framer = NULFramer(maxMessageSize: limit) }

    mutating func feed(_ text: String) {
        var delivered: [String] = []
        Array(text.utf8).withUnsafeBytes { bytes in
            framer.append(bytes) { message in
                switch message {
                case .data(let data): delivered.append(String(decoding: data, as: UTF8.self))
                case .oversized(_, let size): delivered.append("oversized \(size)")
                }
            }
        }
        messages += delivered
    }
}
