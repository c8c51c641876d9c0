extension CDP {
    /// The `Emulation` domain: device metrics, touch, media features.
    public enum Emulation {
        /// `Emulation.setDeviceMetricsOverride`: viewport size, pixel ratio, mobile layout.
        public struct SetDeviceMetricsOverride: CDPCommand {
            public static let method = "Emulation.setDeviceMetricsOverride"
            public var width: Int
            public var height: Int
            public var deviceScaleFactor: Double
            public var mobile: Bool
            public init(width: Int, height: Int, deviceScaleFactor: Double, mobile: Bool) {
                self.width = width
                self.height = height
                self.deviceScaleFactor = deviceScaleFactor
                self.mobile = mobile
            }
        }

        /// `Emulation.setTouchEmulationEnabled`: the page sees a touch screen.
        public struct SetTouchEmulationEnabled: CDPCommand {
            public static let method = "Emulation.setTouchEmulationEnabled"
            public var enabled: Bool
            public var maxTouchPoints: Int?
            public init(enabled: Bool, maxTouchPoints: Int? = nil) {
                self.enabled = enabled
                self.maxTouchPoints = maxTouchPoints
            }
        }

        /// `Emulation.setUserAgentOverride`.
        public struct SetUserAgentOverride: CDPCommand {
            public static let method = "Emulation.setUserAgentOverride"
            public var userAgent: String
            public var platform: String?
            public init(userAgent: String, platform: String? = nil) {
                self.userAgent = userAgent
                self.platform = platform
            }
        }

        /// `Emulation.setEmulatedMedia`: e.g. `prefers-color-scheme: dark`.
        public struct SetEmulatedMedia: CDPCommand {
            public static let method = "Emulation.setEmulatedMedia"
            public var media: String?
            public var features: [MediaFeature]?
            public init(media: String? = nil, features: [MediaFeature]? = nil) {
                self.media = media
                self.features = features
            }
        }

        /// A CSS media feature and its value.
        public struct MediaFeature: Codable, Sendable {
            public var name: String
            public var value: String
            public init(name: String, value: String) {
                self.name = name
                self.value = value
            }
        }

        /// `Emulation.setFocusEmulationEnabled`: the page behaves as if focused (focus events, caret).
        public struct SetFocusEmulationEnabled: CDPCommand {
            public static let method = "Emulation.setFocusEmulationEnabled"
            public var enabled: Bool
            public init(enabled: Bool) { self.enabled = enabled }
        }
    }
}
