import Foundation

/// What one launch of a lab app was given: XCUITest-style launch arguments
/// (`-favorites lion,zebra`) and environment (`LAB_FAVORITES=lion,zebra`).
public struct LaunchOptions: Sendable, Equatable {
    /// The launch arguments, in order.
    public var arguments: [String]
    /// The launch environment.
    public var environment: [String: String]

    /// Options with `arguments` and `environment`.
    public init(arguments: [String] = [], environment: [String: String] = [:]) {
        self.arguments = arguments
        self.environment = environment
    }

    /// The value after the last `-name` argument (`-favorites lion`), if any.
    public func argument(_ name: String) -> String? {
        let flag = name.hasPrefix("-") ? name : "-" + name
        guard let index = arguments.lastIndex(of: flag), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    /// The value of argument `-name`, else of environment variable `variable`.
    public func value(argument name: String, environment variable: String) -> String? {
        argument(name) ?? environment[variable]
    }

    /// A comma-separated list from argument `-name` or environment `variable` (argument
    /// first); `nil` when neither is given. Blank items are dropped.
    public func list(argument name: String, environment variable: String) -> [String]? {
        guard let raw = value(argument: name, environment: variable) else { return nil }
        return raw.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// A boolean from argument `-name` or environment `variable`: YES/true/1 are true.
    public func flag(argument name: String, environment variable: String) -> Bool {
        guard let raw = value(argument: name, environment: variable)?.lowercased() else { return false }
        return ["yes", "true", "1", "on"].contains(raw)
    }
}
