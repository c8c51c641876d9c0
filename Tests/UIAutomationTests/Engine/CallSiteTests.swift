import Foundation
import Testing
import UIAutomationTesting

@testable import UIAutomation

/// A failed call names the line of the test that made it (``CallSite``), and the
/// `.uiAutomation` trait records the issue there: on the mock engine, without a browser.
@Suite("Where a failure is reported")
struct CallSiteTests {
    private static func app(actionTimeout: Duration = .milliseconds(150)) async throws -> Application {
        let engine = MockPageEngine(tree: MockElement.page([MockElement(type: .button, identifier: "save", label: "Save")]))
        let app = Application.mocked(engine) { $0.actionTimeout = actionTimeout }
        try await app.launch()
        return app
    }

    @Test func aFailedActionCarriesTheFileAndLineOfItsCall() async throws {
        let app = try await Self.app()
        let line = #line + 1
        let error = try await #require(throws: UIAutomationError.self) { try await app.buttons["missing"].tap() }
        #expect(error.callSite == CallSite(filePath: #filePath, line: line))
        #expect(error.description.contains("(called at CallSiteTests.swift:\(line))"))
    }

    @Test func aRefusedRequestAndAFailedExpectationCarryTheirLinesToo() async throws {
        let app = try await Self.app()
        let typeLine = #line + 1
        let typeError = try await #require(throws: UIAutomationError.self) { try await app.buttons["save"].typeText("\u{1b}") }
        #expect(typeError.callSite?.line == typeLine)
        let expectLine = #line + 1
        let expectError = try await #require(throws: UIAutomationError.self) { try await app.buttons["save"].expect(.label == "Cancel", timeout: 0.1) }
        #expect(expectError.callSite?.line == expectLine)
    }

    /// A helper made of other calls (here a toggle helper that reads and taps) reports the
    /// test's call, not the lines inside the helper.
    @Test func theOutermostCallIsTheSite() async throws {
        let app = try await Self.app()
        let line = #line + 1
        let error = try await #require(throws: UIAutomationError.self) { try await app.switches["missing"].turnSwitchOn(timeout: 0.1) }
        #expect(error.callSite == CallSite(filePath: #filePath, line: line))
    }

    /// The facade binds its caller's line first; calls inside keep it.
    @Test func aSiteBoundByTheCallerWins() async throws {
        let app = try await Self.app()
        let outer = CallSite(filePath: "/work/Tests/SomeUITests/Outer.swift", line: 7)
        let error = try await #require(throws: UIAutomationError.self) {
            try await CallSite.run(at: outer) { try await app.buttons["missing"].tap() }
        }
        #expect(error.callSite == outer)
    }

    /// A read (a property takes no site) inside a call with a site, as in a flow run, gets it.
    @Test func aFailureWithoutASiteOfItsOwnGetsTheSiteInForce() async throws {
        let app = try await Self.app()
        let outer = CallSite(filePath: "/work/Tests/SomeUITests/Flow.swift", line: 12)
        let error = try await #require(throws: UIAutomationError.self) {
            try await CallSite.run(at: outer) { _ = try await app.buttons["missing"].label }
        }
        #expect(error.callSite == outer)
        let bare = try await #require(throws: UIAutomationError.self) { _ = try await app.buttons["missing"].label }
        #expect(bare.callSite == nil)
    }

    @Test func theTraitRecordsTheIssueAtTheFailingCall() async throws {
        let app = try await Self.app()
        let line = #line + 3
        try await withKnownIssue {
            try await UIAutomationTrait().provideScope(for: Test.current!, testCase: nil) {
                try await app.buttons["missing"].tap()
            }
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "CallSiteTests.swift"
                && issue.sourceLocation?.moduleName == "UIAutomationTests"
        }
    }

    @Test func theTraitPassesOtherErrorsThrough() async throws {
        struct Unrelated: Error {}
        await #expect(throws: Unrelated.self) {
            try await UIAutomationTrait().provideScope(for: Test.current!, testCase: nil) { throw Unrelated() }
        }
    }
}
