import AnimalsApp
import Foundation
import LabKit
import MessagesService
import ServerDefenses
import Testing
import TestSupport

/// Cross-site requests and DNS rebinding, tried with real requests against real servers: the
/// lab apps' server and the Messages API.
@Suite("Same origin: host check and cross-site requests", .heavyWork)
struct SameOriginTests {
    @Test func aCrossSiteFormPostToALabAppIsRefused() async throws {
        let server = try await LabServer.start(apps: [AnimalsApp()])
        defer { Task { await server.stop() } }
        let client = HTTPTestClient(port: server.port)
        let form: [(String, String)] = [("Content-Type", "application/x-www-form-urlencoded")]
        let body = Array("favoritesOnly=on".utf8)
        // As a browser sends a post from a page on another site.
        let crossSite = try await client.send("POST", "/animals/filter", headers: form + [
            ("Origin", "http://evil.example"), ("Sec-Fetch-Site", "cross-site")], body: body)
        #expect(crossSite.status == 403)
        let otherOrigin = try await client.send("POST", "/animals/filter", headers: form + [("Origin", "http://127.0.0.1:1")], body: body)
        #expect(otherOrigin.status == 403)
        let sameSite = try await client.send("POST", "/animals/filter", headers: form + [("Sec-Fetch-Site", "same-site")], body: body)
        #expect(sameSite.status == 403)
        // From the app's own page, and from a client that is no browser: served.
        let own = try await client.send("POST", "/animals/filter", headers: form + [
            ("Origin", "http://127.0.0.1:\(server.port)"), ("Sec-Fetch-Site", "same-origin")], body: body)
        #expect(own.status < 400, "\(own)")
        let plain = try await client.send("POST", "/animals/filter", headers: form, body: body)
        #expect(plain.status < 400, "\(plain)")
        // Reading is not state-changing: a cross-site GET (a link) still works.
        let link = try await client.send("GET", "/animals", headers: [("Sec-Fetch-Site", "cross-site")])
        #expect(link.status == 200)
    }

    @Test func aRequestForAnotherHostIsRefusedBeforeAnyRoute() async throws {
        let server = try await LabServer.start(apps: [AnimalsApp()])
        defer { Task { await server.stop() } }
        // DNS rebinding: the browser believes it talks to evil.example, which now resolves to 127.0.0.1.
        let rebound = try await HTTPTestClient(host: "127.0.0.1", port: server.port, hostHeader: "evil.example:\(server.port)").get("/animals")
        #expect(rebound.status == 421)
        #expect(!rebound.text.contains("Lion"))
        for name in ["127.0.0.1", "localhost", "LOCALHOST"] {
            let local = try await HTTPTestClient(host: "127.0.0.1", port: server.port, hostHeader: "\(name):\(server.port)").get("/animals")
            #expect(local.status == 200, "\(name)")
        }
    }

    @Test func aRequestWithTwoHostHeadersIsA400() async throws {
        let server = try await LabServer.start(apps: [AnimalsApp()])
        defer { Task { await server.stop() } }
        for pair in [("127.0.0.1", "evil.example"), ("evil.example", "127.0.0.1"), ("127.0.0.1", "127.0.0.1")] {
            let status = try await RawClient.statusOf(
                "GET /animals HTTP/1.1\r\nHost: \(pair.0):\(server.port)\r\nHost: \(pair.1):\(server.port)\r\n\r\n", port: server.port)
            #expect(status == 400, "\(pair): \(status.map(String.init) ?? "no answer")")
        }
    }

    @Test func theMessagesAPIRefusesCrossSitePostsAndForeignHostsInItsEnvelope() async throws {
        try await withMessagesServer(store: try memoryStore()) { client in
            let body = messageBody(user: "mallory", subject: "csrf", message: "from another site")
            let crossSite = try await client.send("POST", "/proto/messages", headers: [
                ("Content-Type", "application/json"), ("Origin", "http://evil.example"), ("Sec-Fetch-Site", "cross-site")], body: body)
            #expect(crossSite.status == 403)
            #expect(crossSite.text.contains("\"statusCode\":403"), "\(crossSite)")
            var rebound = client
            rebound.hostHeader = "evil.example"
            #expect(try await rebound.get("/proto/messages").status == 421)
            // Nothing was stored by either.
            let all = try await client.get("/proto/messages")
            #expect(!all.text.contains("mallory"), "\(all)")
        }
    }

    @Test func policiesAnswerTheLoopbackNamesTheBindAddressAndNamesGiven() {
        let policy = SameOriginPolicy(bindHost: "192.168.1.20", extraHosts: ["lab.test"])
        #expect(policy.allows(authority: "127.0.0.1:8080"))
        #expect(policy.allows(authority: "[::1]:8080"))
        #expect(policy.allows(authority: "localhost"))
        #expect(policy.allows(authority: "192.168.1.20:8080"))
        #expect(policy.allows(authority: "LAB.test:9"))
        #expect(!policy.allows(authority: "evil.example"))
        #expect(!policy.allows(authority: ""))
        #expect(!SameOriginPolicy(bindHost: "0.0.0.0").allows(authority: "0.0.0.0:80"))
        #expect(SameOriginPolicy(extraHosts: ["*"]).allows(authority: "anything.example"))
    }
}
