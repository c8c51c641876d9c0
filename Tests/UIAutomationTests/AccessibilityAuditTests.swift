import Foundation
import Testing
import UIAutomation

/// The accessibility audit on its fixture page (`AuditFixturePage`): the page passes as it is,
/// and each thing broken on it makes its issue appear, on the right element; the issue handler
/// returning `true` ignores it.
@Suite("Accessibility audit")
struct AccessibilityAuditTests {
    /// The issues of `types` on the fixture page broken by `breaks`.
    private func issues(_ breaks: [String], _ types: AccessibilityAuditType = .all) async throws -> [AccessibilityAuditIssue] {
        var found: [AccessibilityAuditIssue] = []
        try await withApp("/audit?" + breaks.joined(separator: "&")) { (app) async throws in
            found = try await app.accessibilityAuditIssues(for: types)
        }
        return found
    }

    @Test func theFixturePagePassesEveryAudit() async throws {
        try await withApp("/audit") { (app) async throws in
            #expect(try await app.accessibilityAuditIssues().map(\.description) == [])
            try await app.performAccessibilityAudit()
        }
    }

    @Test func removingALabelIsAnElementWithoutDescription() async throws {
        let found = try await issues(["unlabelled"])
        #expect(found.map(\.auditType) == [.sufficientElementDescription], "\(found)")
        #expect(found.first?.elementSnapshot?.identifier == "save")
        #expect(found.first?.compactDescription == "Element has no description")
    }

    @Test func aNameOfOnlyAGlyphIsNoDescription() async throws {
        let found = try await issues(["decorative"], .sufficientElementDescription)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.detailedDescription.contains("only decoration") == true)
    }

    @Test func loweringAContrastIsAContrastIssue() async throws {
        let found = try await issues(["faint"])
        #expect(found.map(\.auditType) == [.contrast], "\(found)")
        #expect(found.first?.elementSnapshot?.identifier == "note")
        #expect(found.first?.detailedDescription.contains("2.32:1 of #aaaaaa on #ffffff is below 4.5:1") == true, "\(found)")
    }

    @Test func shrinkingAButtonIsAHitRegionIssueOnTouchDevicesOnly() async throws {
        let found = try await issues(["small"])
        #expect(found.map(\.auditType) == [.hitRegion], "\(found)")
        #expect(found.first?.elementSnapshot?.identifier == "save")
        #expect(found.first?.detailedDescription.contains("30×30 pt is smaller than 44×44 pt") == true, "\(found)")
        var desktop = Configuration()
        desktop.device = .desktop
        try await withConfiguredApp("/audit?small", desktop) { (app) async throws in
            #expect(try await app.accessibilityAuditIssues(for: .hitRegion).isEmpty, "no touch, no touch targets")
        }
    }

    @Test func clickableDivsClippedTextDuplicatesAndHiddenControlsAreFound() async throws {
        let found = try await issues(["clickable", "clipped", "duplicate", "hidden"])
        let byType = Dictionary(grouping: found, by: \.auditType)
        #expect(byType[.trait]?.first?.detailedDescription.contains("has a click handler but no interactive role") == true, "\(found)")
        #expect(byType[.textClipped]?.first?.elementSnapshot?.identifier == "title", "\(found)")
        #expect(byType[.duplicateIdentifier]?.first?.elementSnapshot?.label == "Save a copy", "\(found)")
        #expect(byType[.elementDetection]?.first?.detailedDescription.contains("aria-hidden") == true, "\(found)")
        #expect(Set(byType.keys) == [.trait, .textClipped, .duplicateIdentifier, .elementDetection], "\(found)")
    }

    @Test func theAuditFailsListingItsIssuesAndTheHandlerIgnoresThem() async throws {
        try await withApp("/audit?faint&small") { (app) async throws in
            do {
                try await withExpectedFailures { try await app.performAccessibilityAudit() }
                Issue.record("the audit passed")
            } catch let error as UIAutomationError {
                guard error.reason.kind == .accessibilityIssues, case let lines = error.reason.issues else { throw error }
                #expect(lines.count == 2, "\(lines)")
                #expect(error.description.contains("2 accessibility issues:\n  - [contrast] StaticText"), "\(error)")
            }
            var handled: [AccessibilityAuditType] = []
            try await app.performAccessibilityAudit(for: [.contrast, .hitRegion]) { issue in
                handled.append(issue.auditType)
                return true
            }
            #expect(Set(handled) == [.contrast, .hitRegion])
            // Only what the handler leaves fails the audit.
            await #expect(throws: UIAutomationError.self) {
                try await withExpectedFailures { try await app.performAccessibilityAudit { $0.auditType == .contrast } }
            }
            try await app.performAccessibilityAudit(for: .hitRegion) { $0.elementSnapshot?.identifier == "save" }
        }
    }

    @Test func anIssuesElementFindsItsElement() async throws {
        try await withApp("/audit?small") { (app) async throws in
            let issue = try #require(try await app.accessibilityAuditIssues(for: .hitRegion).first)
            let element = try #require(issue.element)
            #expect(try await element.identifier == "save")
            #expect(element.description == "app.buttons.element(boundBy: 0)")
        }
    }
}
