extension CDP {
    /// The `Target` domain: browser contexts, pages, and flat sessions to them.
    public enum Target {
        /// `Target.createBrowserContext`: a new incognito-like context (own cookies, storage, cache).
        public struct CreateBrowserContext: CDPCommand {
            public static let method = "Target.createBrowserContext"
            public var disposeOnDetach: Bool?
            public init(disposeOnDetach: Bool? = nil) { self.disposeOnDetach = disposeOnDetach }
            public struct Response: Decodable, Sendable { public let browserContextId: String }
        }

        /// `Target.disposeBrowserContext`: closes a context and all of its pages.
        public struct DisposeBrowserContext: CDPCommand {
            public static let method = "Target.disposeBrowserContext"
            public var browserContextId: String
            public init(browserContextId: String) { self.browserContextId = browserContextId }
        }

        /// `Target.createTarget`: opens a page, optionally in a given context.
        public struct CreateTarget: CDPCommand {
            public static let method = "Target.createTarget"
            public var url: String
            public var browserContextId: String?
            public var width: Int?
            public var height: Int?
            public init(url: String = "about:blank", browserContextId: String? = nil, width: Int? = nil, height: Int? = nil) {
                self.url = url
                self.browserContextId = browserContextId
                self.width = width
                self.height = height
            }
            public struct Response: Decodable, Sendable { public let targetId: String }
        }

        /// `Target.attachToTarget`: opens a session to a target (always flat here).
        public struct AttachToTarget: CDPCommand {
            public static let method = "Target.attachToTarget"
            public var targetId: String
            public var flatten: Bool
            public init(targetId: String, flatten: Bool = true) {
                self.targetId = targetId
                self.flatten = flatten
            }
            public struct Response: Decodable, Sendable { public let sessionId: String }
        }

        /// `Target.closeTarget`.
        public struct CloseTarget: CDPCommand {
            public static let method = "Target.closeTarget"
            public var targetId: String
            public init(targetId: String) { self.targetId = targetId }
            public struct Response: Decodable, Sendable { public let success: Bool? }
        }

        /// `Target.getTargets`.
        public struct GetTargets: CDPCommand {
            public static let method = "Target.getTargets"
            public init() {}
            public struct Response: Decodable, Sendable { public let targetInfos: [TargetInfo] }
        }

        /// What the browser says about one target.
        public struct TargetInfo: Decodable, Sendable {
            public let targetId: String
            /// `page`, `iframe`, `worker`, `browser`, `browser_ui`, …
            public let type: String
            public let title: String
            public let url: String
            public let attached: Bool
            public let browserContextId: String?
        }

        /// `Target.targetCrashed`: a target's renderer died.
        public struct TargetCrashed: CDPEvent {
            public static let method = "Target.targetCrashed"
            public let targetId: String
            public let status: String
            public let errorCode: Int
        }

        /// `Target.detachedFromTarget`: a session ended.
        public struct DetachedFromTarget: CDPEvent {
            public static let method = "Target.detachedFromTarget"
            public let sessionId: String
            public let targetId: String?
        }
    }
}
