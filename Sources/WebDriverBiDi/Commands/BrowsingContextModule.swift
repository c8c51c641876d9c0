public import Foundation

extension BiDi {
    /// The `browsingContext` module: tabs and frames, navigation, screenshots, the viewport,
    /// prompts and node location.
    public enum BrowsingContext {
        /// `browsingContext.create`: a new tab (or window), optionally in a user context.
        public struct Create: BiDiCommand {
            public static let method = "browsingContext.create"
            public var type: Kind
            public var referenceContext: String?
            public var background: Bool?
            public var userContext: String?
            public init(type: Kind = .tab, referenceContext: String? = nil, background: Bool? = nil, userContext: String? = nil) {
                self.type = type
                self.referenceContext = referenceContext
                self.background = background
                self.userContext = userContext
            }
            public enum Kind: String, Encodable, Sendable { case tab, window }
            public struct Result: Decodable, Sendable {
                public let context: String
            }
        }

        /// `browsingContext.close`.
        public struct Close: BiDiCommand {
            public static let method = "browsingContext.close"
            public var context: String
            public var promptUnload: Bool?
            public init(context: String, promptUnload: Bool? = nil) {
                self.context = context
                self.promptUnload = promptUnload
            }
        }

        /// `browsingContext.activate`: brings a tab to the front (focus, visibility).
        public struct Activate: BiDiCommand {
            public static let method = "browsingContext.activate"
            public var context: String
            public init(context: String) { self.context = context }
        }

        /// How far a navigation has got before `navigate` (or `reload`) answers.
        public enum ReadinessState: String, Codable, Sendable { case none, interactive, complete }

        /// `browsingContext.navigate`: by default answers once the page has loaded.
        public struct Navigate: BiDiCommand {
            public static let method = "browsingContext.navigate"
            public var context: String
            public var url: String
            public var wait: ReadinessState?
            public init(context: String, url: String, wait: ReadinessState? = .complete) {
                self.context = context
                self.url = url
                self.wait = wait
            }
            public struct Result: Decodable, Sendable {
                public let navigation: String?
                public let url: String
            }
        }

        /// `browsingContext.reload`.
        public struct Reload: BiDiCommand {
            public static let method = "browsingContext.reload"
            public var context: String
            public var ignoreCache: Bool?
            public var wait: ReadinessState?
            public init(context: String, ignoreCache: Bool? = nil, wait: ReadinessState? = .complete) {
                self.context = context
                self.ignoreCache = ignoreCache
                self.wait = wait
            }
            public typealias Result = Navigate.Result
        }

        /// `browsingContext.getTree`: every top-level context (and its frames), or one subtree.
        public struct GetTree: BiDiCommand {
            public static let method = "browsingContext.getTree"
            public var maxDepth: Int?
            public var root: String?
            public init(maxDepth: Int? = nil, root: String? = nil) {
                self.maxDepth = maxDepth
                self.root = root
            }
            public struct Result: Decodable, Sendable {
                public let contexts: [Info]
            }
        }

        /// A browsing context as `getTree` and `contextCreated` describe it.
        public struct Info: Decodable, Sendable {
            public let context: String
            public let url: String
            public let parent: String?
            public let userContext: String?
            public let children: [Info]?
        }

        /// `browsingContext.captureScreenshot`: the viewport (or the whole document) as PNG or JPEG.
        public struct CaptureScreenshot: BiDiCommand {
            public static let method = "browsingContext.captureScreenshot"
            public var context: String
            public var origin: Origin?
            public var format: Format?
            public var clip: Clip?
            public init(context: String, origin: Origin? = nil, format: Format? = nil, clip: Clip? = nil) {
                self.context = context
                self.origin = origin
                self.format = format
                self.clip = clip
            }
            public enum Origin: String, Encodable, Sendable { case viewport, document }
            public struct Format: Encodable, Sendable {
                /// A MIME type: `image/png` (the default) or `image/jpeg`.
                public var type: String
                public var quality: Double?
                public init(type: String, quality: Double? = nil) {
                    self.type = type
                    self.quality = quality
                }
            }
            /// A rectangle of the viewport (CSS pixels), or an element's box.
            public enum Clip: Encodable, Sendable {
                case box(x: Double, y: Double, width: Double, height: Double)
                case element(sharedId: String)

                private enum CodingKeys: String, CodingKey { case type, x, y, width, height, element }
                public func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    switch self {
                    case .box(let x, let y, let width, let height):
                        try container.encode("box", forKey: .type)
                        try container.encode(x, forKey: .x)
                        try container.encode(y, forKey: .y)
                        try container.encode(width, forKey: .width)
                        try container.encode(height, forKey: .height)
                    case .element(let sharedId):
                        try container.encode("element", forKey: .type)
                        try container.encode(LocalValue.sharedReference(sharedId: sharedId), forKey: .element)
                    }
                }
            }
            public struct Result: Decodable, Sendable {
                /// The image, base64-encoded, as sent.
                public let data: String
                /// The image's bytes; `nil` if `data` is not base64.
                public var image: Data? { Data(base64Encoded: data) }
            }
        }

        /// `browsingContext.setViewport`: the viewport's CSS size and the device pixel ratio.
        /// A field left `nil` is not changed; ``reset(context:)`` returns both to the browser's own.
        public struct SetViewport: BiDiCommand {
            public static let method = "browsingContext.setViewport"
            public var context: String
            public var viewport: Viewport?
            public var devicePixelRatio: Double?
            private var resetting = false
            public init(context: String, viewport: Viewport? = nil, devicePixelRatio: Double? = nil) {
                self.context = context
                self.viewport = viewport
                self.devicePixelRatio = devicePixelRatio
            }
            /// Both back to the browser's own (sent as `null`, as the spec asks).
            public static func reset(context: String) -> SetViewport {
                var command = SetViewport(context: context)
                command.resetting = true
                return command
            }
            public struct Viewport: Encodable, Sendable {
                public var width: Int
                public var height: Int
                public init(width: Int, height: Int) {
                    self.width = width
                    self.height = height
                }
            }
            private enum CodingKeys: String, CodingKey { case context, viewport, devicePixelRatio }
            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(context, forKey: .context)
                if resetting {
                    try container.encodeNil(forKey: .viewport)
                    try container.encodeNil(forKey: .devicePixelRatio)
                } else {
                    try container.encodeIfPresent(viewport, forKey: .viewport)
                    try container.encodeIfPresent(devicePixelRatio, forKey: .devicePixelRatio)
                }
            }
        }

        /// `browsingContext.handleUserPrompt`: accepts or dismisses the open alert, confirm,
        /// prompt or beforeunload dialog (with `userText` for a prompt).
        public struct HandleUserPrompt: BiDiCommand {
            public static let method = "browsingContext.handleUserPrompt"
            public var context: String
            public var accept: Bool?
            public var userText: String?
            public init(context: String, accept: Bool? = nil, userText: String? = nil) {
                self.context = context
                self.accept = accept
                self.userText = userText
            }
        }

        /// `browsingContext.locateNodes`: nodes by CSS, XPath, inner text or accessibility.
        public struct LocateNodes: BiDiCommand {
            public static let method = "browsingContext.locateNodes"
            public var context: String
            public var locator: Locator
            public var maxNodeCount: Int?
            /// Search inside these nodes only (by `sharedId`).
            public var startNodes: [LocalValue]?
            public init(context: String, locator: Locator, maxNodeCount: Int? = nil, startNodes: [String]? = nil) {
                self.context = context
                self.locator = locator
                self.maxNodeCount = maxNodeCount
                self.startNodes = startNodes?.map { .sharedReference(sharedId: $0) }
            }
            public struct Result: Decodable, Sendable {
                public let nodes: [RemoteValue]
            }
        }

        /// How `locateNodes` finds nodes.
        public enum Locator: Encodable, Sendable {
            case css(String)
            case xpath(String)
            /// Elements whose text is (or, `.partial`, contains) `text`.
            case innerText(String, ignoreCase: Bool? = nil, matchType: MatchType? = nil, maxDepth: Int? = nil)
            /// Elements with this computed accessible name and/or role.
            case accessibility(name: String? = nil, role: String? = nil)
            /// The container element of a child browsing context (an iframe).
            case context(String)

            public enum MatchType: String, Encodable, Sendable { case full, partial }

            private enum CodingKeys: String, CodingKey { case type, value, ignoreCase, matchType, maxDepth }
            private struct Accessible: Encodable {
                let name: String?
                let role: String?
            }
            private struct ContextValue: Encodable {
                let context: String
            }
            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                switch self {
                case .css(let selector):
                    try container.encode("css", forKey: .type)
                    try container.encode(selector, forKey: .value)
                case .xpath(let expression):
                    try container.encode("xpath", forKey: .type)
                    try container.encode(expression, forKey: .value)
                case .innerText(let text, let ignoreCase, let matchType, let maxDepth):
                    try container.encode("innerText", forKey: .type)
                    try container.encode(text, forKey: .value)
                    try container.encodeIfPresent(ignoreCase, forKey: .ignoreCase)
                    try container.encodeIfPresent(matchType, forKey: .matchType)
                    try container.encodeIfPresent(maxDepth, forKey: .maxDepth)
                case .accessibility(let name, let role):
                    try container.encode("accessibility", forKey: .type)
                    try container.encode(Accessible(name: name, role: role), forKey: .value)
                case .context(let context):
                    try container.encode("context", forKey: .type)
                    try container.encode(ContextValue(context: context), forKey: .value)
                }
            }
        }

        // MARK: Events

        /// What the navigation events carry (`load`, `domContentLoaded`, `navigationStarted`, …).
        public struct NavigationInfo: Decodable, Sendable {
            public let context: String
            public let navigation: String?
            /// Milliseconds since the epoch.
            public let timestamp: Double
            public let url: String
        }

        /// `browsingContext.load`: the page's `load` event fired.
        public struct Load: BiDiEvent {
            public static let method = "browsingContext.load"
            public let info: NavigationInfo
            public init(from decoder: any Decoder) throws { info = try NavigationInfo(from: decoder) }
        }

        /// `browsingContext.domContentLoaded`.
        public struct DomContentLoaded: BiDiEvent {
            public static let method = "browsingContext.domContentLoaded"
            public let info: NavigationInfo
            public init(from decoder: any Decoder) throws { info = try NavigationInfo(from: decoder) }
        }

        /// `browsingContext.navigationStarted`.
        public struct NavigationStarted: BiDiEvent {
            public static let method = "browsingContext.navigationStarted"
            public let info: NavigationInfo
            public init(from decoder: any Decoder) throws { info = try NavigationInfo(from: decoder) }
        }

        /// `browsingContext.contextCreated` (a tab, a window or a frame).
        public struct ContextCreated: BiDiEvent {
            public static let method = "browsingContext.contextCreated"
            public let info: Info
            public init(from decoder: any Decoder) throws { info = try Info(from: decoder) }
        }

        /// The kind of a user prompt.
        public enum PromptType: String, Decodable, Sendable { case alert, beforeunload, confirm, prompt }

        /// `browsingContext.userPromptOpened`: a dialog is open and blocks the page until handled.
        public struct UserPromptOpened: BiDiEvent {
            public static let method = "browsingContext.userPromptOpened"
            public let context: String
            public let type: PromptType
            public let message: String
            /// What the session's prompt handler will do with it (`"accept"`, `"dismiss"`, `"ignore"`).
            public let handler: String?
            public let defaultValue: String?
        }

        /// `browsingContext.userPromptClosed`.
        public struct UserPromptClosed: BiDiEvent {
            public static let method = "browsingContext.userPromptClosed"
            public let context: String
            public let accepted: Bool
            public let type: PromptType
            public let userText: String?
        }
    }
}
