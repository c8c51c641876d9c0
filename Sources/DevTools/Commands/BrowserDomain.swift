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

        /// `Browser.close`: asks the browser to exit gracefully.
        public struct Close: CDPCommand {
            public static let method = "Browser.close"
            public init() {}
        }
    }
}
