public import Foundation
import LabSupport
import Synchronization
public import XCTest

/// Something `measure(metrics:block:)` records, as XCTest's `XCTMetric`.
public protocol XCTMetric {
    /// The metric's name and unit, as reported, e.g. "Clock Monotonic Time, s".
    var reportedName: String { get }
    /// Called before an iteration of the block.
    func willBeginMeasuring()
    /// Called after it; returns the iteration's value.
    func didStopMeasuring() -> Double
}

/// Wall-clock time of each iteration, as XCTest's `XCTClockMetric`.
public final class XCTClockMetric: NSObject, XCTMetric, @unchecked Sendable {
    private var started = ContinuousClock.now
    public override init() {}
    public var reportedName: String { "Clock Monotonic Time, s" }
    public func willBeginMeasuring() { started = .now }
    public func didStopMeasuring() -> Double { (ContinuousClock.now - started).inSeconds }
}

/// The time each iteration spends in `XCUIApplication.launch()` — from the call until the app
/// is idle in its fresh browser context — as XCTest's `XCTApplicationLaunchMetric` measures
/// an app's launch. `waitUntilResponsive` is accepted for Apple's signature: a launch here
/// always ends when the page is idle.
public final class XCTApplicationLaunchMetric: NSObject, XCTMetric, @unchecked Sendable {
    private var before = Duration.zero
    public init(waitUntilResponsive: Bool = false) {}
    public var reportedName: String { "Duration (AppLaunch), s" }
    public func willBeginMeasuring() { before = LaunchClock.total }
    public func didStopMeasuring() -> Double { (LaunchClock.total - before).inSeconds }
}

/// XCTest's `XCTOSSignpostMetric`: on Apple's systems it measures the time between two
/// `os_signpost` marks, which do not exist here. Each metric is measured as a clock metric over
/// the same span: `applicationLaunch` the time in `XCUIApplication.launch()` (as
/// ``XCTApplicationLaunchMetric``), the others (scrolling and navigation transitions, custom
/// signposts) the block's wall-clock time, as ``XCTClockMetric``. The reported name says which.
public final class XCTOSSignpostMetric: NSObject, XCTMetric, @unchecked Sendable {
    private let measured: any XCTMetric
    private let name: String

    private init(_ name: String, measuring measured: any XCTMetric) {
        self.name = name
        self.measured = measured
    }

    /// A custom signpost interval, measured here as the block's wall-clock time.
    public convenience init(subsystem: String, category: String, name: String) {
        self.init("\(subsystem).\(category).\(name)", measuring: XCTClockMetric())
    }

    /// The app's launch: the time spent in `XCUIApplication.launch()`.
    public static var applicationLaunch: XCTOSSignpostMetric { XCTOSSignpostMetric("applicationLaunch", measuring: XCTApplicationLaunchMetric()) }
    /// A scroll's deceleration, measured as the block's wall-clock time.
    public static var scrollDecelerationMetric: XCTOSSignpostMetric { XCTOSSignpostMetric("scrollDeceleration", measuring: XCTClockMetric()) }
    /// A scroll's dragging, measured as the block's wall-clock time.
    public static var scrollDraggingMetric: XCTOSSignpostMetric { XCTOSSignpostMetric("scrollDragging", measuring: XCTClockMetric()) }
    /// A navigation transition, measured as the block's wall-clock time.
    public static var navigationTransitionMetric: XCTOSSignpostMetric { XCTOSSignpostMetric("navigationTransition", measuring: XCTClockMetric()) }
    /// A custom navigation transition, measured as the block's wall-clock time.
    public static var customNavigationTransitionMetric: XCTOSSignpostMetric {
        XCTOSSignpostMetric("customNavigationTransition", measuring: XCTClockMetric())
    }

    public var reportedName: String { "Duration (\(name), measured as \(measured.reportedName))" }
    public func willBeginMeasuring() { measured.willBeginMeasuring() }
    public func didStopMeasuring() -> Double { measured.didStopMeasuring() }
}

/// How `measure(metrics:options:block:)` runs the block.
public final class XCTMeasureOptions: NSObject, @unchecked Sendable {
    /// How many times the block runs (XCTest's default: 5).
    public var iterationCount = 5
    public override init() {}
    /// The default options.
    public static var `default`: XCTMeasureOptions { XCTMeasureOptions() }
}

extension XCTestCase {
    /// Runs `block` `options.iterationCount` times, recording each metric per iteration, and
    /// prints each metric's values and average as XCTest's `measure` does. Performance is only
    /// reported, never asserted (there are no baselines on Linux).
    public func measure(metrics: [any XCTMetric], options: XCTMeasureOptions = .default, block: () -> Void) {
        var values = Array(repeating: [Double](), count: metrics.count)
        for _ in 0..<max(1, options.iterationCount) {
            metrics.forEach { $0.willBeginMeasuring() }
            block()
            for (index, metric) in metrics.enumerated() { values[index].append(metric.didStopMeasuring()) }
        }
        for (metric, measured) in zip(metrics, values) {
            let average = measured.reduce(0, +) / Double(measured.count)
            print("\(name): measured [\(metric.reportedName)] average: \(String(format: "%.3f", average)), "
                + "values: [\(measured.map { String(format: "%.6f", $0) }.joined(separator: ", "))]")
        }
    }
}

/// The total time spent in `XCUIApplication.launch()` so far, for the launch metric.
enum LaunchClock {
    private static let spent = Mutex(Duration.zero)
    static var total: Duration { spent.withLock { $0 } }
    static func add(_ duration: Duration) { spent.withLock { $0 += duration } }
}
