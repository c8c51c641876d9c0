import Foundation
import LabSupport
import MessagesTestSupport
import NIOCore
import NIOHTTP1
import NIOPosix

/// One HTTP response as received on the wire.
struct HTTPResult: Sendable, CustomStringConvertible {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    func json() throws -> JSONValue { try JSONValue.parse(body) }

    /// `error.code` of an error envelope.
    var errorCode: String? { (try? json())?["error"]?["code"]?.string }

    func header(_ name: String) -> String? { headers.first(name: name) }

    var description: String { "HTTP \(status) \(text.prefix(300))" }
}

struct HTTPClientError: Error, CustomStringConvertible {
    var description: String
}

/// A small HTTP/1.1 client over SwiftNIO: one connection per request, full control of method,
/// headers and body bytes (so tests can send what a well-behaved client would not).
struct HTTPTestClient: Sendable {
    var host = "127.0.0.1"
    var port: Int
    /// The `Host` header to send (default: `host:port`).
    var hostHeader: String?
    var timeout: Duration = .seconds(30)

    /// Sends a request. A body gets a Content-Length unless `headers` has one or says
    /// `Transfer-Encoding: chunked` (then the body is sent as chunks of `chunkSize`).
    func send(
        _ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8]? = nil, chunkSize: Int = 16_384
    ) async throws -> HTTPResult {
        try await withTimeout(timeout, "\(method) \(path)") {
            try await self.exchange(method, path, headers: headers, body: body, chunkSize: chunkSize)
        }
    }

    func get(_ path: String) async throws -> HTTPResult {
        try await send("GET", path)
    }

    /// POSTs JSON bytes with `Content-Type: application/json`.
    func post(_ body: [UInt8], path: String = "/proto/messages", contentType: String? = "application/json") async throws -> HTTPResult {
        try await send("POST", path, headers: contentType.map { [("Content-Type", $0)] } ?? [], body: body)
    }

    private func exchange(_ method: String, _ path: String, headers: [(String, String)], body: [UInt8]?, chunkSize: Int) async throws -> HTTPResult {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(20))
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            var head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: method), uri: path)
            head.headers.add(name: "Host", value: hostHeader ?? "\(host):\(port)")
            head.headers.add(name: "Connection", value: "close")
            for (name, value) in headers { head.headers.add(name: name, value: value) }
            let chunked = head.headers["transfer-encoding"].contains { $0.lowercased() == "chunked" }
            if let body, !chunked, !head.headers.contains(name: "content-length") {
                head.headers.add(name: "Content-Length", value: String(body.count))
            }
            // The server may answer and close before reading everything (413): keep going and read the answer.
            do {
                try await outbound.write(.head(head))
                if let body, !body.isEmpty {
                    if chunked {
                        var offset = 0
                        while offset < body.count {
                            let end = min(offset + chunkSize, body.count)
                            try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body[offset..<end]))))
                            offset = end
                        }
                    } else {
                        try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body))))
                    }
                }
                try await outbound.write(.end(nil))
            } catch {}

            var result: HTTPResult?
            for try await part in inbound {
                switch part {
                case .head(let response):
                    result = HTTPResult(status: Int(response.status.code), headers: response.headers, body: [])
                case .body(let buffer):
                    // Through the raw bytes (one copy): appending the view was a call per byte in
                    // the debug build the suite runs.
                    buffer.withUnsafeReadableBytes { result?.body.append(contentsOf: $0) }
                case .end:
                    if let result { return result }
                }
            }
            throw HTTPClientError(description: "connection closed before a complete response to \(method) \(path)")
        }
    }
}

extension SpawnedService {
    /// A raw HTTP client of the spawned service.
    var client: HTTPTestClient { HTTPTestClient(port: port) }
}
