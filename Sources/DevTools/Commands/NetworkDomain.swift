extension CDP {
    /// The `Network` domain: request events and cookies.
    public enum Network {
        /// `Network.enable`: starts request events.
        public struct Enable: CDPCommand {
            public static let method = "Network.enable"
            public init() {}
        }

        /// `Network.setCookie`.
        public struct SetCookie: CDPCommand {
            public static let method = "Network.setCookie"
            public var name: String
            public var value: String
            public var url: String?
            public var domain: String?
            public var path: String?
            public init(name: String, value: String, url: String? = nil, domain: String? = nil, path: String? = nil) {
                self.name = name
                self.value = value
                self.url = url
                self.domain = domain
                self.path = path
            }
            public struct Response: Decodable, Sendable { public let success: Bool? }
        }

        /// `Network.getCookies`: the cookies of this page's context for the given URLs.
        public struct GetCookies: CDPCommand {
            public static let method = "Network.getCookies"
            public var urls: [String]?
            public init(urls: [String]? = nil) { self.urls = urls }
            public struct Response: Decodable, Sendable { public let cookies: [Cookie] }
        }

        /// A cookie.
        public struct Cookie: Decodable, Sendable {
            public let name: String
            public let value: String
            public let domain: String
            public let path: String
        }

        /// `Network.requestWillBeSent`.
        public struct RequestWillBeSent: CDPEvent {
            public static let method = "Network.requestWillBeSent"
            public let requestId: String
            public let loaderId: String?
            public let type: String?
            public let request: Request
        }

        /// The request of ``RequestWillBeSent``.
        public struct Request: Decodable, Sendable {
            public let url: String
            public let method: String
            public let headers: [String: String]?
            /// The body as text, when it has one and it is not too large.
            public let postData: String?
        }

        /// `Network.responseReceived`: a response's head arrived.
        public struct ResponseReceived: CDPEvent {
            public static let method = "Network.responseReceived"
            public let requestId: String
            public let type: String?
            public let response: Response
        }

        /// The response of ``ResponseReceived``.
        public struct Response: Decodable, Sendable {
            public let url: String
            public let status: Int
            public let statusText: String
            public let headers: [String: String]?
            public let mimeType: String?
        }

        /// `Network.getResponseBody`: a finished response's body (base64 when `base64Encoded`).
        public struct GetResponseBody: CDPCommand {
            public static let method = "Network.getResponseBody"
            public var requestId: String
            public init(requestId: String) { self.requestId = requestId }
            public struct Response: Decodable, Sendable {
                public let body: String
                public let base64Encoded: Bool
            }
        }

        /// `Network.emulateNetworkConditions`: offline, or a slow network.
        public struct EmulateNetworkConditions: CDPCommand {
            public static let method = "Network.emulateNetworkConditions"
            public var offline: Bool
            /// Added to every request, in milliseconds.
            public var latency: Double
            /// Bytes per second; `-1` for no limit.
            public var downloadThroughput: Double
            /// Bytes per second; `-1` for no limit.
            public var uploadThroughput: Double
            public init(offline: Bool, latency: Double, downloadThroughput: Double, uploadThroughput: Double) {
                self.offline = offline
                self.latency = latency
                self.downloadThroughput = downloadThroughput
                self.uploadThroughput = uploadThroughput
            }
        }

        /// `Network.loadingFinished`.
        public struct LoadingFinished: CDPEvent {
            public static let method = "Network.loadingFinished"
            public let requestId: String
        }

        /// `Network.loadingFailed`.
        public struct LoadingFailed: CDPEvent {
            public static let method = "Network.loadingFailed"
            public let requestId: String
            public let errorText: String
            /// Whether the page (or a navigation) cancelled it, rather than the network failing it.
            public let canceled: Bool?
        }
    }
}
