import Foundation
import Recorder
import Testing
import UIAutomation
import TestSupport

/// A public app this project did not write: TodoMVC (tastejs/todomvc, its TypeScript + React
/// example), fetched and served by scripts/record-todomvc — never part of this repository, so
/// this runs only when that script gives it `TODOMVC_URL`. Adding, completing and filtering
/// todos is recorded; the script then compiles and runs the file written here
/// (`LAB_RECORD_OUTPUT`, async Swift Testing: TodoMVC's check boxes are plain ones, which
/// UIAutomation's toggle helpers turn directly) as a test of RecordedAsyncTests.
@Suite("Recording TodoMVC", .enabled(if: ProcessInfo.processInfo.environment["TODOMVC_URL"] != nil && VirtualDisplay.isAvailable), .heavyWork)
struct TodoMVCRecordingTests {
    static var url: String { ProcessInfo.processInfo.environment["TODOMVC_URL"] ?? "" }

    @Test func addCompleteAndFilterTodos() async throws {
        let steps = try await RecordingHarness.record(URLHost(Self.url)) { app, session, _ in
            let newTodo = app.textFields["What needs to be done?"]
            try await session.after { try await newTodo.tap() }
            try await session.after { try await newTodo.typeText("Buy milk\n") }
            try await session.after { try await newTodo.typeText("Walk the dog\n") }
            try await session.after { try await app.checkBoxes.matching(css: ".toggle").element(boundBy: 0).tap() }
            try await session.after { try await app.links["Active"].tap() }
            try await session.after { try await app.staticTexts["Walk the dog"].hover() }
            try await session.after { try await app.typeKey("e", modifierFlags: [.option, .shift]) }
            try await session.after { try await app.links["Completed"].tap() }
            try await session.after { try await app.staticTexts["Buy milk"].hover() }
            try await session.after { try await app.typeKey("l", modifierFlags: [.option, .shift]) }
        }
        let app = RecordedApp(
            name: "TodoMVC (tastejs/todomvc, examples/typescript-react)", applicationExpression: "Application(url: TodoMVC.url)",
            xcuitestTargetHint: "TargetApplication.url(TODOMVC_URL)")
        let code = CodeGenerator(format: .uiautomation, app: app, testName: "recordedTodoMVC").file(steps)
        print(code)
        #expect(!steps.contains { if case .notRecorded = $0 { return true } else { return false } })
        if let output = ProcessInfo.processInfo.environment["LAB_RECORD_OUTPUT"] {
            try code.write(toFile: output, atomically: true, encoding: .utf8)
        }
    }
}
