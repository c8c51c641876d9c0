import AnimalsApp
import Foundation
import Hummingbird
import LabKit
import MessagesService
import MessagesTestSupport
import NIOCore
import NIOPosix
import ServerDefenses
import Testing
import XCTest
import TestSupport

/// The limits every lab server runs with, tried as a hostile local client would: real sockets
/// against a real server (in-process, or the `lab` binary as its own process). XCTest, so the
/// cases run one at a time before the parallel Swift Testing suites: a thousand connections and
/// sub-second deadlines must not compete with other tests for the machine.
final class ServerLimitsTests: XCTestCase {
    func testAClientThatTricklesItsRequestIsCutOffAtTheDeadline() async throws {
        let limits = ServerLimits(requestTimeout: .milliseconds(500))
        try await withMessagesServer(store: try memoryStore(), serverLimits: limits) { client in
            let socket = try await RawClient.connect(port: client.port)
            // Headers promise 100 bytes of body; one byte follows every 100 ms (10 s in all).
            try await socket.write(Array("POST /proto/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n".utf8))
            var sent = 0
            while sent < 100, try await socket.isOpen(waiting: .milliseconds(100)) {
                try? await socket.write([UInt8(ascii: " ")])
                sent += 1
            }
            XCTAssert(sent < 100, "the server waited for the whole trickled body")
            XCTAssert(!socket.received.contains("500"), "answered: \(socket.received)")
            // A normal client is still served afterwards.
            let status = try await client.get("/proto/messages").status
            XCTAssertEqual(status, 200)
        }
    }

    func testHeadersTrickledByteByByteAreCutOffToo() async throws {
        let limits = ServerLimits(requestTimeout: .milliseconds(500))
        try await withMessagesServer(store: try memoryStore(), serverLimits: limits) { client in
            let socket = try await RawClient.connect(port: client.port)
            let request = Array("GET /proto/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: \(String(repeating: "a", count: 200))\r\n\r\n".utf8)
            var sent = 0
            while sent < request.count, try await socket.isOpen(waiting: .milliseconds(50)) {
                try? await socket.write([request[sent]])
                sent += 1
            }
            XCTAssert(sent < request.count, "the server waited for headers sent over \(request.count / 20) s")
        }
    }

    func testASlowResponseIsNotTimedByTheRequestDeadline() async throws {
        // The deadline covers receiving the request; a response that takes longer (a long
        // query, an event stream) is not cut, and the next request on the connection is served.
        let router = Router(context: LabRequestContext.self)
        router.get("slow") { _, _ in
            try await Task.sleep(for: .milliseconds(2_500))
            return "done"
        }
        router.get("fast") { _, _ in "done" }
        // A deadline well above how long a loaded machine takes to read a short request.
        let server = try await LabServer.start(router: router, limits: ServerLimits(requestTimeout: .seconds(1)))
        defer { Task { await server.stop() } }
        let socket = try await RawClient.connect(port: server.port)
        defer { socket.close() }
        try await socket.write(Array("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        try await socket.waitForResponses(1, timeout: .seconds(10))
        try await socket.write(Array("GET /fast HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        try await socket.waitForResponses(2, timeout: .seconds(10))
        XCTAssert(socket.received.components(separatedBy: "done").count == 3, "\(socket.received)")
    }

    func testThousandsOfSlowConnectionsDoNotTakeTheProcessDown() async throws {
        // `lab messages-api` with 256 file descriptors: without a cap, accepting the 250th
        // connection fails for want of descriptors. With the default cap (half the limit), the
        // rest wait in the backlog, slow ones are cut at the deadline, and a normal client is
        // answered.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let service = try await SpawnedService(
            arguments: ["messages-api", "--port", "0", "--db", directory.appendingPathComponent("m.sqlite").path,
                        "--request-timeout", "1"],
            openFileLimit: 256)
        defer { service.process.send(signal: SIGTERM) }
        var sockets: [RawClient] = []
        for _ in 0..<1_000 {
            guard let socket = try? await RawClient.connect(port: service.port) else { break }
            try? await socket.write(Array("POST /proto/messages HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8))  // and nothing more
            sockets.append(socket)
        }
        XCTAssert(sockets.count == 1_000, "only \(sockets.count) connections could be opened")
        let answer = try await service.client.get("/proto/messages")
        XCTAssert(answer.status == 200)
        XCTAssert(service.process.isRunning)
        for socket in sockets { socket.close() }
        // Still serving once the flood is gone.
        let posted = try await service.client.post(messageBody(user: "ada", subject: "hi", message: "still up")).status
        XCTAssertEqual(posted, 201)
        XCTAssert(service.process.isRunning)
    }

    func testClientsThatVanishMidRequestLeaveNoLogLines() async throws {
        // Clients that give up half-way (headers cut off, a body shorter than announced, a
        // chunked body cut off, a request whose answer is never read) are the client's
        // business: no log line each, or a flood of them fills the disk.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vanish-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let commands: [(name: String, arguments: [String], post: String)] = [
            ("messages-api", ["messages-api", "--port", "0", "--db", directory.appendingPathComponent("m.sqlite").path],
             "POST /proto/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"),
            ("serve", ["serve", "--port", "0"],
             "POST /animals/filter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"),
        ]
        for command in commands {
            let log = directory.appendingPathComponent("\(command.name).log")
            let service = try await SpawnedService(arguments: command.arguments, errorLog: log)
            defer { service.process.send(signal: SIGTERM) }
            let startup = try String(contentsOf: log, encoding: .utf8)
            let halves = [
                "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n",
                command.post + "Content-Length: 100\r\n\r\n{\"user\":",
                command.post + "Transfer-Encoding: chunked\r\n\r\n5\r\n{\"us",
                "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
            ]
            for round in 0..<100 {
                let socket = try await RawClient.connect(port: service.port)
                try await socket.write(Array(halves[round % halves.count].utf8))
                socket.close()
            }
            let status = try await service.client.get("/").status
            XCTAssertNotEqual(status, 0)
            XCTAssert(service.process.isRunning)
            try await Task.sleep(for: .milliseconds(500))  // lets any late log line land before it is read
            let logged = try String(contentsOf: log, encoding: .utf8).dropFirst(startup.count)
            XCTAssertEqual(String(logged), "", "lab \(command.name) logged for clients that went away")
        }
    }
}

@Suite("Malformed HTTP is a 4xx, never a 500", .heavyWork)
struct MalformedHTTPTests {
    /// Requests whose framing is broken in the body, which the parser meets only once a
    /// handler reads it.
    static let brokenBodies: [(String, String)] = [
        ("an invalid chunk size", "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"),
        ("a chunk longer than announced", "Transfer-Encoding: chunked\r\n\r\n2\r\n{\"user\": 1}\r\n0\r\n\r\n"),
        ("a negative chunk size", "Transfer-Encoding: chunked\r\n\r\n-5\r\n{}\r\n0\r\n\r\n"),
    ]

    @Test(arguments: brokenBodies.indices)
    func theMessagesAPIAnswers400(_ index: Int) async throws {
        let (name, rest) = Self.brokenBodies[index]
        try await withMessagesServer(store: try memoryStore()) { client in
            let status = try await RawClient.statusOf("POST /proto/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" + rest,
                                                      port: client.port)
            #expect(status == 400, "\(name): \(status.map(String.init) ?? "no answer")")
            #expect(try await client.get("/proto/messages").status == 200)
        }
    }

    @Test(arguments: brokenBodies.indices)
    func aLabAppsFormPostAnswers400(_ index: Int) async throws {
        let (name, rest) = Self.brokenBodies[index]
        let server = try await LabServer.start(apps: [AnimalsApp()])
        defer { Task { await server.stop() } }
        let status = try await RawClient.statusOf(
            "POST /animals/filter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n" + rest,
            port: server.port)
        #expect(status == 400, "\(name): \(status.map(String.init) ?? "no answer")")
    }
}

/// A bare TCP client: writes bytes as told, collects what comes back, knows when the server
/// closed the connection.
final class RawClient: @unchecked Sendable {
    private let channel: any Channel
    private let collector: Collector

    private init(channel: any Channel, collector: Collector) {
        self.channel = channel
        self.collector = collector
    }

    static func connect(port: Int) async throws -> RawClient {
        let collector = Collector()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in channel.pipeline.addHandler(collector) }
            .connect(host: "127.0.0.1", port: port).get()
        return RawClient(channel: channel, collector: collector)
    }

    func write(_ bytes: [UInt8]) async throws {
        try await channel.writeAndFlush(ByteBuffer(bytes: bytes))
    }

    /// Waits up to `pause`, then says whether the server has not closed the connection.
    func isOpen(waiting pause: Duration) async throws -> Bool {
        try await Task.sleep(for: pause)
        return channel.isActive
    }

    /// Everything received so far, as text.
    var received: String { collector.text }

    /// How many response status lines have arrived.
    var responseCount: Int { received.components(separatedBy: "HTTP/1.1 ").count - 1 }

    /// Waits until `count` responses have arrived, or fails after `timeout`.
    func waitForResponses(_ count: Int, timeout: Duration) async throws {
        let deadline = ContinuousClock.now + timeout
        while responseCount < count {
            guard ContinuousClock.now < deadline, channel.isActive else {
                throw HTTPClientError(description: "got \(responseCount) responses of \(count): \(received)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    func close() {
        channel.close(promise: nil)
    }

    /// Sends `request` as raw bytes on a new connection and returns the status code of the
    /// answer, or `nil` when the server closed the connection without one.
    static func statusOf(_ request: String, port: Int) async throws -> Int? {
        let client = try await connect(port: port)
        defer { client.close() }
        try await client.write(Array(request.utf8))
        try? await client.waitForResponses(1, timeout: .seconds(10))
        guard let line = client.received.split(separator: "\r\n").first, line.hasPrefix("HTTP/1.1 ") else { return nil }
        return Int(line.dropFirst(9).prefix(3))
    }

    private final class Collector: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = ByteBuffer
        private let lock = NSLock()
        private var bytes: [UInt8] = []

        var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let buffer = unwrapInboundIn(data)
            lock.withLock { bytes.append(contentsOf: buffer.readableBytesView) }
        }
    }
}
