import Foundation
import Testing
import UIAutomation

/// A form submission starts its navigation in a task after the click, and the browser can
/// report it after the page has answered "idle": the tap must still wait for the next page.
/// (Before the page instrumentation counted submissions, about one such read in 270 was of
/// the old page in the Movie Trivia suite.)
@Suite("Form submissions")
struct FormSubmissionTests {
    @Test func theQueryAfterATapThatSubmitsAFormReadsTheNextPage() async throws {
        try await withApp("/submit") { (app) async throws in
            for round in 1...20 {
                try await app.buttons["send"].tap()
                let there = try await app.staticTexts["title"].label
                #expect(there == "Submitted", "round \(round)")
                try await app.buttons["send"].tap()
                let back = try await app.staticTexts["title"].label
                #expect(back == "Submit", "round \(round)")
            }
        }
    }

    @Test func aCancelledSubmissionOrOneIntoAFrameDoesNotHoldTheTap() async throws {
        var configuration = Configuration()
        configuration.idleTimeout = .milliseconds(500)  // shorter than the 1 s a pending submission counts
        try await withConfiguredApp("/submit", configuration) { (app) async throws in
            try await app.buttons["cancelled"].tap()
            #expect(try await app.staticTexts["title"].label == "Cancelled")
            try await app.buttons["into-frame"].tap()
            #expect(try await app.staticTexts["title"].label == "Cancelled")
        }
    }
}
