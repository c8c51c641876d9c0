import Foundation
import LabSupport

/// The web-only path to the page's own state: run JavaScript in it and read or change its
/// storage. XCUITest has nothing like it (an iOS app's state is not reachable from a test);
/// a web spec needs it to check what the app persisted (`localStorage`) or to read a value
/// no element shows. Prefer checks through elements; reach for these when the user-visible
/// result is the storage itself.
///
/// A script runs in the page's main frame, as `Runtime.evaluate` runs it: it is not an
/// action, so it neither waits until the app is idle before nor after (wrap a read in
/// ``wait(timeout:until:)`` to wait for a value).
extension Application {
    /// Evaluates the JavaScript expression `javaScript` in the page and returns its value,
    /// decoded as `T` from its JSON form (a promise is awaited first; `undefined` is `null`).
    ///
    /// ```swift
    /// let count = try await app.evaluate("JSON.parse(localStorage['todos']).length", as: Int.self)
    /// ```
    ///
    /// A script that throws is ``UIAutomationError/Reason/scriptFailed(_:)`` with the
    /// exception's message; a value that is not a `T` is
    /// ``UIAutomationError/Reason/unexpectedValue(expected:actual:)``.
    public func evaluate<T: Decodable & Sendable>(_ javaScript: String, as type: T.Type = T.self, file: StaticString = #filePath, line: UInt = #line) async throws -> T {
        try await called(file, line) {
            let call = "app.evaluate(\(SwiftLiteral.string(javaScript)))"
            let value = try await step(call, .read) { try await evaluateJSON(javaScript, call: call) }
            do {
                return try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
            } catch {
                throw await recordFailure(UIAutomationError(
                    query: call, reason: .unexpectedValue(expected: "a value of type \(T.self)", actual: value.description)))
            }
        }
    }

    /// Evaluates `javaScript` in the page for its effect (a promise is awaited); see
    /// ``evaluate(_:as:file:line:)``.
    public func run(javaScript: String, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            let call = "app.run(javaScript: \(SwiftLiteral.string(javaScript)))"
            _ = try await step(call, .action) { try await evaluateJSON(javaScript, call: call) }
        }
    }

    /// The page's `localStorage`: kept across ``reload(timeout:file:line:)`` and navigation within the
    /// launch, empty at every ``launch(file:line:)`` (each launch is a fresh browser context).
    public var localStorage: WebStorage { WebStorage(app: self, area: "localStorage") }

    /// The page's `sessionStorage` (this tab's, for the launch).
    public var sessionStorage: WebStorage { WebStorage(app: self, area: "sessionStorage") }

    /// Evaluates `javaScript` and returns its JSON value, failures named by `call`.
    func evaluateJSON(_ javaScript: String, call: String) async throws -> JSONValue {
        let driver = try driver(for: call)
        do {
            return try await perform(call) { try await driver.evaluate(javaScript) }
        } catch let error as UIAutomationError {
            throw await recordFailure(error)
        }
    }
}

/// One of the page's Web Storage areas (`localStorage` or `sessionStorage`) of a running
/// app: strings by key, as the page's own scripts see them.
public struct WebStorage: Sendable {
    let app: Application
    /// `localStorage` or `sessionStorage`.
    let area: String

    /// The value stored under `key`, or `nil` when there is none.
    public func value(forKey key: String, file: StaticString = #filePath, line: UInt = #line) async throws -> String? {
        try await called(file, line) {
            try await app.step("app.\(area).value(forKey: \(SwiftLiteral.string(key)))", .read) {
                try await app.evaluate("\(area).getItem(\(Self.literal(key)))", as: String?.self)
            }
        }
    }

    /// The value under `key`, decoded from JSON as `T` (what apps that store JSON wrote), or
    /// `nil` when there is none. A value that is not JSON for a `T` throws
    /// ``UIAutomationError/Reason/unexpectedValue(expected:actual:)``.
    public func decoded<T: Decodable & Sendable>(_ type: T.Type, forKey key: String, file: StaticString = #filePath, line: UInt = #line) async throws -> T? {
        try await called(file, line) {
            guard let text = try await value(forKey: key) else { return nil }
            do {
                return try JSONDecoder().decode(T.self, from: Data(text.utf8))
            } catch {
                throw await app.recordFailure(UIAutomationError(
                    query: "app.\(area).decoded(\(T.self).self, forKey: \(SwiftLiteral.string(key)))",
                    reason: .unexpectedValue(expected: "JSON for a \(T.self)", actual: text)))
            }
        }
    }

    /// Every key, in the storage's order.
    public var keys: [String] {
        get async throws {
            try await app.evaluate("Array.from({ length: \(area).length }, (_, i) => \(area).key(i))", as: [String].self)
        }
    }

    /// Stores `value` under `key` (as the page's own `setItem` would; the page sees no event).
    public func setValue(_ value: String, forKey key: String, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await app.step("app.\(area).setValue(\(SwiftLiteral.string(value)), forKey: \(SwiftLiteral.string(key)))", .action) {
                try await app.run(javaScript: "\(area).setItem(\(Self.literal(key)), \(Self.literal(value)))")
            }
        }
    }

    /// Removes the value under `key`, if any.
    public func removeValue(forKey key: String, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await app.step("app.\(area).removeValue(forKey: \(SwiftLiteral.string(key)))", .action) {
                try await app.run(javaScript: "\(area).removeItem(\(Self.literal(key)))")
            }
        }
    }

    /// Removes every value.
    public func removeAll(file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await app.step("app.\(area).removeAll()", .action) { try await app.run(javaScript: "\(area).clear()") }
        }
    }

    /// `text` as a JavaScript string literal.
    static func literal(_ text: String) -> String { PageScripts.string(text) }
}
