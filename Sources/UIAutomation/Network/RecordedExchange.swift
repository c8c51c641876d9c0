public import Foundation

/// One request and its whole response, as recorded for a HAR file (``Application/recordHAR(to:file:line:)``).
package struct RecordedExchange: Sendable {
    package var started: Date
    package var method: String
    package var url: String
    package var requestHeaders: [String: String]
    package var requestBody: String?
    package var status: Int
    package var statusText: String
    package var responseHeaders: [String: String]
    package var mimeType: String
    package var body: Data

    package init(started: Date, method: String, url: String, requestHeaders: [String: String], requestBody: String?, status: Int,
                 statusText: String, responseHeaders: [String: String], mimeType: String, body: Data) {
        self.started = started
        self.method = method
        self.url = url
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.status = status
        self.statusText = statusText
        self.responseHeaders = responseHeaders
        self.mimeType = mimeType
        self.body = body
    }
}
