@testable import Recorder
import Testing

@Suite("Code generator")
struct CodeGeneratorTests {
    let app = RecordedApp.labApp("animals", title: "Automation Animals", module: "AnimalsApp", appExpression: "AnimalsApp()")
    let steps: [RecordedStep] = [
        .tap(#"app.cells["animals.cell.lion"]"#),
        .typeText("Ada \"Lovelace\"\\\n\u{2028}é", into: #"app.textFields["name"]"#),
        .typeKey(.named("escape"), modifiers: [], on: nil),
        .typeKey(.character("a"), modifiers: [.command, .shift], on: #"app.textFields["name"]"#),
        .toggle(#"app.switches["wifi"]"#, on: true),
        .scroll(#"app.collectionViews["gallery"]"#, deltaX: 0, deltaY: 240.5),
        .open("/animals/detail/lion"),
        .goBack,
        .assertExists(#"app.images["star"]"#),
        .assertLabel(#"app.staticTexts["name"]"#, equals: "Lion"),
        .assertValue(#"app.switches["wifi"]"#, equals: "1"),
        .notRecorded("a press on\nnothing"),
    ]

    @Test func xcuitestIsACompleteTestCaseWithEveryStep() {
        let code = CodeGenerator(format: .xcuitest, app: app, typeName: "LionTests", testName: "testLion").file(steps)
        #expect(code.contains("import XCTest\nimport XCUIAutomation\n\nfinal class LionTests: XCTestCase {\n    func testLion() {\n"))
        #expect(code.contains(#"let app = XCUIApplication(bundleIdentifier: "org.automationlab.animals")"#))
        #expect(code.contains(#"app.textFields["name"].typeText("Ada \"Lovelace\"\\\n\u{2028}é")"#))
        #expect(code.contains("app.typeKey(XCUIKeyboardKey.escape, modifierFlags: [])"))
        #expect(code.contains(#"app.textFields["name"].typeKey("a", modifierFlags: [.command, .shift])"#))
        #expect(code.contains(#"turnSwitchOn(app.switches["wifi"])"#))
        #expect(code.contains(#"app.collectionViews["gallery"].scroll(byDeltaX: 0, deltaY: 240.5)"#))
        #expect(code.contains("// not recorded: opened /animals/detail/lion"))
        #expect(code.contains("// not recorded: went back"))
        #expect(code.contains(#"XCTAssertTrue(app.images["star"].waitForExistence(timeout: 5))"#))
        #expect(code.contains(#"XCTAssertTrue(app.staticTexts["name"].wait(for: \.label, toEqual: "Lion", timeout: 5))"#))
        #expect(code.contains(#"XCTAssertEqual(app.switches["wifi"].value as? String, "1")"#))
        // A comment stays on one line.
        #expect(code.contains(#"// not recorded: a press on\nnothing"#))
        #expect(code.hasSuffix("    }\n}\n"))
    }

    @Test func uiautomationIsAnAsyncSwiftTestingTest() {
        let code = CodeGenerator(format: .uiautomation, app: app, testName: "lion").file(steps)
        #expect(code.contains("import AnimalsApp\nimport LabTesting\nimport Testing\nimport UIAutomation\nimport UIAutomationTesting\n"))
        #expect(code.contains("@Test(.uiAutomation) func lion() async throws {\n    let app = Application(host: LabAppHost(app: AnimalsApp()))\n    try await app.launch()\n"))
        #expect(code.contains("try await app.typeKey(Key.escape, modifierFlags: [])"))
        #expect(code.contains(#"try await app.switches["wifi"].turnSwitchOn()"#))
        #expect(code.contains(#"try await app.open("/animals/detail/lion")"#))
        #expect(code.contains("try await app.goBack()"))
        #expect(code.contains(#"#expect(try await app.staticTexts["name"].wait(for: \.label, toEqual: "Lion", timeout: 5))"#))
        #expect(code.hasSuffix("    await app.terminate()\n}\n"))
    }

    @Test func flowIsAScenarioOfStepsInOrder() {
        let code = CodeGenerator(format: .flow, app: app, typeName: "Lion", testName: "lionScenario").file(steps)
        #expect(code.contains("func lionScenario(_ app: Application) -> FlowScenario {"))
        #expect(code.contains(#""step1": .tap(app.cells["animals.cell.lion"]),"#))
        #expect(code.contains(#".assert(app.staticTexts["name"], ElementPredicate.label.equals("Lion"), timeout: 5)"#))
        #expect(code.contains(#"scenario.start(at: "step1")"#))
        #expect(code.contains(#"scenario.transition(from: "step1", to: "step2")"#))
        #expect(code.contains("// not recorded: a press on\\nnothing"))
    }

    @Test func keysHaveTheirNamesInBothAPIs() {
        #expect(RecordedKey(domKey: "Enter") == .named("return"))
        #expect(RecordedKey(domKey: "Backspace") == .named("delete"))
        #expect(RecordedKey(domKey: "q") == .character("q"))
        #expect(RecordedKey(domKey: "F5") == nil)
        let code = CodeGenerator(format: .xcuitest, app: app).file([.typeKey(.named("return"), modifiers: [], on: nil)])
        #expect(code.contains("app.typeKey(XCUIKeyboardKey.`return`, modifierFlags: [])"))
    }
}
