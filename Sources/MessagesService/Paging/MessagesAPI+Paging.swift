import Hummingbird
import NIOCore
import ServerDefenses

// The API's paging over HTTP: the page a query asks for, the `Link` to the next one, and a page's
// answer, streamed in slices with back-pressure so a connection never holds a whole page.

extension MessagesAPI {
    /// The path of `user`'s listing, built from the validated, decoded name: the base path and
    /// the name percent-encoded as one segment (every byte but RFC 3986's unreserved
    /// characters), so it can hold no `/`, `?`, `#`, `>`, `,` or quote whatever was sent.
    static func userPath(_ user: String) -> String {
        var path = basePath + "/"
        for byte in user.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                path.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                path.unicodeScalars.append("%")
                path.unicodeScalars.append(hex[Int(byte >> 4)])
                path.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return path
    }

    private static let link = HTTPFields.Element.Name("Link")!

    /// The page the query asks for: `limit` (1…``PageRequest/maxLimit``) and `cursor` (a
    /// `next` this API gave out), each at most once. Other query parameters are ignored.
    static func pageRequest(_ request: Request) throws -> PageRequest {
        let query = request.uri.queryParameters
        let limits = query[values: "limit"], cursors = query[values: "cursor"]
        guard limits.count <= 1 else {
            throw MessagesAPIError(.badRequest, .invalidLimit, "limit is given \(limits.count) times; give it once")
        }
        guard cursors.count <= 1 else {
            throw MessagesAPIError(.badRequest, .invalidCursor, "cursor is given \(cursors.count) times; give it once")
        }
        var page = PageRequest()
        if let text = limits.first {
            guard !text.isEmpty, text.count <= 5, text.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let limit = Int(text), (1...PageRequest.maxLimit).contains(limit)
            else {
                throw MessagesAPIError(.badRequest, .invalidLimit,
                                       "limit must be a whole number from 1 to \(PageRequest.maxLimit), not \"\(PostMessageDecoder.abbreviate(String(text)))\"")
            }
            page.limit = limit
        }
        if let token = cursors.first {
            guard let cursor = MessageCursor(token: String(token)) else {
                throw MessagesAPIError(.badRequest, .invalidCursor,
                                       "cursor \"\(PostMessageDecoder.abbreviate(String(token)))\" is not one this API gave out; pass the `next` of a previous page")
            }
            page.cursor = cursor
        }
        return page
    }

    /// The headers of a page: its content type and, when another page follows, a `Link` to it.
    /// `path` is built by the server (``userPath(_:)`` or ``basePath``), never copied from the request.
    static func pageHeaders(next: MessageCursor?, path: String, limit: Int) -> HTTPFields {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let next {
            headers[Self.link] = "<\(path)?limit=\(limit)&cursor=\(next.token)>; rel=\"next\""
        }
        return headers
    }

    /// A page's answer. One that fits in a slice is sent whole, with a `Content-Length`. A bigger
    /// one is streamed (chunked): each slice is encoded only once the connection has taken the
    /// previous one — after each `write` the encoder waits for the connection's event loop to
    /// have run it (`EventLoopRequestContext.connectionCaughtUp()`), and the next `write`
    /// waits while NIO's outbound buffer is above its high-water mark — so whatever the client's
    /// speed, and however late the event loop runs, a connection holds the page's rows (at most
    /// the page's byte budget of stored text) and a slice or two of JSON, never the whole answer
    /// (up to ~6 MiB).
    /// A client that leaves ends the encoding at the next write, which fails on the closed
    /// connection; a shutdown's cancellation ends it at the next slice. Either way the answer is
    /// cut before its final chunk, so the client can tell it is incomplete.
    func answer(_ encoder: PageEncoder, headers: HTTPFields, context: some EventLoopRequestContext) -> Response {
        var encoder = encoder
        let first = encoder.nextSlice(size: Self.sliceSize) ?? ByteBuffer()
        guard !encoder.finished else {
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: first))
        }
        let counters = self.counters
        return Response(status: .ok, headers: headers, body: ResponseBody { [encoder, context] writer in
            var encoder = encoder
            counters.update {
                $0.started += 1
                $0.encodedBytes += first.readableBytes
            }
            do {
                var slice = first
                while true {
                    try await writer.write(slice)
                    // `write` returned once the slice was queued for the event loop; until the
                    // loop has run it, the connection's writability (the next write's
                    // back-pressure) is stale. Waiting here also gives the pool thread up
                    // between slices, so other requests and the shutdown's timers run.
                    try await context.connectionCaughtUp()
                    try Task.checkCancellation()
                    guard let next = encoder.nextSlice(size: Self.sliceSize) else { break }
                    counters.update { $0.encodedBytes += next.readableBytes }
                    slice = next
                }
                try await writer.finish(nil)
            } catch {
                counters.update { $0.abandoned += 1 }
                throw error
            }
            counters.update { $0.completed += 1 }
        })
    }

    /// The JSON encoded, and handed to the connection, at a time: 32 KiB (a few milliseconds of
    /// encoding), below NIO's default 64 KiB high-water mark.
    static let sliceSize = 32 * 1024
}
