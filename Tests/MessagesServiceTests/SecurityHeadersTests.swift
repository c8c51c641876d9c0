import AnimalsApp
import Foundation
import LabKit
import MessagesApp
import Testing
import TogglesApp
import TriviaApp
import TestSupport

/// Every page of every lab app carries the security headers, and its inline code carries the
/// response's own nonce; checked on every page reachable from the index (two links deep), on a
/// 404 and on a refused post.
@Suite("Security headers on every route", .heavyWork)
struct SecurityHeadersTests {
    @Test func everyPageHasTheHeadersAndOnlyNoncedInlineCode() async throws {
        let server = try await LabServer.start(apps: [AnimalsApp(), TogglesApp(), MessagesApp(), try TriviaApp()],
                                               launch: LaunchOptions(arguments: ["-mock", "YES"], environment: [:]))
        defer { Task { await server.stop() } }
        let client = HTTPTestClient(port: server.port)
        var toVisit = ["/"], visited = Set<String>(), nonces = Set<String>()
        while let path = toVisit.popLast() {
            guard visited.insert(path).inserted else { continue }
            let page = try await client.get(path)
            #expect(page.status == 200, "\(path)")
            let nonce = try Self.checkHeaders(page, path)
            nonces.insert(nonce)
            let tags = Self.matches(of: #"<(script|style)\b[^>]*>"#, in: page.text)
            #expect(!tags.isEmpty, "\(path) has no inline code to check")
            for tag in tags { #expect(tag.contains("nonce=\"\(nonce)\""), "\(path): \(tag)") }
            if visited.count < 40 {
                for link in Self.matches(of: ##"href="(/[^"#?]*)""##, in: page.text, group: 1) where !visited.contains(link) {
                    toVisit.append(link)
                }
            }
        }
        #expect(visited.count >= 8, "only \(visited.sorted()) were reachable")
        #expect(nonces.count == visited.count, "a nonce was reused")
        // Errors too: an unknown path and a refused cross-site post.
        _ = try Self.checkHeaders(try await client.get("/no/such/page"), "404")
        let refused = try await client.send("POST", "/animals/filter", headers: [
            ("Content-Type", "application/x-www-form-urlencoded"), ("Sec-Fetch-Site", "cross-site")], body: Array("a=b".utf8))
        #expect(refused.status == 403)
        _ = try Self.checkHeaders(refused, "refused post")
    }

    /// Checks the headers and returns the nonce of the policy.
    static func checkHeaders(_ response: HTTPResult, _ what: String) throws -> String {
        #expect(response.header("X-Content-Type-Options") == "nosniff", "\(what)")
        #expect(response.header("X-Frame-Options") == "DENY", "\(what)")
        #expect(response.header("Referrer-Policy") == "same-origin", "\(what)")
        let policy = try #require(response.header("Content-Security-Policy"), "\(what)")
        #expect(policy.contains("frame-ancestors 'none'") && policy.contains("object-src 'none'"), "\(what): \(policy)")
        #expect(!policy.contains("unsafe-inline"), "\(what): \(policy)")
        let nonce = try #require(matches(of: #"script-src 'nonce-([A-Za-z0-9+/=]+)'"#, in: policy, group: 1).first, "\(what): \(policy)")
        #expect(policy.contains("style-src 'nonce-\(nonce)'"), "\(what): \(policy)")
        return nonce
    }

    static func matches(of pattern: String, in text: String, group: Int = 0) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: group), in: text).map { String(text[$0]) }
        }
    }
}
