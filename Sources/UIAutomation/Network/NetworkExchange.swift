import Foundation

/// A request the page made and, once it came, its response's head: what the application's
/// network waits (`waitForRequest` and `waitForResponse`) return.
public struct NetworkExchange: Sendable, CustomStringConvertible {
    /// `GET`, `POST`, ….
    public let method: String
    /// The request's URL.
    public let url: String
    /// The request headers.
    public let requestHeaders: [String: String]
    /// The request body as text, when it has a small one.
    public let requestBody: String?
    /// What the request is for.
    public let resourceType: RouteRequest.ResourceType
    /// The response's status (`nil` before the response, or for a request that failed).
    public let status: Int?
    /// The response's status text (may be empty over HTTP/2).
    public let statusText: String?
    /// The response headers (empty before the response).
    public let responseHeaders: [String: String]
    /// The browser's id of the request, for reading the response's body
    /// (``Application/responseBody(of:timeout:file:line:)``); `nil` when the engine has none.
    package let requestId: String?

    package init(method: String, url: String, requestHeaders: [String: String], requestBody: String?,
                 resourceType: RouteRequest.ResourceType, status: Int?, statusText: String?, responseHeaders: [String: String],
                 requestId: String? = nil) {
        self.method = method
        self.url = url
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.resourceType = resourceType
        self.status = status
        self.statusText = statusText
        self.responseHeaders = responseHeaders
        self.requestId = requestId
    }

    /// The request header `name`, whatever its case.
    public func requestHeader(_ name: String) -> String? {
        requestHeaders.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The response header `name`, whatever its case.
    public func responseHeader(_ name: String) -> String? {
        responseHeaders.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// `GET http://… → 200`.
    public var description: String { "\(method) \(url)" + (status.map { " → \($0)" } ?? "") }
}
