extension CDP {
    /// The `Log` domain: what the browser itself reports about a page — blocked by its Content
    /// Security Policy, a resource that failed to load, an intervention.
    public enum Log {
        /// `Log.enable`: starts ``EntryAdded`` events (and replays the entries so far).
        public struct Enable: CDPCommand {
            public static let method = "Log.enable"
            public init() {}
        }

        /// `Log.entryAdded`.
        public struct EntryAdded: CDPEvent {
            public static let method = "Log.entryAdded"
            public let entry: Entry
        }

        /// One entry of the browser's log.
        public struct Entry: Decodable, Sendable {
            /// `xml`, `javascript`, `network`, `storage`, `appcache`, `rendering`, `security`,
            /// `deprecation`, `worker`, `violation`, `intervention`, `recommendation`, `other`.
            public let source: String
            /// `verbose`, `info`, `warning` or `error`.
            public let level: String
            public let text: String
            public let url: String?
            public let lineNumber: Int?
            public let networkRequestId: String?
        }
    }
}
