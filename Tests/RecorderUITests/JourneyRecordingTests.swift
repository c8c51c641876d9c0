import AnimalsApp
import Foundation
import LabTesting
import Recorder
import Testing
import TestSupport
import TogglesApp
import TriviaApp
import UIAutomation

/// The seeds' journeys recorded in a headed Chromium on a virtual display, with real input on
/// that window (DevTools `Input` events: trusted, as a person's): the code written must be
/// exactly the file checked in under Tests/RecordedXCUITests, which the suite compiles and runs
/// as plain XCUITest (and RecordedBrokenAppTests runs against broken apps, where it must fail).
///
/// `LAB_RECORD_GOLDEN=1` writes the files instead of comparing (after a deliberate change).
@Suite("Recording the seeds' journeys", .enabled(if: VirtualDisplay.isAvailable, "needs Xvfb and a full chromium (scripts/ensure-xvfb)"), .heavyWork)
struct JourneyRecordingTests {
    typealias ID = AnimalsIdentifiers

    static let animals = RecordedApp.labApp("animals", title: "Automation Animals", module: "AnimalsApp", appExpression: "AnimalsApp()")
    static let toggles = RecordedApp.labApp("toggles", title: "Toggles", module: "TogglesApp", appExpression: "TogglesApp()")
    static let trivia = RecordedApp.labApp("trivia", title: "Movie Trivia", module: "TriviaApp", appExpression: "try TriviaApp()")

    /// Compares the file written from `steps` with the checked-in one: XCUITest in
    /// RecordedXCUITests, the other formats in RecordedAsyncTests.
    private func expectGolden(
        _ steps: [RecordedStep], app: RecordedApp, type: String, format: RecordingFormat = .xcuitest, testName: String = "testRecordedJourney",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let code = CodeGenerator(format: format, app: app, typeName: type, testName: testName).file(steps)
        let folder = format == .xcuitest ? "RecordedXCUITests" : "RecordedAsyncTests"
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("\(folder)/\(type).swift").path
        if ProcessInfo.processInfo.environment["LAB_RECORD_GOLDEN"] == "1" {
            try code.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOfFile: path, encoding: .utf8)
        #expect(code == golden, "the recording differs from \(path):\n\(code)", sourceLocation: sourceLocation)
    }

    /// Points at `element` and presses Alt+Shift+`letter` (E exists, L label, V value).
    private func assertWhileRecording(_ letter: Character, _ element: Element, _ app: Application, _ session: RecordingSession) async throws {
        try await element.hover()
        try await session.after { try await app.typeKey(Key(letter), modifierFlags: [.option, .shift]) }
    }

    @Test func firstLaunchEveryAnimalOpensItsDetailAndFavouritesOnlyShowsNone() async throws {
        let steps = try await RecordingHarness.record(LabAppHost(app: AnimalsApp())) { app, session, _ in
            try await session.after { try await app.cells[ID.cell("lion")].tap() }
            try await assertWhileRecording("l", app.staticTexts[ID.detailName], app, session)
            try await assertWhileRecording("e", app.buttons[ID.favoriteButton], app, session)
            try await session.after { try await app.buttons[ID.backButton].tap() }
            try await session.after { try await app.buttons[ID.favoritesToggle].tap() }
            try await assertWhileRecording("l", app.staticTexts[ID.emptyState], app, session)
        }
        #expect(steps.first == .tap(#"app.cells["animals.cell.lion"]"#))
        #expect(steps.contains(.assertLabel(#"app.staticTexts["animals.detail.name"]"#, equals: "Lion")))
        try expectGolden(steps, app: Self.animals, type: "RecordedFirstLaunchUITests")
    }

    @Test func favouritingShowsAStarOnTheDetailAndInTheGallery() async throws {
        var window: Screenshot?
        var soFar: [RecordedStep] = []
        let steps = try await RecordingHarness.record(LabAppHost(app: AnimalsApp())) { app, session, _ in
            try await session.after { try await app.cells[ID.cell("zebra")].tap() }
            try await session.after { try await app.buttons[ID.favoriteButton].tap() }
            try await assertWhileRecording("e", app.images[ID.detailStar], app, session)
            try await assertWhileRecording("l", app.buttons[ID.favoriteButton], app, session)
            window = try await app.screenshot()
            soFar = await session.finishedSteps
            try await session.after { try await app.buttons[ID.backButton].tap() }
            try await assertWhileRecording("e", app.images[ID.cellStar("zebra")], app, session)
        }
        try expectGolden(steps, app: Self.animals, type: "RecordedFavoritingUITests")
        // docs/recorder.md's picture: the window mid-recording beside what `lab record` printed.
        let shot = try await RecordingScreenshot.shoot(window: try #require(window), steps: soFar, app: Self.animals)
        #expect(shot.isPNG)
    }

    @Test func filteringByTwoTagsThenClearingAll() async throws {
        let steps = try await RecordingHarness.record(LabAppHost(app: AnimalsApp())) { app, session, _ in
            try await session.after { try await app.buttons[ID.filterButton].tap() }
            try await session.after { try await app.cells[ID.filterRow("stripes")].tap() }
            try await session.after { try await app.cells[ID.filterRow("farm")].tap() }
            try await session.after { try await app.buttons[ID.doneButton].tap() }
            try await session.after { try await app.cells[ID.cell("zebra")].tap() }
            try await assertWhileRecording("l", app.staticTexts[ID.detailName], app, session)
            try await session.after { try await app.buttons[ID.backButton].tap() }
            try await session.after { try await app.buttons[ID.filterButton].tap() }
            try await session.after { try await app.buttons[ID.clearAllButton].tap() }
            try await session.after { try await app.buttons[ID.doneButton].tap() }
            try await assertWhileRecording("e", app.cells[ID.cell("lion")], app, session)
        }
        try expectGolden(steps, app: Self.animals, type: "RecordedFilteringUITests")
    }

    @Test func movieTriviaWrongAnswersThenTheRightOneThenTheNextQuestion() async throws {
        let steps = try await RecordingHarness.record(LabAppHost(app: try TriviaApp())) { app, session, _ in
            try await assertWhileRecording("l", app.staticTexts.matching(identifier: "QuestionTitle").element, app, session)
            try await session.after { try await app.buttons.matching(identifier: "AnswerA").element.tap() }
            try await session.after { try await app.buttons.matching(identifier: "AnswerC").element.tap() }
            try await session.after { try await app.buttons.matching(identifier: "AnswerB").element.tap() }
            try await session.after { try await app.buttons.matching(identifier: "NextQuestion").element.tap() }
            try await assertWhileRecording("l", app.staticTexts.matching(identifier: "QuestionTitle").element, app, session)
        }
        try expectGolden(steps, app: Self.trivia, type: "RecordedMovieTriviaUITests")
        try expectGolden(steps, app: Self.trivia, type: "RecordedMovieTriviaAsync", format: .uiautomation, testName: "recordedMovieTrivia")
        try expectGolden(steps, app: Self.trivia, type: "RecordedMovieTriviaFlow", format: .flow, testName: "recordedMovieTriviaFlow")
    }

    @Test func togglesAreTurnedWithTheToggleHelpersAndADeadRowTapIsATap() async throws {
        typealias TID = TogglesIdentifiers
        let steps = try await RecordingHarness.record(LabAppHost(app: TogglesApp())) { app, session, _ in
            try await session.after { try await app.links[TID.togglesRow].tap() }
            // The inner switch of a SwiftUI-style row: the recorder names the row's toggle.
            try await session.after { try await app.switches[TID.toggleSwitch("airplaneMode")].tap() }
            // The row's centre: nothing reacts, and that is what is recorded.
            try await session.after { try await app.switches[TID.toggle("bluetooth")].tap() }
            try await session.after { try await app.switches[TID.toggleSwitch("wifi")].tap() }
            try await assertWhileRecording("v", app.switches[TID.toggle("wifi")], app, session)
        }
        #expect(steps.contains(.toggle(#"app.switches["toggles.toggle.airplaneMode"]"#, on: true)))
        try expectGolden(steps, app: Self.toggles, type: "RecordedTogglesAsync", format: .uiautomation, testName: "recordedToggles")
    }
}
