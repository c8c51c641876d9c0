import Foundation

// The JSON envelopes of the CDP wire format. Replies are decoded in two steps: a cheap
// header on the reader thread (to route the message), then the typed result in the
// caller's task, so large results are never decoded on the reader thread.

struct RequestEnvelope<Params: Encodable>: Encodable {
    let id: Int
    let method: String
    let params: Params
    let sessionId: String?
}

struct MessageHeader: Decodable {
    let id: Int?
    let method: String?
    let sessionId: String?
    let error: ErrorBody?

    struct ErrorBody: Decodable {
        let code: Int
        let message: String
        let data: String?
    }
}

struct ReplyEnvelope<Result: Decodable>: Decodable {
    let result: Result
}

/// Finds `"id":123` at the top of a message that could not be decoded, so the error can
/// be given to the call that waits for it. Chromium writes `id` first in every reply.
func sniffMessageID(_ bytes: Data) -> Int? {
    let head = String(decoding: bytes.prefix(64), as: UTF8.self)
    guard let range = head.range(of: #"^\s*\{\s*"id"\s*:\s*(\d{1,15})"#, options: .regularExpression) else { return nil }
    return Int(head[range].filter(\.isNumber))
}
