extension CDP {
    /// The `Page` domain: navigation, lifecycle, screenshots, dialogs.
    public enum Page {
        /// `Page.enable`: starts page events (load, navigation, dialogs).
        public struct Enable: CDPCommand {
            public static let method = "Page.enable"
            public init() {}
        }

        /// `Page.setLifecycleEventsEnabled`: emits `Page.lifecycleEvent` (`load`, `networkIdle`, …).
        public struct SetLifecycleEventsEnabled: CDPCommand {
            public static let method = "Page.setLifecycleEventsEnabled"
            public var enabled: Bool
            public init(enabled: Bool) { self.enabled = enabled }
        }

        /// `Page.navigate`. A failed navigation is reported in `errorText`, not as an error.
        public struct Navigate: CDPCommand {
            public static let method = "Page.navigate"
            public var url: String
            public init(url: String) { self.url = url }
            public struct Response: Decodable, Sendable {
                public let frameId: String
                /// Absent for same-document navigations.
                public let loaderId: String?
                public let errorText: String?
            }
        }

        /// `Page.crash`: crashes the page's renderer (for fault-injection tests).
        public struct Crash: CDPCommand {
            public static let method = "Page.crash"
            public init() {}
        }

        /// `Page.reload`.
        public struct Reload: CDPCommand {
            public static let method = "Page.reload"
            public var ignoreCache: Bool?
            public init(ignoreCache: Bool? = nil) { self.ignoreCache = ignoreCache }
        }

        /// `Page.getNavigationHistory`.
        public struct GetNavigationHistory: CDPCommand {
            public static let method = "Page.getNavigationHistory"
            public init() {}
            public struct Response: Decodable, Sendable {
                public let currentIndex: Int
                public let entries: [Entry]
            }
            public struct Entry: Decodable, Sendable {
                public let id: Int
                public let url: String
                public let title: String
            }
        }

        /// `Page.navigateToHistoryEntry` (back and forward).
        public struct NavigateToHistoryEntry: CDPCommand {
            public static let method = "Page.navigateToHistoryEntry"
            public var entryId: Int
            public init(entryId: Int) { self.entryId = entryId }
        }

        /// `Page.captureScreenshot`: the viewport (or a clip) as base64 PNG/JPEG/WebP.
        public struct CaptureScreenshot: CDPCommand {
            public static let method = "Page.captureScreenshot"
            public var format: String?
            public var quality: Int?
            public var clip: Viewport?
            public var captureBeyondViewport: Bool?
            public var fromSurface: Bool?
            public init(format: String? = "png", quality: Int? = nil, clip: Viewport? = nil,
                        captureBeyondViewport: Bool? = nil, fromSurface: Bool? = nil) {
                self.format = format
                self.quality = quality
                self.clip = clip
                self.captureBeyondViewport = captureBeyondViewport
                self.fromSurface = fromSurface
            }
            public struct Response: Decodable, Sendable {
                /// Base64-encoded image bytes.
                public let data: String
            }
        }

        /// A rectangle in CSS pixels, with a scale, for screenshot clips.
        public struct Viewport: Codable, Sendable, Equatable {
            public var x: Double
            public var y: Double
            public var width: Double
            public var height: Double
            public var scale: Double
            public init(x: Double, y: Double, width: Double, height: Double, scale: Double = 1) {
                self.x = x
                self.y = y
                self.width = width
                self.height = height
                self.scale = scale
            }
        }

        /// `Page.addScriptToEvaluateOnNewDocument`: runs `source` in every new document before its own scripts.
        public struct AddScriptToEvaluateOnNewDocument: CDPCommand {
            public static let method = "Page.addScriptToEvaluateOnNewDocument"
            public var source: String
            public init(source: String) { self.source = source }
            public struct Response: Decodable, Sendable { public let identifier: String }
        }

        /// `Page.removeScriptToEvaluateOnNewDocument`: stops running a script added with
        /// ``AddScriptToEvaluateOnNewDocument`` in new documents.
        public struct RemoveScriptToEvaluateOnNewDocument: CDPCommand {
            public static let method = "Page.removeScriptToEvaluateOnNewDocument"
            public var identifier: String
            public init(identifier: String) { self.identifier = identifier }
        }

        /// `Page.handleJavaScriptDialog`: accepts or dismisses an `alert`/`confirm`/`prompt`.
        public struct HandleJavaScriptDialog: CDPCommand {
            public static let method = "Page.handleJavaScriptDialog"
            public var accept: Bool
            public var promptText: String?
            public init(accept: Bool, promptText: String? = nil) {
                self.accept = accept
                self.promptText = promptText
            }
        }

        /// `Page.loadEventFired`: the main frame's `load` event.
        public struct LoadEventFired: CDPEvent {
            public static let method = "Page.loadEventFired"
            public let timestamp: Double
        }

        /// `Page.domContentEventFired`.
        public struct DomContentEventFired: CDPEvent {
            public static let method = "Page.domContentEventFired"
            public let timestamp: Double
        }

        /// `Page.lifecycleEvent` (after ``SetLifecycleEventsEnabled``): `init`, `DOMContentLoaded`, `load`, `networkIdle`, …
        public struct LifecycleEvent: CDPEvent {
            public static let method = "Page.lifecycleEvent"
            public let frameId: String
            public let loaderId: String
            public let name: String
            public let timestamp: Double
        }

        /// `Page.frameNavigated`.
        public struct FrameNavigated: CDPEvent {
            public static let method = "Page.frameNavigated"
            public let frame: Frame
        }

        /// `Page.frameStartedLoading`.
        public struct FrameStartedLoading: CDPEvent {
            public static let method = "Page.frameStartedLoading"
            public let frameId: String
        }

        /// `Page.frameStoppedLoading`.
        public struct FrameStoppedLoading: CDPEvent {
            public static let method = "Page.frameStoppedLoading"
            public let frameId: String
        }

        /// `Page.navigatedWithinDocument`: history API or fragment navigation.
        public struct NavigatedWithinDocument: CDPEvent {
            public static let method = "Page.navigatedWithinDocument"
            public let frameId: String
            public let url: String
        }

        /// `Page.javascriptDialogOpening`.
        public struct JavascriptDialogOpening: CDPEvent {
            public static let method = "Page.javascriptDialogOpening"
            public let url: String
            public let message: String
            /// `alert`, `confirm`, `prompt` or `beforeunload`.
            public let type: String
            /// A prompt's default text.
            public let defaultPrompt: String?
        }

        /// A frame as the `Page` domain describes it.
        public struct Frame: Decodable, Sendable {
            public let id: String
            public let parentId: String?
            public let loaderId: String
            public let url: String
            /// Set when the frame failed to load: the URL it could not load (`url` is then the
            /// browser's error page).
            public let unreachableUrl: String?
        }
    }
}
