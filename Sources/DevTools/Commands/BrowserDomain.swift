extension CDP {
    /// The `Browser` domain.
    public enum Browser {
        /// `Browser.getVersion`: product and protocol version. Also the cheapest round trip.
        public struct GetVersion: CDPCommand {
            public static let method = "Browser.getVersion"
            public init() {}
            public struct Response: Decodable, Sendable {
                public let protocolVersion: String
                public let product: String
                public let userAgent: String
                public let jsVersion: String
            }
        }

        /// `Browser.grantPermissions`: grants `permissions` (e.g. `clipboardReadWrite`) to every
        /// origin in a browser context, without prompting.
        public struct GrantPermissions: CDPCommand {
            public static let method = "Browser.grantPermissions"
            public var permissions: [String]
            public var browserContextId: String?
            public init(permissions: [String], browserContextId: String?) {
                self.permissions = permissions
                self.browserContextId = browserContextId
            }
        }

        /// `Browser.close`: asks the browser to exit gracefully.
        public struct Close: CDPCommand {
            public static let method = "Browser.close"
            public init() {}
        }
    }
}
