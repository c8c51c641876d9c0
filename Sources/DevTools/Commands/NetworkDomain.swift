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
        }
    }
}
