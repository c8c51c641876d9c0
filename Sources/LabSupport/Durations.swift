extension Duration {
    /// The duration in seconds, as a `Double` (a `TimeInterval`).
    public var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The duration in milliseconds, as a `Double`.
    public var inMilliseconds: Double { inSeconds * 1e3 }

    /// `seconds` (a `TimeInterval`) as a duration; negative values and NaN are zero.
    public static func seconds(clamping seconds: Double) -> Duration {
        guard seconds > 0, seconds.isFinite else { return seconds == .infinity ? .seconds(Int64.max / 2) : .zero }
        return .nanoseconds(Int64(min(seconds, 9e9) * 1e9))
    }
}
