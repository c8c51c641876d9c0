import Foundation

/// Whether every action's screenshot and element tree are recorded, as Playwright's trace is:
/// `LAB_TRACE=on|retain-on-failure|off` in the environment, or ``Recording/traceMode``.
public enum TraceMode: String, Sendable, CaseIterable {
    /// No per-step screenshots (the default): only failures are captured.
    case off
    /// A screenshot and the element tree after every action, kept for every test.
    case on
    /// Recorded like `on`; the report keeps them for failing (and flaky) tests only.
    case retainOnFailure = "retain-on-failure"

    /// `LAB_TRACE`, or `.off` when it is unset or not one of the three values.
    public static var fromEnvironment: TraceMode {
        ProcessInfo.processInfo.environment["LAB_TRACE"].flatMap(TraceMode.init(rawValue:)) ?? .off
    }
}
