import Foundation
import LabSupport
import MessagesApp
import MessagesTestSupport
import Testing
import TestSupport

/// The Messages app's All Messages page is paged like the API's listings (issue 44): one page
/// of the app is one page of the API, so it holds at most the API's byte budget of stored text
/// (1 MiB) and at most its page size; Previous and Next links lead through the pages, each
/// page keeps its own live updates, and a hostile `page` parameter is a clear `400`. Over
/// `lab serve` (the app on the API's own store), with real sockets.
@Suite("Messages app: All Messages is paged and bounded", .heavyWork)
struct AllMessagesPagingTests {
    /// The subjects of a rendered All Messages page, in page order.
    static func subjects(_ html: String) -> [String] {
        html.matches(of: /data-testid="messages\.all\.user\.\d+\.message\.\d+\.subject">([^<]*)</).map { String($0.1) }
    }

    /// The `href` of the link with test id `identifier`, if the page has one.
    static func link(_ identifier: String, in html: String) -> String? {
        let pattern = try! Regex<(Substring, Substring)>(#"<a href="([^"]*)"[^>]*data-testid="\#(identifier)""#)
        return html.firstMatch(of: pattern).map { String($0.1) }
    }

    @Test func aStoreTooBigForOnePageGivesSeveralBoundedPagesWithEveryMessageOnce() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let service = try await SpawnedService(arguments: ["serve", "--port", "0", "--db", directory.appendingPathComponent("m.sqlite").path])
        let client = service.client
        // 300 messages of 4,000 "&" (1.2 MB of stored text, each "&" rendered as "&amp;"): more
        // than the 1 MiB a page may hold, far fewer than its 1,000 messages.
        let text = String(repeating: "&", count: 4_000)
        for index in 0..<300 {
            #expect(try await client.post(messageBody(user: "u\(index % 3)", subject: "\(index)", message: text)).status == 201)
        }
        var path = "/messages/all"
        var subjects: [String] = []
        var pages = 0
        while pages < 100 {
            let response = try await client.get(path)
            #expect(response.status == 200, "\(path): \(response.status)")
            pages += 1
            // 1 MiB of stored text at most (262 messages of 4,000 bytes), rendered ≤ 6.5 MB.
            #expect(response.body.count < 6_500_000, "\(response.body.count) bytes")
            subjects += Self.subjects(response.text)
            #expect(response.text.contains(">Page \(pages)<"))
            if pages > 1 {
                #expect(Self.link(MessagesIdentifiers.allPreviousPage, in: response.text) == (pages == 2 ? "/messages/all" : "/messages/all?page=\(pages - 1)"))
            } else {
                #expect(Self.link(MessagesIdentifiers.allPreviousPage, in: response.text) == nil)
            }
            // The live region's stream follows this page.
            #expect(response.text.contains(#"data-updates="/messages/all/updates?page=\#(pages)&amp;version="#))
            guard let next = Self.link(MessagesIdentifiers.allNextPage, in: response.text) else { break }
            #expect(next == "/messages/all?page=\(pages + 1)")
            path = next
        }
        #expect(pages >= 2)
        #expect(subjects.count == 300 && Set(subjects) == Set((0..<300).map(String.init)), "\(subjects.count) subjects")

        // Past the last page: 404 with a way back; the pages before are unchanged.
        let missing = try await client.get("/messages/all?page=\(pages + 1)")
        #expect(missing.status == 404)
        #expect(missing.text.contains(MessagesIdentifiers.allMissingPage))
        #expect(Self.link(MessagesIdentifiers.allFirstPage, in: missing.text) == "/messages/all")

        // The last page's live stream carries a message saved after it was read.
        let stream = try RawConnection(port: service.port, readTimeout: .seconds(30))
        try stream.send("GET /messages/all/updates?page=\(pages) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        _ = try await stream.read(until: "event: messages")
        #expect(try await client.post(messageBody(user: "late", subject: "saved after", message: "the last page follows")).status == 201)
        _ = try await stream.read(until: "the last page follows")
        withExtendedLifetime(stream) {}
        #expect(try await service.stop(signal: SIGTERM) == .exited(0))
    }

    @Test func aHostilePageParameterIsAClear400() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let service = try await SpawnedService(arguments: ["serve", "--port", "0", "--db", directory.appendingPathComponent("m.sqlite").path])
        let client = service.client
        #expect(try await client.post(messageBody(user: "dan", subject: "pets", message: "cats are grumpy")).status == 201)
        let refused: [(query: String, says: String)] = [
            ("page=abc", #"page must be a whole number from 1 to 1000000, not "abc""#),
            ("page=0", #"not "0""#),
            ("page=-1", #"not "-1""#),
            ("page=%2B1", #"not "+1""#),
            ("page=01", #"not "01""#),
            ("page=1.5", #"not "1.5""#),
            ("page=", #"not """#),
            ("page=1000001", #"not "1000001""#),
            ("page=99999999999999999999999", #"not "99999999999999999999999""#),
            ("page=%D9%A1", #"not "١""#),  // ARABIC-INDIC DIGIT ONE: a digit, not an ASCII one
            ("page=\(String(repeating: "9", count: 100))", "…"),
            ("page=%3Cscript%3E", #"not "<script>""#),  // escaped where shown
            ("page=1&page=2", "page is given 2 times; give it once"),
        ]
        for (query, says) in refused {
            let page = try await client.get("/messages/all?\(query)")
            #expect(page.status == 400, "\(query): \(page.status)")
            #expect(page.text.contains(MessagesIdentifiers.allPageError), "\(query)")
            #expect(page.text.contains(HTMLEscape.escape(says)), "\(query): \(page.text.prefix(2_000))")
            #expect(!page.text.contains("<script>"))
            let updates = try await client.get("/messages/all/updates?\(query)")
            #expect(updates.status == 400, "updates \(query): \(updates.status)")
        }
        // Other parameters are ignored, and page 1 may be named.
        #expect(try await client.get("/messages/all?page=1").text.contains("cats are grumpy"))
        #expect(try await client.get("/messages/all?sort=x").status == 200)
        #expect(try await service.stop(signal: SIGTERM) == .exited(0))
    }
}
