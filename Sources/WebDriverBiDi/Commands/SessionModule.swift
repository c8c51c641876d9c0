public import LabSupport

extension BiDi {
    /// The `session` module: creating and ending a session, subscribing to events.
    public enum Session {
        /// `session.new`: a session on a connection opened at `ws://…/session`.
        public struct New: BiDiCommand {
            public static let method = "session.new"
            public var capabilities: Capabilities
            public init(alwaysMatch: [String: JSONValue] = [:]) { capabilities = Capabilities(alwaysMatch: alwaysMatch) }

            public struct Capabilities: Encodable, Sendable {
                public var alwaysMatch: [String: JSONValue]
            }

            public struct Result: Decodable, Sendable {
                public let sessionId: String
                /// What the browser granted (`browserName`, `browserVersion`, `moz:processID`, …).
                public let capabilities: JSONValue
            }
        }

        /// `session.end`.
        public struct End: BiDiCommand {
            public static let method = "session.end"
            public init() {}
        }

        /// `session.status`: whether the endpoint could create a session now.
        public struct Status: BiDiCommand {
            public static let method = "session.status"
            public init() {}
            public struct Result: Decodable, Sendable {
                public let ready: Bool
                public let message: String
            }
        }

        /// `session.subscribe`: events (or whole modules: `"network"`) in every context, or in `contexts`.
        public struct Subscribe: BiDiCommand {
            public static let method = "session.subscribe"
            public var events: [String]
            public var contexts: [String]?
            public init(events: [String], contexts: [String]? = nil) {
                self.events = events
                self.contexts = contexts
            }
            public struct Result: Decodable, Sendable {
                /// The subscription's id (browsers that predate ids send none).
                public let subscription: String?
            }
        }

        /// `session.unsubscribe` by subscription ids.
        public struct Unsubscribe: BiDiCommand {
            public static let method = "session.unsubscribe"
            public var subscriptions: [String]
            public init(subscriptions: [String]) { self.subscriptions = subscriptions }
        }
    }

    /// The `browser` module: closing the browser, user contexts (isolated cookie jars and storage).
    public enum Browser {
        /// `browser.close`: ends every session and quits the browser.
        public struct Close: BiDiCommand {
            public static let method = "browser.close"
            public init() {}
        }

        /// `browser.createUserContext`: a fresh profile-like partition (cookies, storage).
        public struct CreateUserContext: BiDiCommand {
            public static let method = "browser.createUserContext"
            public init() {}
            public struct Result: Decodable, Sendable {
                public let userContext: String
            }
        }

        /// `browser.removeUserContext`: closes its contexts and drops its data.
        public struct RemoveUserContext: BiDiCommand {
            public static let method = "browser.removeUserContext"
            public var userContext: String
            public init(userContext: String) { self.userContext = userContext }
        }
    }
}
