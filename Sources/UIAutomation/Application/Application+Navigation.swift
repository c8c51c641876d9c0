public import Foundation
import LabSupport

/// Web verbs on the running app: open another URL, reload, back and forward, keys.
///
/// Each keeps the launch's browser context (storage, cookies) and, like every action, returns
/// once the app is idle again: the navigation has loaded (or, within one document, been
/// reported), no request is in flight and nothing moves.
extension Application {
    /// Opens `url` in the running app, as XCUITest's `open(_:)` hands a URL to the app. A
    /// relative URL resolves against the URL the app was launched at (`"/detail/lion"`,
    /// `"?tab=2"`, `"#top"`); an absolute one is opened as it is. Throws
    /// ``UIAutomationError/Reason/invalidRequest(_:)`` for text that is no URL, and
    /// ``UIAutomationError/Reason/browser(_:)`` with `navigationFailed` when the browser cannot
    /// load it. `timeout` (seconds, default: the idle timeout) bounds the load.
    public func open(_ url: String, timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            let call = "app.open(\(SwiftLiteral.string(url)))"
            let base = try launchURL(for: call)
            guard let resolved = URL(string: url, relativeTo: URL(string: base))?.absoluteURL, resolved.scheme != nil else {
                throw UIAutomationError(query: call, reason: .invalidRequest("\(SwiftLiteral.string(url)) is not a URL"))
            }
            let driver = try driver(for: call)
            try await verbStep(call, timeout: timeout) { progress in try await driver.navigate(to: resolved.absoluteString, until: progress.deadline) }
        }
    }

    /// Opens `url` in the running app; see the `String` overload.
    public func open(_ url: URL, timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await open(url.absoluteString, timeout: timeout)
        }
    }

    /// Reloads the page, as a user pulling to refresh would: the document is loaded anew and
    /// its scripts run again, while the launch's storage and cookies stay (use ``launch(file:line:)``
    /// for a clean slate).
    public func reload(timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            let driver = try driver(for: "app.reload()")
            try await verbStep("app.reload()", timeout: timeout) { progress in try await driver.reload(until: progress.deadline) }
        }
    }

    /// Goes back one entry in the page's history, as the browser's back button does (a page
    /// of its own or a step made with `history.pushState` or a `#fragment`). Throws
    /// ``UIAutomationError/Reason/invalidRequest(_:)`` when there is nothing to go back to.
    public func goBack(timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await goThroughHistory(by: -1, call: "app.goBack()", timeout: timeout)
        }
    }

    /// Goes forward one entry in the page's history (after ``goBack(timeout:file:line:)``). Throws
    /// ``UIAutomationError/Reason/invalidRequest(_:)`` when there is nothing to go forward to.
    public func goForward(timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await goThroughHistory(by: 1, call: "app.goForward()", timeout: timeout)
        }
    }

    /// Presses `key` with `modifierFlags` held, in whatever has keyboard focus (the page
    /// itself if nothing has), as XCUITest's `XCUIApplication.typeKey(_:modifierFlags:)`
    /// does; then waits until the app is idle. See ``Element/typeKey(_:modifierFlags:timeout:file:line:)``.
    public func typeKey(_ key: Key, modifierFlags: ModifierFlags = [], file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            let call = "app.typeKey(\(key)\(modifierFlags.isEmpty ? "" : ", modifierFlags: " + modifierFlags.spelling))"
            try Self.validate(key, call: call)
            let driver = try driver(for: call)
            try await verbStep(call, timeout: nil) { progress in
                progress.enter("input")
                try await driver.typeKey(key, modifiers: modifierFlags)
                progress.enter("wait for idle")
                try await driver.waitForIdle(until: progress.deadline)
            }
        }
    }

    // MARK: Internals

    /// Throws `.invalidRequest` for a key that cannot be pressed.
    static func validate(_ key: Key, call: String) throws {
        guard key.isValid else {
            throw UIAutomationError(query: call, reason: .invalidRequest(
                "\(key) is not a key: use one character that is not a control character, or a named key such as .escape"))
        }
    }

    private func goThroughHistory(by offset: Int, call: String, timeout: TimeInterval?) async throws {
        let driver = try driver(for: call)
        let moved = try await verbStep(call, timeout: timeout) { progress in try await driver.goThroughHistory(by: offset, until: progress.deadline) }
        guard moved else {
            throw UIAutomationError(query: call, reason: .invalidRequest(
                "there is no page to go \(offset < 0 ? "back" : "forward") to in this launch's history"))
        }
    }

    /// Runs a verb as one call with one deadline (`timeout` seconds, else the idle timeout)
    /// for the navigation and the idle wait after it: browser errors become
    /// `UIAutomationError`s naming `call`, and a failure is recorded (screenshot and tree)
    /// like an action's.
    func verbStep<T>(_ call: String, timeout: TimeInterval?, _ body: (CallProgress) async throws -> T) async throws -> T {
        try await step(call, .action) {
            do {
                return try await CallProgress.run(call, limit: Configuration.limit(timeout, else: configuration.idleTimeout)) { progress in
                    try await perform(call) { try await body(progress) }
                }
            } catch let error as UIAutomationError {
                let named = error.query == "app" ? UIAutomationError(query: call, reason: error.reason, tree: error.tree) : error
                throw await recordFailure(named)
            }
        }
    }
}
