extension CDP {
    /// The `Fetch` domain: pausing the page's requests, to answer, change or fail them.
    public enum Fetch {
        /// `Fetch.enable`: pauses every request that matches one of `patterns` (all requests
        /// when `patterns` is empty) with ``RequestPaused`` until it is continued, fulfilled or
        /// failed.
        public struct Enable: CDPCommand {
            public static let method = "Fetch.enable"
            public var patterns: [RequestPattern]?
            public init(patterns: [RequestPattern]? = nil) { self.patterns = patterns }
        }

        /// `Fetch.disable`: stops pausing requests.
        public struct Disable: CDPCommand {
            public static let method = "Fetch.disable"
            public init() {}
        }

        /// Which requests ``Enable`` pauses.
        public struct RequestPattern: Codable, Sendable, Equatable {
            /// A wildcard pattern (`*` any characters, `?` one, `\` escapes); `nil` or `*`: all.
            public var urlPattern: String?
            /// `Document`, `Fetch`, `XHR`, `EventSource`, `Script`, …; `nil`: every type.
            public var resourceType: String?
            /// `Request` (the default) or `Response`.
            public var requestStage: String?
            public init(urlPattern: String? = nil, resourceType: String? = nil, requestStage: String? = nil) {
                self.urlPattern = urlPattern
                self.resourceType = resourceType
                self.requestStage = requestStage
            }
        }

        /// `Fetch.requestPaused`: a request waits for ``ContinueRequest``, ``FulfillRequest``
        /// or ``FailRequest``.
        public struct RequestPaused: CDPEvent {
            public static let method = "Fetch.requestPaused"
            public let requestId: String
            public let request: Request
            public let frameId: String?
            /// `Document`, `Stylesheet`, `Image`, `Script`, `XHR`, `Fetch`, `EventSource`, ….
            public let resourceType: String
            /// The `Network` domain's id of the same request, when it has one.
            public let networkId: String?
        }

        /// The request of a ``RequestPaused``.
        public struct Request: Decodable, Sendable {
            public let url: String
            /// The fragment (`#…`), which ``url`` does not include.
            public let urlFragment: String?
            public let method: String
            public let headers: [String: String]
            /// The body as text, when it has one and it is not too large.
            public let postData: String?
            public let hasPostData: Bool?
            /// The body's parts, each base64-encoded (`bytes`).
            public let postDataEntries: [PostDataEntry]?
        }

        /// One part of a request body.
        public struct PostDataEntry: Decodable, Sendable {
            /// Base64.
            public let bytes: String?
        }

        /// A header of ``FulfillRequest`` or ``ContinueRequest``.
        public struct HeaderEntry: Codable, Sendable, Equatable {
            public var name: String
            public var value: String
            public init(name: String, value: String) {
                self.name = name
                self.value = value
            }
        }

        /// `Fetch.fulfillRequest`: answers a paused request with a response of one's own.
        public struct FulfillRequest: CDPCommand {
            public static let method = "Fetch.fulfillRequest"
            public var requestId: String
            public var responseCode: Int
            public var responseHeaders: [HeaderEntry]?
            /// Base64.
            public var body: String?
            public var responsePhrase: String?
            public init(requestId: String, responseCode: Int, responseHeaders: [HeaderEntry]? = nil, body: String? = nil,
                        responsePhrase: String? = nil) {
                self.requestId = requestId
                self.responseCode = responseCode
                self.responseHeaders = responseHeaders
                self.body = body
                self.responsePhrase = responsePhrase
            }
        }

        /// `Fetch.continueRequest`: lets a paused request go on, optionally changed.
        public struct ContinueRequest: CDPCommand {
            public static let method = "Fetch.continueRequest"
            public var requestId: String
            public var url: String?
            public var method: String?
            /// Base64.
            public var postData: String?
            public var headers: [HeaderEntry]?
            public init(requestId: String, url: String? = nil, method: String? = nil, postData: String? = nil,
                        headers: [HeaderEntry]? = nil) {
                self.requestId = requestId
                self.url = url
                self.method = method
                self.postData = postData
                self.headers = headers
            }
        }

        /// `Fetch.failRequest`: fails a paused request as the network would.
        public struct FailRequest: CDPCommand {
            public static let method = "Fetch.failRequest"
            public var requestId: String
            /// `Failed`, `Aborted`, `TimedOut`, `AccessDenied`, `ConnectionClosed`,
            /// `ConnectionReset`, `ConnectionRefused`, `ConnectionAborted`, `ConnectionFailed`,
            /// `NameNotResolved`, `InternetDisconnected`, `AddressUnreachable`, `BlockedByClient`,
            /// `BlockedByResponse`.
            public var errorReason: String
            public init(requestId: String, errorReason: String) {
                self.requestId = requestId
                self.errorReason = errorReason
            }
        }
    }
}
