import Foundation
public import Hummingbird

/// An `application/x-www-form-urlencoded` request body, as an HTML form posts it.
///
/// Hummingbird's `URLEncodedFormDecoder` rejects repeated names, which is how a form sends
/// several checked boxes or selected rows (`tag=a&tag=b`); this keeps every value, in order.
public struct FormBody: Sendable {
    private let pairs: [(name: String, value: String)]

    /// The fields of `body`; `+` is a space, `%XX` escapes are decoded (a bad escape reads as "").
    public init(_ body: String) {
        pairs = body.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    /// Reads the body of `request`, at most `limit` bytes (more is a `413 Content Too Large`).
    public init(request: Request, limit: Int = 16_384) async throws {
        let body = try await request.body.collect(upTo: limit)
        self.init(String(decoding: body.readableBytesView, as: UTF8.self))
    }

    /// Every value given for `name`, in order.
    public func values(named name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }

    /// The first value given for `name`.
    public func value(named name: String) -> String? { pairs.first { $0.name == name }?.value }

    /// The first value given for `name`, as an integer; `nil` when absent or not a number.
    public func integer(named name: String) -> Int? { value(named: name).flatMap { Int($0) } }
}

extension Response {
    /// `303 See Other` to `path`, not cached: where a form post goes back to.
    public static func seeOther(_ path: String) -> Response {
        Response(status: .seeOther, headers: [.location: path, .cacheControl: "no-store"])
    }
}
