import Foundation
import Hummingbird
import LabKit
import ServerDefenses
import Synchronization
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
import TestSupport
#endif

/// A lab app whose state is a counter, preset by `-start N`; `POST /counter` adds one.
struct CounterApp: LabApp {
    let name = "Counter"
    let summary = "Counts"
    let pathPrefix = "/counter"

    func addRoutes<Context: RequestContext>(to router: Router<Context>, launch: LaunchOptions) {
        let count = Mutex(Int(launch.value(argument: "start", environment: "COUNTER_START") ?? "0") ?? 0)
        router.get("/counter") { _, _ in "\(count.withLock { $0 })" }
        router.post("/counter") { _, _ in "\(count.withLock { $0 += 1; return $0 })" }
    }
}

@Suite("Lab server", .heavyWork)
struct LabServerTests {
    func fetch(_ url: String, method: String = "GET") async throws -> (Int, String) {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test func bindsLoopbackOnAFreePortAndStops() async throws {
        let server = try await LabServer.start(apps: [CounterApp()])
        #expect(server.host == "127.0.0.1")
        #expect(server.port > 0)
        #expect(try await fetch(server.url("/counter")) == (200, "0"))
        let (status, index) = try await fetch(server.url("/"))
        #expect(status == 200)
        #expect(index.contains(#"href="/counter""#))
        await server.stop()
        await #expect(throws: (any Error).self) { try await fetch(server.url("/counter")) }
    }

    @Test func everyLaunchHasItsOwnState() async throws {
        let first = try await LabServer.start(apps: [CounterApp()], launch: LaunchOptions(arguments: ["-start", "10"]))
        let second = try await LabServer.start(apps: [CounterApp()], launch: LaunchOptions(environment: ["COUNTER_START": "5"]))
        #expect(try await fetch(first.url("/counter"), method: "POST") == (200, "11"))
        #expect(try await fetch(first.url("/counter"), method: "POST") == (200, "12"))
        #expect(try await fetch(second.url("/counter")) == (200, "5"))
        await first.stop()
        await second.stop()
    }

    @Test func launchOptionsReadArgumentsBeforeEnvironment() {
        let options = LaunchOptions(arguments: ["-favorites", "lion, zebra,", "-on", "YES"], environment: ["LAB_FAVORITES": "cow", "LAB_X": "a"])
        #expect(options.list(argument: "favorites", environment: "LAB_FAVORITES") == ["lion", "zebra"])
        #expect(options.list(argument: "x", environment: "LAB_X") == ["a"])
        #expect(options.list(argument: "none", environment: "LAB_NONE") == nil)
        #expect(options.flag(argument: "on", environment: "LAB_ON"))
        #expect(!options.flag(argument: "off", environment: "LAB_OFF"))
    }

    @Test func pagesAreHTMLThatNoCacheKeeps() async throws {
        let router = Router(context: LabRequestContext.self)
        router.get("/page") { _, _ in Page(title: "T", navigationBar: NavigationBar(title: "T", identifier: "n"), content: []) }
        let server = try await LabServer.start(router: router)
        var request = URLRequest(url: URL(string: server.url("/page"))!)
        request.httpMethod = "GET"
        let (_, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "text/html; charset=utf-8")
        #expect(http.value(forHTTPHeaderField: "Cache-Control") == "no-store")
        await server.stop()
    }
}
