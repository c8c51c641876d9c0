import Foundation
import Hummingbird
import LabKit
import MessagesApp
import MessagesService
import MessagesTestSupport
import ServerDefenses
import Synchronization
import Testing
import TestSupport

/// The All Messages event streams (`/messages/all/updates`) as bounded push (issue 26, items
/// 1–3): one change feed per launch, a latest-only buffer per stream, and a cap of their own
/// that leaves ordinary requests their connections. Real clients over real sockets; the bounds
/// are generous, since the machine is shared.
@Suite("Messages live updates: one feed, bounded streams, a cap of their own", .heavyWork)
struct LiveUpdateStreamTests {
    static let streamRequest = "GET /messages/all/updates HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"

    /// Opens a stream from `source`; returns the connection and what arrived up to the end of
    /// the answer's head (and, for an admitted stream, its `retry:` line).
    static func openStream(port: Int, from source: String? = nil) async throws -> (RawConnection, String) {
        let stream = try RawConnection(port: port, from: source, readTimeout: .seconds(30))
        try stream.send(streamRequest)
        let head = try await stream.read(until: "\r\n\r\n")
        if head.hasPrefix("HTTP/1.1 200") { return (stream, try await stream.read(until: "retry: 1000")) }
        return (stream, head)
    }

    @Test func streamsFillTheirCapWhileOrdinaryRequestsKeepSucceeding() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let service = try await SpawnedService(arguments: [
            "serve", "--port", "0", "--db", directory.appendingPathComponent("m.sqlite").path,
            "--max-connections", "64", "--max-streams", "8", "--max-streams-per-client", "4",
        ])
        var open: [RawConnection] = []
        // One client address's share: 4, then 429.
        for _ in 0..<4 {
            let (stream, head) = try await Self.openStream(port: service.port)
            #expect(head.contains("text/event-stream"))
            open.append(stream)
        }
        let (_, tooMany) = try await Self.openStream(port: service.port)
        #expect(tooMany.hasPrefix("HTTP/1.1 429"), "\(tooMany)")
        #expect(tooMany.lowercased().contains("retry-after: 5"))
        // Another address fills the server's cap: 8, then 503 for anyone.
        for _ in 0..<4 {
            let (stream, head) = try await Self.openStream(port: service.port, from: "127.0.0.2")
            #expect(head.contains("text/event-stream"))
            open.append(stream)
        }
        let (_, full) = try await Self.openStream(port: service.port, from: "127.0.0.3")
        #expect(full.hasPrefix("HTTP/1.1 503"), "\(full)")
        #expect(full.lowercased().contains("retry-after: 5"))
        #expect(full.contains("at most 8"))

        // Ordinary requests, 40 of them at once, all answered while the streams hold their cap.
        let client = service.client
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<40 {
                group.addTask {
                    switch index % 4 {
                    case 0: try await client.get("/messages/all").status
                    case 1: try await client.get("/proto/messages").status
                    case 2: try await client.post(messageBody(user: "u\(index)", subject: "", message: "ordinary \(index)")).status
                    default:
                        try await client.post(Array("user=f\(index)&subject=&message=form+\(index)".utf8), path: "/messages/add",
                                              contentType: "application/x-www-form-urlencoded").status
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.count == 40 && statuses.allSatisfy { (200..<300).contains($0) }, "\(statuses)")
        // The streams at the cap still carry the changes.
        for stream in open { _ = try await stream.read(until: "ordinary 38") }

        // A stream that ends gives its slot back: a new client gets in (within a heartbeat or two).
        open.removeLast()
        var admitted = false
        let deadline = ContinuousClock.now + .seconds(30)
        while !admitted, ContinuousClock.now < deadline {
            let (stream, head) = try await Self.openStream(port: service.port, from: "127.0.0.3")
            if head.contains("text/event-stream") {
                admitted = true
                open.append(stream)
            } else {
                try await Task.sleep(for: .milliseconds(500))
            }
        }
        #expect(admitted, "the closed stream's slot was never given back")
        #expect(try await service.stop(signal: SIGTERM) == .exited(0))
    }

    @Test func anUnreadStreamKeepsServerMemoryBoundedAndIsClosedByTheWriteClock() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let service = try await SpawnedService(arguments: [
            "serve", "--port", "0", "--db", directory.appendingPathComponent("m.sqlite").path,
            "--max-streams", "1", "--idle-timeout", "4",
        ])
        let client = service.client
        #expect(try await client.post(messageBody(user: "warm", subject: "", message: "up")).status == 201)
        #expect(try await client.get("/messages/all").status == 200)
        // A stream that is never read; a second one is refused once the first is admitted.
        let unread = try RawConnection(port: service.port)
        try unread.send(Self.streamRequest)
        var refused = false
        for _ in 0..<40 where !refused {
            refused = try await Self.openStream(port: service.port).1.hasPrefix("HTTP/1.1 503")
            if !refused { try await Task.sleep(for: .milliseconds(250)) }
        }
        #expect(refused, "the unread stream was never admitted")

        let pid = service.process.pid
        let baseline = try Self.residentKiB(pid)
        let peak = Mutex(baseline)
        let sampler = Task {
            while !Task.isCancelled {
                if let now = try? Self.residentKiB(pid) { peak.withLock { $0 = max($0, now) } }
                try? await Task.sleep(for: .milliseconds(200))
            }
        }
        // 3,000 messages of 500 bytes, 16 clients at once: the All Messages content grows to
        // about 1.5 MB, and every change is a new state for the stream that reads nothing.
        let text = String(repeating: "x", count: 500)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for poster in 0..<16 {
                group.addTask {
                    for index in stride(from: poster, to: 3_000, by: 16) {
                        let status = try await client.post(messageBody(user: "p\(poster)", subject: "\(index)", message: text)).status
                        #expect(status == 201)
                    }
                }
            }
            try await group.waitForAll()
        }
        try await Task.sleep(for: .seconds(2))
        sampler.cancel()
        let grown = (peak.withLock { $0 } - baseline) / 1_024
        print("LiveUpdateStreamTests: lab serve RSS \(baseline / 1_024) MiB before, peak +\(grown) MiB over 3,000 posts with an unread stream")
        #expect(grown < 100, "the server grew by \(grown) MiB")

        // The unread stream is closed by the write-progress clock (4 s with nothing reaching the
        // socket), and its slot is given back: a new stream is admitted.
        var admitted = false
        let deadline = ContinuousClock.now + .seconds(60)
        while !admitted, ContinuousClock.now < deadline {
            admitted = try await Self.openStream(port: service.port).1.contains("text/event-stream")
            if !admitted { try await Task.sleep(for: .milliseconds(500)) }
        }
        #expect(admitted, "the unread stream was never closed")
        withExtendedLifetime(unread) {}
        #expect(try await service.stop(signal: SIGTERM) == .exited(0))
    }

    /// `VmRSS` of process `pid`, in KiB.
    static func residentKiB(_ pid: pid_t) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kib = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw HTTPClientError(description: "no VmRSS in /proc/\(pid)/status")
        }
        return kib
    }

    @Test func oneChangeReachesEveryStreamForOneAPIRead() async throws {
        let reads = ListingReads()
        let router = Router(context: LabRequestContext.self)
        router.add(middleware: reads)
        MessagesAPI(store: try memoryStore(), logger: quietLogger).addRoutes(to: router)
        let api = try await LabServer.start(router: router)
        let app = try await LabServer.start(
            apps: [MessagesApp(streamLimits: StreamLimits(total: 32, perClient: 32))],
            launch: LaunchOptions(arguments: [MessagesComposition.apiArgument, api.url()]))
        let streams = try (0..<20).map { _ in try RawConnection(port: app.port, readTimeout: .seconds(30)) }
        for stream in streams { try stream.send(Self.streamRequest) }
        for stream in streams { _ = try await stream.read(until: "No messages yet") }
        // The feed settles first: its first poll carries no tag (always "changed", so one more
        // page read); once a poll has been answered 304 it holds the listing's tag.
        let settled = ContinuousClock.now + .seconds(30)
        while reads.counts.unchangedPolls == 0, ContinuousClock.now < settled { try await Task.sleep(for: .milliseconds(20)) }
        try #require(reads.counts.unchangedPolls > 0, "the feed never polled conditionally")
        let before = reads.counts
        #expect(try await HTTPTestClient(port: api.port).post(messageBody(user: "dan", subject: "", message: "one change")).status == 201)
        for stream in streams { _ = try await stream.read(until: "one change") }
        // The streams share the feed's reads: one poll sees the change, one read of the page
        // follows, whatever the number of streams. A read per stream must never happen.
        let pages = reads.counts.pages - before.pages
        #expect(reads.counts.changedPolls - before.changedPolls == 1, "one poll saw the change")
        #expect(pages == 1, "\(pages) reads of the page for one change to 20 streams")
        try await Task.sleep(for: .seconds(1))
        #expect(reads.counts.unchangedPolls > before.unchangedPolls, "the feed's polls are conditional (304)")
        #expect(reads.counts.pages - before.pages == pages, "no page read without a change")
        #expect(reads.counts.changedPolls - before.changedPolls == 1, "no poll answered 200 without a change")
        await app.stop()
        await api.stop()
    }

    @Test func theLimiterCountsPerClientAndInAllAndGivesSlotsBackOnce() {
        let limiter = StreamLimiter(limits: StreamLimits(total: 3, perClient: 2))
        var slots: [StreamSlot] = []
        for client in ["a", "a", "b"] {
            guard case .success(let slot) = limiter.admit(client: client) else {
                Issue.record("\(client) refused")
                return
            }
            slots.append(slot)
        }
        if case .failure(let refusal) = limiter.admit(client: "c") { #expect(refusal == .serverFull(limit: 3)) }
        else { Issue.record("a fourth stream was admitted") }
        slots[2].release()
        slots[2].release()  // once only
        #expect(limiter.open().total == 2)
        if case .failure(let refusal) = limiter.admit(client: "a") { #expect(refusal == .clientFull(client: "a", limit: 2)) }
        else { Issue.record("a third stream from a was admitted") }
        #expect(limiter.response(for: .clientFull(client: "a", limit: 2)).status == .tooManyRequests)
        #expect(limiter.response(for: .serverFull(limit: 3)).headers[.retryAfter] == "5")
        slots.removeAll()  // freed slots are given back
        #expect(limiter.open().total == 0)
    }
}

/// Counts the answers to `GET /proto/messages`: the feed's change polls (`limit=1`), answered
/// 200 (changed) or 304 (unchanged), and reads of a page of messages (any other `GET`).
final class ListingReads: RouterMiddleware, Sendable {
    typealias Context = LabRequestContext
    struct Counts { var changedPolls = 0, unchangedPolls = 0, pages = 0 }
    private let state = Mutex(Counts())

    var counts: Counts { state.withLock { $0 } }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let response = try await next(request, context)
        if request.method == .get, request.uri.path == MessagesAPI.basePath {
            let poll = request.uri.queryParameters["limit"] == "1"
            state.withLock { counts in
                switch (poll, response.status) {
                case (true, .ok): counts.changedPolls += 1
                case (true, .notModified): counts.unchangedPolls += 1
                case (false, .ok): counts.pages += 1
                default: break
                }
            }
        }
        return response
    }
}
