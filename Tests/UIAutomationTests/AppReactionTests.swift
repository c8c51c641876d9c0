import Foundation
import Testing
import TestSupport
import UIAutomation

/// What users porting a public TodoMVC spec hit: a read straight after an action must see the
/// app's own answer to it; typed text is rendered before its Return; a check box behind its
/// label can be tapped; a coordinate of an element that is not there yet waits for it.
@Suite("The app's reaction to input")
struct AppReactionTests {
    @Test func aReadRightAfterTappingAHashRouteSeesTheNewRoute() async throws {
        try await withApp("/hash-filter") { (app) async throws in
            for round in 1...15 {
                try await app.links["Active"].tap()
                #expect(try await app.staticTexts["filter"].label == "active", "round \(round)")
                #expect(try await app.descendants(matching: .cell).count == 1, "round \(round)")
                try await app.links["Completed"].tap()
                #expect(try await app.descendants(matching: .cell).count == 2, "round \(round)")
                try await app.links["All"].tap()
                #expect(try await app.staticTexts["filter"].label == "all", "round \(round)")
            }
        }
    }

    @Test func textIsRenderedBeforeItsReturnIsPressed() async throws {
        try await withApp("/render-before-return") { (app) async throws in
            let field = app.textFields["new"]
            try await field.typeText("Buy milk\n")
            #expect(try await app.staticTexts["log"].label == "none")
            #expect(try await app.staticTexts["Buy milk"].exists)
            #expect((try await field.value ?? "").isEmpty)
            // Two lines in one call: each is rendered before its Return.
            try await field.typeText("Eggs\nBread\n")
            #expect(try await app.descendants(matching: .cell).count == 3)
        }
    }

    @Test func aCheckBoxBehindItsOwnLabelIsTappedThroughTheLabel() async throws {
        try await withApp("/label-covers-checkbox") { (app) async throws in
            try await app.checkBoxes["terms"].tap()
            #expect(try await app.checkBoxes["terms"].value == "1")
            // Anything else on top still stops the tap.
            let error = try #require(await #expect(throws: UIAutomationError.self) { try await app.checkBoxes["other"].tap(timeout: 0.4) })
            #expect(error.reason.kind == .notHittable, "\(error)")
            #expect("\(error)".contains("cover"), "\(error)")
        }
    }

    @Test func aCoordinateTapWaitsForItsElement() async throws {
        try await withApp("/late-target") { (app) async throws in
            try await app.buttons["late"].coordinate(withNormalizedOffset: Vector(dx: 0.5, dy: 0.5)).tap()
            #expect(try await app.staticTexts["log"].label == "tapped")
        }
        // One that never comes fails naming it, after the action timeout.
        var quick = Configuration()
        quick.actionTimeout = .milliseconds(500)
        try await withConfiguredApp("/late-target", quick) { (app) async throws in
            let error = try #require(await #expect(throws: UIAutomationError.self) {
                try await app.buttons["never"].coordinate(withNormalizedOffset: Vector(dx: 0.5, dy: 0.5)).tap()
            })
            #expect(error.reason == .noMatch, "\(error)")
            #expect("\(error)".contains("app.buttons[\"never\"]"), "\(error)")
        }
    }

    @Test func didYouMeanFindsTypos() async throws {
        var quick = Configuration()
        quick.actionTimeout = .milliseconds(300)
        try await withConfiguredApp("/near-texts", quick) { (app) async throws in
            let typo = try #require(await #expect(throws: UIAutomationError.self) { try await app.buttons["Steven Spielburg"].tap() })
            #expect(typo.suggestions.contains { $0.contains("its label is \"Steven Spielberg\", a near spelling of \"Steven Spielburg\"") },
                    "\(typo.suggestions)")
            // A `role="status"` message's text is a static text of its own.
            #expect(try await app.staticTexts["Saved"].exists)
        }
    }

    @Test func waitForExistenceThatAnswersFalseKeepsWhatTheQuerySaw() async throws {
        let observer = AttachmentCollector()
        try await Recording.withObservers([observer]) {
            try await withApp("/near-texts") { (app) async throws in
                #expect(try await app.buttons["Steven Spielburg"].waitForExistence(timeout: 0.2) == false)
                #expect(try await app.buttons["Steven Spielberg"].waitForExistence(timeout: 0.2) == true)
            }
        }
        let names = observer.attachments.map(\.name)
        #expect(names.count == 2, "\(names)")
        #expect(names.allSatisfy { $0.hasPrefix("AppReactionTests-swift-") }, "named after the caller's line: \(names)")
        let text = observer.attachments.first { $0.name.hasSuffix(".txt") }?.text ?? ""
        #expect(text.contains("waitForExistence(timeout: 0.2) answered false"), "\(text)")
        #expect(text.contains("a near spelling of \"Steven Spielburg\""), "\(text)")
        #expect(text.contains("Element tree:"), "\(text)")
        #expect(observer.attachments.first { $0.name.hasSuffix(".png") }?.data?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
    }
}

/// Collects what a test attaches.
final class AttachmentCollector: StepObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [TextAttachment] = []
    var attachments: [TextAttachment] { lock.withLock { collected } }
    var captures: StepCaptures { [] }
    func stepDidFinish(_ event: StepEvent) -> [String] { [] }
    func testDidAttach(_ attachment: TextAttachment) { lock.withLock { collected.append(attachment) } }
}
