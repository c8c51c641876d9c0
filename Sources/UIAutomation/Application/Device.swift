/// The screen an app is launched on: viewport, pixel ratio, touch, color scheme.
public struct Device: Sendable, Hashable {
    /// Viewport width in CSS pixels (points).
    public var width: Int
    /// Viewport height in CSS pixels (points).
    public var height: Int
    /// Device pixels per CSS pixel; screenshots are this many times larger.
    public var scale: Double
    /// Mobile layout (meta viewport honoured, overlay scrollbars).
    public var isMobile: Bool
    /// Whether the page sees a touch screen.
    public var hasTouch: Bool
    /// `prefers-color-scheme`: `"light"` or `"dark"`.
    public var colorScheme: String
    /// `prefers-reduced-motion: reduce` when `true`, as iOS's Reduce Motion setting: an app that
    /// honours it skips its transitions, so actions need not wait for them to end. Off in the
    /// presets, as on a new iPhone; ``Configuration``'s default device takes it from
    /// `LAB_REDUCED_MOTION=1`.
    public var reducedMotion: Bool

    public init(width: Int, height: Int, scale: Double = 2, isMobile: Bool = true, hasTouch: Bool = true,
                colorScheme: String = "light", reducedMotion: Bool = false) {
        self.width = width
        self.height = height
        self.scale = scale
        self.isMobile = isMobile
        self.hasTouch = hasTouch
        self.colorScheme = colorScheme
        self.reducedMotion = reducedMotion
    }

    /// An iPhone 15-sized screen (393 × 852 points) with touch; the default.
    public static let iPhone = Device(width: 393, height: 852)
    /// An iPhone SE-sized screen (375 × 667 points).
    public static let iPhoneSE = Device(width: 375, height: 667)
    /// An iPad-sized screen (820 × 1180 points).
    public static let iPad = Device(width: 820, height: 1180)
    /// A desktop window (1280 × 800), mouse only.
    public static let desktop = Device(width: 1280, height: 800, scale: 1, isMobile: false, hasTouch: false)
}
