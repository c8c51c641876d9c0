/// The network as the page gets it: as it is, offline, or slow
/// (``Application/setNetworkConditions(_:file:line:)``).
public struct NetworkConditions: Sendable, Equatable, CustomStringConvertible {
    /// Every request fails as with no connection.
    public var offline: Bool
    /// Added to each request.
    public var latency: Duration
    /// Bytes per second the page may receive; `nil`: no limit.
    public var downloadBytesPerSecond: Int?
    /// Bytes per second the page may send; `nil`: no limit.
    public var uploadBytesPerSecond: Int?

    /// Conditions of your own.
    public init(offline: Bool = false, latency: Duration = .zero, downloadBytesPerSecond: Int? = nil, uploadBytesPerSecond: Int? = nil) {
        self.offline = offline
        self.latency = latency
        self.downloadBytesPerSecond = downloadBytesPerSecond
        self.uploadBytesPerSecond = uploadBytesPerSecond
    }

    /// The network as it is.
    public static let normal = NetworkConditions()
    /// No network: every request fails (`InternetDisconnected`).
    public static let offline = NetworkConditions(offline: true)
    /// A slow network: `latency` added to each request, throughput limited.
    public static func throttled(latency: Duration, downloadBytesPerSecond: Int? = nil, uploadBytesPerSecond: Int? = nil) -> NetworkConditions {
        NetworkConditions(latency: latency, downloadBytesPerSecond: downloadBytesPerSecond, uploadBytesPerSecond: uploadBytesPerSecond)
    }
    /// Chrome DevTools' "Slow 3G": 2 s latency, about 50 kB/s each way.
    public static let slow3G = throttled(latency: .seconds(2), downloadBytesPerSecond: 51_200, uploadBytesPerSecond: 51_200)
    /// Chrome DevTools' "Fast 3G": 563 ms latency, about 180 kB/s down and 84 kB/s up.
    public static let fast3G = throttled(latency: .milliseconds(563), downloadBytesPerSecond: 184_320, uploadBytesPerSecond: 86_400)

    public var description: String {
        if offline { return ".offline" }
        if self == .normal { return ".normal" }
        return ".throttled(latency: \(latency), download: \(downloadBytesPerSecond.map { "\($0) B/s" } ?? "unlimited"), "
            + "upload: \(uploadBytesPerSecond.map { "\($0) B/s" } ?? "unlimited"))"
    }
}
