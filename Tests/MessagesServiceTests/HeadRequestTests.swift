import AnimalsApp
import Foundation
import LabKit
import MessagesApp
import ServerDefenses
import Testing
import TogglesApp
import TriviaApp
import TestSupport

/// `HEAD` answers every lab page as `GET` does, without the body (HTTP's rule), on every page
/// reachable from the index; the live-update stream answers its headers and gives its slot back.
@Suite("HEAD on every page", .heavyWork)
struct HeadRequestTests {
    @Test func everyPageAnswersHeadAsGetWithoutTheBody() async throws {
        let server = try await LabServer.start(apps: [AnimalsApp(), TogglesApp(), MessagesApp(), try TriviaApp()],
                                               launch: LaunchOptions(arguments: ["-mock", "YES"], environment: [:]))
        defer { Task { await server.stop() } }
        let client = HTTPTestClient(port: server.port)
        var toVisit = ["/"], visited = Set<String>()
        while let path = toVisit.popLast() {
            guard visited.insert(path).inserted else { continue }
            let page = try await client.get(path)
            let head = try await client.send("HEAD", path)
            #expect(page.status == 200, "GET \(path)")
            #expect(head.status == page.status, "HEAD \(path)")
            #expect(head.header("Content-Type") == page.header("Content-Type"), "HEAD \(path)")
            #expect(head.body.isEmpty, "HEAD \(path) has a body")
            for link in SecurityHeadersTests.matches(of: ##"href="(/[^"#?]*)""##, in: page.text, group: 1) where !visited.contains(link) {
                toVisit.append(link)
            }
        }
        #expect(visited.isSuperset(of: ["/", "/messages", "/messages/all", "/animals", "/toggles", "/trivia"]), "\(visited.sorted())")
        #expect(try await client.send("HEAD", "/no/such/page").status == 404)
    }

    @Test func theUpdatesStreamAnswersHeadAndGivesItsSlotBack() async throws {
        // One stream in all: were a HEAD to keep it (its body, which gives it back, is never
        // written), the next would be refused.
        let server = try await LabServer.start(apps: [MessagesApp(streamLimits: StreamLimits(total: 1, perClient: 1))],
                                               launch: LaunchOptions(arguments: ["-mock", "YES"], environment: [:]))
        defer { Task { await server.stop() } }
        let client = HTTPTestClient(port: server.port)
        for _ in 0..<3 {
            let head = try await client.send("HEAD", "/messages/all/updates")
            #expect(head.status == 200)
            #expect(head.header("Content-Type") == "text/event-stream; charset=utf-8")
            #expect(head.body.isEmpty)
        }
    }
}
