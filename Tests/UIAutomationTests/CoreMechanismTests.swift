import Foundation
import Synchronization
import Testing
import UIAutomation

/// The core's mechanisms, each in one place (issue 22): one deadline per call, one hit test,
/// one predicate key table, one Swift-literal printer, handles owned by one call.
@Suite("Core mechanisms")
struct CoreMechanismTests {
    // MARK: One deadline per call

    @Test func anActionWhoseIdleWaitRunsPastItsBudgetFailsAtTheOriginalDeadline() async throws {
        var configuration = Configuration()
        configuration.idleTimeout = .seconds(60)
        try await withConfiguredApp("/core/slow-idle", configuration) { (app) async throws in
            // The tap starts a 30 s slide. The idle wait used to get a fresh idle timeout (here
            // 60 s) after the checks, so the tap passed after 30 s; now it has what is left of
            // the call's 3 s, and fails waiting for idle.
            let error = try await #require(throws: UIAutomationError.self) {
                try await app.buttons["go"].tap(timeout: 3)
            }
            // A machine so loaded that the tap itself took the 3 s: it failed at its one
            // deadline before the idle wait, and there is no idle wait to check.
            guard error.phases.contains("wait for idle") else { return }
            guard let waitingFor = error.reason.waitingFor, case let last = error.reason.lastProblem else {
                Issue.record("expected a timeout, got \(error.reason)")
                return
            }
            #expect(waitingFor == "the app to become idle")
            #expect(last?.contains("layout-moving animation") == true)
            #expect(error.phases == ["resolve", "actionability", "input", "wait for idle"])
            #expect(error.description.contains("[phases: resolve → actionability → input → wait for idle]"))
        }
    }

    @Test func isHittableAndTapAgreeOnAnElementTallerThanTheScreen() async throws {
        try await withApp("/core/tall") { (app) async throws in
            let tall = app.buttons["tall"]
            // Its centre (y = 1000) is below the 852-point screen; a tap aims at the part on
            // screen. isHittable used to test the centre only and said false.
            #expect(try await tall.isHittable)
            #expect(try await tall.evaluate(.isHittable))
            try await tall.tap()
            #expect(try await tall.label == "Tapped")
        }
    }

    @Test func tapsReachControlsInsideAnOpenShadowRoot() async throws {
        try await withApp("/core/shadow") { (app) async throws in
            let inner = app.buttons["inner"]
            #expect(try await inner.isHittable)
            try await inner.tap(timeout: 3)  // was: "not hittable: todo-app receives touches at its centre"
            #expect(try await app.staticTexts["log"].label == "inner tapped")
            let done = app.checkBoxes["done"]
            try await done.setSwitch(on: true, timeout: 3)
            try await done.checkToggleIsOn()
        }
    }

    @Test func theCoverIsNamedByTheConfiguredIdentifierAttribute() async throws {
        var configuration = Configuration()
        configuration.identifierAttribute = "data-qa"
        try await withConfiguredApp("/core/covered", configuration) { (app) async throws in
            let save = app.buttons["save"]
            #expect(try await !save.isHittable)
            let error = try await #require(throws: UIAutomationError.self) {
                try await save.tap(timeout: 0.3)
            }
            guard let cover = error.reason.coveredBy else {
                Issue.record("expected notHittable, got \(error.reason)")
                return
            }
            #expect(cover.hasPrefix("div \"scrim\""))
        }
    }

    // MARK: One predicate key table

    @Test func anUnknownKeyIsASyntaxErrorNamingItNotATimeout() async throws {
        try await withApp("/basics") { (app) async throws in
            let typo = try ElementPredicate(format: "lable == 'Save'")
            let error = try await #require(throws: PredicateSyntaxError.self) {
                try await app.buttons.firstMatch.wait(for: typo, timeout: 5)
            }
            #expect(error.found.contains("lable"))
            await #expect(throws: PredicateSyntaxError.self) { try await app.buttons.matching(typo).count }
            await #expect(throws: PredicateSyntaxError.self) { try await app.buttons.firstMatch.expect(typo, timeout: 5) }
        }
    }

    @Test func aMissingElementAnswersEveryAliasAlike() async throws {
        try await withApp("/basics") { (app) async throws in
            let missing = app.buttons["no such button"]
            for key in ["exists", "isEnabled", "enabled", "isSelected", "selected", "hasFocus", "hasKeyboardFocus", "isHittable", "hittable"] {
                #expect(try await missing.evaluate(try ElementPredicate(format: "\(key) == false")), "\(key)")
            }
            #expect(try await missing.evaluate(try ElementPredicate(format: "label == nil")))
        }
    }

    // MARK: Fields and names

    @Test func anEmptyTextFieldReadsItsPlaceholderElseAnEmptyString() async throws {
        try await withApp("/core/fields") { (app) async throws in
            #expect(try await app.textFields["empty-placeholder"].value == "Find a message")
            #expect(try await app.textFields["empty"].value == "")
            #expect(try await app.textFields["filled"].value == "Paris")
            try await app.textFields["empty"].typeText("Ada")
            #expect(try await app.textFields["empty"].value == "Ada")
        }
    }

    @Test func aLabelMatchesWithoutItsDecorativeGlyph() async throws {
        try await withApp("/core/fields") { (app) async throws in
            let button = app.buttons["toggle-all"]
            #expect(try await button.label == "❯Mark all as complete")  // the accessible name keeps it
            #expect(try await app.buttons["Mark all as complete"].exists)
            #expect(try await app.buttons["❯Mark all as complete"].exists)
            #expect(try await !app.buttons["Mark all"].exists)
        }
    }

    @Test func stepNamesAreValidSwift() async throws {
        let collector = NameCollector()
        try await withApp("/core/fields") { (app) async throws in
            try await Recording.withObservers([collector]) {
                try await app.textFields["empty"].typeText("a\tb\"c\\")
                _ = try await app.staticTexts["nothing \u{1}"].waitForExistence(timeout: 0)
            }
        }
        #expect(collector.names.contains(#"app.textFields["empty"].typeText("a\tb\"c\\")"#))
        #expect(collector.names.contains(#"app.staticTexts["nothing \u{1}"].waitForExistence(timeout: 0.0)"#))
    }

    // MARK: Handles owned by one call

    @Test func concurrentCSSChainsNeverFreeEachOthersHandles() async throws {
        try await withApp("/core/css-chain") { (app) async throws in
            // Every CSS step used one shared object group, freed late from a background task:
            // one chain could free the next one's handles ("Could not find object with given id").
            let done = app.cells.matching(css: "li.item").matching(css: ".done")
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        var total = 0
                        for _ in 0..<5 { total += try await done.count }
                        return total
                    }
                }
                for try await total in group { #expect(total == 30) }
            }
        }
    }

    @Test func expectationsDefaultToTheConfiguredTimeout() async throws {
        var configuration = Configuration()
        configuration.expectationTimeout = .milliseconds(200)
        try await withConfiguredApp("/basics", configuration) { (app) async throws in
            let error = try await #require(throws: UIAutomationError.self) {
                try await withExpectedFailures { try await app.buttons["no such button"].expect(.exists) }
            }
            guard let after = error.reason.timeout else {
                Issue.record("expected a timeout, got \(error.reason)")
                return
            }
            #expect(after < .seconds(5))  // the old fixed default
        }
    }
}

/// Collects step names.
private final class NameCollector: StepObserver {
    private let collected = Mutex<[String]>([])
    var captures: StepCaptures { [] }
    func stepDidFinish(_ event: StepEvent) -> [String] {
        collected.withLock { $0.append(event.name) }
        return []
    }
    var names: [String] { collected.withLock { $0 } }
}
