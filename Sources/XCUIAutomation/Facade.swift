import Foundation
import UIAutomation

/// Where a facade call was written, for failures recorded at the caller's line (XCTest takes
/// a `StaticString` file; UIAutomation's ``CallSite`` is the same place for its errors).
struct CallerLine: Sendable {
    let file: StaticString
    let line: UInt

    var site: CallSite { CallSite(file: file, line: line) }
}

/// The one path every facade call takes: skipped once the test has stopped
/// (`continueAfterFailure = false`), run blocking the caller, and a failure recorded at the
/// caller's file and line with UIAutomation's message — after which the call returns
/// `fallback`, as an XCUITest call returns after recording its failure.
enum Facade {
    /// The longest any one call may block before it is given up on: beyond every timeout a
    /// call can be configured with, so it only catches a call that would otherwise hang.
    static func backstop(_ configuration: Configuration?) -> Duration {
        let c = configuration ?? Configuration()
        return c.launchTimeout + c.actionTimeout + c.idleTimeout + c.responseTimeout * 3 + .seconds(60)
    }

    /// `waiting` extends the backstop by a wait's own timeout (`waitForExistence(timeout: 120)`).
    static func call<T: Sendable>(_ name: @autoclosure () -> String, at site: CallerLine, configuration: Configuration?,
                                  waiting: TimeInterval = 0, fallback: T, _ body: @escaping @Sendable () async throws -> T) -> T {
        if TestRun.shared.isHalted { return fallback }
        TestRun.shared.noteCall()
        do {
            return try Blocking.run(name(), limit: backstop(configuration) + .seconds(max(0, min(waiting, 86_400)))) {
                try await CallSite.run(at: site.site) { try await body() }
            }
        } catch {
            TestRun.shared.recordFailure(error, file: site.file, line: site.line)
            return fallback
        }
    }

    /// Records a failure of the facade itself.
    static func fail(_ error: any Error, at site: CallerLine) {
        if TestRun.shared.isHalted { return }
        TestRun.shared.recordFailure(error, file: site.file, line: site.line)
    }
}
