import Foundation
import Hummingbird
import LabKit
import MessagesTestSupport
import NIOCore
import ServerDefenses
import XCTest

/// The connection clocks (`RequestDeadlineHandler`), tried with real sockets: the request
/// deadline is per request (a request pipelined behind another is timed from when it is read,
/// never while it waits or while its answer is computed or streamed), and the idle clock runs on
/// write progress (a slow but steady reader gets a whole big answer; a client that stops reading
/// is closed). XCTest: these cases run one at a time, with sub-second clocks.
final class ConnectionClockTests: XCTestCase {
    /// Routes: `/fast`; `/slow` (answers after 2.5 s); `/stream` (8 events 400 ms apart, then
    /// ends); `/big` (16 MiB, written in 64 KiB chunks with backpressure).
    static func router() -> Router<LabRequestContext> {
        let router = Router(context: LabRequestContext.self)
        router.get("fast") { _, _ in "fast done" }
        router.get("slow") { _, _ in
            try await Task.sleep(for: .milliseconds(2_500))
            return "slow done"
        }
        router.get("stream") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/event-stream"], body: ResponseBody { writer in
                for index in 1...8 {
                    try await Task.sleep(for: .milliseconds(400))
                    try await writer.write(ByteBuffer(string: "data: tick \(index)\n\n"))
                }
                try await writer.finish(nil)
            })
        }
        router.get("big") { _, _ in
            Response(status: .ok, headers: [.contentLength: "\(bigSize)"], body: ResponseBody { writer in
                let chunk = ByteBuffer(repeating: UInt8(ascii: "x"), count: 64 * 1024)
                for _ in 0..<(bigSize / chunk.readableBytes) { try await writer.write(chunk) }
                try await writer.finish(nil)
            })
        }
        return router
    }

    static let bigSize = 16 * 1024 * 1024

    func testASlowAnswerPipelinedBehindAQuickOneIsSentWhole() async throws {
        let server = try await LabServer.start(router: Self.router(), limits: ServerLimits(requestTimeout: .seconds(1)))
        defer { Task { await server.stop() } }
        let socket = try await RawClient.connect(port: server.port)
        defer { socket.close() }
        // Both requests in one write: the second is read while the first is answered.
        try await socket.write(Array("GET /fast HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        try await socket.waitForResponses(2, timeout: .seconds(30))
        try await waitUntil(socket.received.contains("slow done"))
        XCTAssert(socket.received.contains("fast done"), socket.received)
    }

    func testAnEventStreamPipelinedBehindAnotherRequestIsNeverCutByTheRequestDeadline() async throws {
        let server = try await LabServer.start(router: Self.router(), limits: ServerLimits(requestTimeout: .seconds(1)))
        defer { Task { await server.stop() } }
        let socket = try await RawClient.connect(port: server.port)
        defer { socket.close() }
        try await socket.write(Array("GET /fast HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        // 3.2 s of stream against a 1 s request deadline: every event arrives, and the stream ends.
        try await waitUntil(socket.received.contains("data: tick 8"), within: .seconds(30))
        XCTAssert(socket.received.contains("fast done"), socket.received)
    }

    func testASteadySlowReaderGetsAWholeBigAnswerWhateverTheIdleTimeout() async throws {
        // Linux wakes a writer only when a third or more of its send buffer is free, so bytes go
        // out in bursts (a second or two apart at this pace with a 4 MiB buffer; the default
        // ServerLimits.sendBuffer makes it 512 KiB): the clock must be longer than that, and the
        // answer much longer than the clock.
        let limits = ServerLimits(requestTimeout: .seconds(5), idleTimeout: .seconds(4))
        let server = try await LabServer.start(router: Self.router(), limits: limits)
        defer { Task { await server.stop() } }
        let reader = try PacedSocket(port: server.port)
        try reader.send("GET /big HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        // ~1.3 MB/s: 16 MiB take about 13 s, three times the idle timeout.
        let received = try await reader.readAll(chunk: 64 * 1024, pause: .milliseconds(50), limit: .seconds(120), expecting: Self.bigSize)
        XCTAssertGreaterThanOrEqual(received, Self.bigSize, "cut off after \(received) bytes")
    }

    func testAClientThatStopsReadingIsClosedByTheWriteProgressClock() async throws {
        let limits = ServerLimits(requestTimeout: .seconds(5), idleTimeout: .seconds(1))
        let server = try await LabServer.start(router: Self.router(), limits: limits)
        defer { Task { await server.stop() } }
        let reader = try PacedSocket(port: server.port)
        try reader.send("GET /big HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        try await Task.sleep(for: .seconds(4))
        // What the buffers held, then the end: far less than the answer.
        let received = try await reader.readAll(chunk: 1 << 20, pause: .zero, limit: .seconds(60))
        XCTAssertLessThan(received, Self.bigSize, "a client that read nothing for 4 s was still being served")
    }

    private func waitUntil(_ condition: @autoclosure () -> Bool, within limit: Duration = .seconds(30)) async throws {
        let deadline = ContinuousClock.now + limit
        while !condition() {
            guard ContinuousClock.now < deadline else { return XCTFail("not within \(limit)") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
