import Foundation

/// HAR 1.2 (HTTP Archive), as much of it as recording and replaying a launch's traffic needs:
/// each entry's request (method, URL, headers, body) and response (status, headers, content,
/// base64 when it is not text).
enum HARFile {
    struct Document: Codable, Sendable { var log: Log }
    struct Log: Codable, Sendable {
        var version = "1.2"
        var creator = Creator()
        var entries: [Entry]
    }
    struct Creator: Codable, Sendable {
        var name = "AutomationLab UIAutomation"
        var version = "1"
    }
    struct Entry: Codable, Sendable {
        var startedDateTime: String
        var time: Double = 0
        var request: Request
        var response: Response
        var cache = [String: String]()
        var timings = Timings()
    }
    struct Header: Codable, Sendable {
        var name: String
        var value: String
    }
    struct Request: Codable, Sendable {
        var method: String
        var url: String
        var httpVersion = "HTTP/1.1"
        var headers: [Header]
        var queryString = [Header]()
        var cookies = [Header]()
        var headersSize = -1
        var bodySize = -1
        var postData: PostData?
    }
    struct PostData: Codable, Sendable {
        var mimeType: String
        var text: String
    }
    struct Response: Codable, Sendable {
        var status: Int
        var statusText: String
        var httpVersion = "HTTP/1.1"
        var headers: [Header]
        var cookies = [Header]()
        var content: Content
        var redirectURL = ""
        var headersSize = -1
        var bodySize = -1
    }
    struct Content: Codable, Sendable {
        var size: Int
        var mimeType: String
        var text: String?
        var encoding: String?
    }
    struct Timings: Codable, Sendable {
        var send = 0.0
        var wait = 0.0
        var receive = 0.0
    }

    /// The HAR of `exchanges`, as JSON.
    static func encode(_ exchanges: [RecordedExchange]) throws -> Data {
        let dates = ISO8601DateFormatter()
        dates.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let entries = exchanges.map { exchange in
            let text = isText(exchange.mimeType) ? String(data: exchange.body, encoding: .utf8) : nil
            return Entry(
                startedDateTime: dates.string(from: exchange.started),
                request: Request(
                    method: exchange.method, url: exchange.url, headers: headers(exchange.requestHeaders),
                    postData: exchange.requestBody.map { PostData(mimeType: exchange.requestHeaders.first { $0.key.lowercased() == "content-type" }?.value ?? "", text: $0) }),
                response: Response(
                    status: exchange.status, statusText: exchange.statusText, headers: headers(exchange.responseHeaders),
                    content: Content(size: exchange.body.count, mimeType: exchange.mimeType,
                                     text: text ?? exchange.body.base64EncodedString(), encoding: text == nil ? "base64" : nil)))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(Document(log: Log(entries: entries)))
    }

    /// The entries of a HAR file: method, URL, and the response to answer with.
    static func decode(_ data: Data) throws -> [Entry] {
        try JSONDecoder().decode(Document.self, from: data).log.entries
    }

    /// A response's body as bytes.
    static func body(of content: Content) -> Data {
        guard let text = content.text else { return Data() }
        if content.encoding == "base64" { return Data(base64Encoded: text) ?? Data() }
        return Data(text.utf8)
    }

    private static func headers(_ headers: [String: String]) -> [Header] {
        headers.sorted { $0.key < $1.key }.map { Header(name: $0.key, value: $0.value) }
    }

    private static func isText(_ mimeType: String) -> Bool {
        let type = mimeType.lowercased()
        return type.hasPrefix("text/") || type.contains("json") || type.contains("javascript") || type.contains("xml")
            || type.contains("event-stream")
    }
}
