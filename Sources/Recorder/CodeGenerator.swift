import Foundation
import LabSupport

/// The app a recording ran against, as the generated code names it.
public struct RecordedApp: Sendable {
    /// What the header comment calls it (`Automation Animals (lab app "animals")`, a URL).
    public var name: String
    /// The `Application` a Swift Testing test or a flow launches, as code:
    /// `Application(host: LabAppHost(app: AnimalsApp()))`, `Application(url: "…")`.
    public var applicationExpression: String
    /// The modules that expression needs besides UIAutomation (`AnimalsApp`, `LabTesting`).
    public var imports: [String]
    /// How an XCUITest target names this app, for the header comment (its `UITestTarget`).
    public var xcuitestTargetHint: String
    /// The launch arguments the recording launched with.
    public var launchArguments: [String]
    /// The bundle identifier XCUITest code names it by (`XCUIApplication(bundleIdentifier:)`);
    /// `nil`: `XCUIApplication()`, the test target's first application.
    public var bundleIdentifier: String?

    public init(name: String, applicationExpression: String, imports: [String] = [], xcuitestTargetHint: String,
                launchArguments: [String] = [], bundleIdentifier: String? = nil) {
        self.name = name
        self.applicationExpression = applicationExpression
        self.imports = imports
        self.xcuitestTargetHint = xcuitestTargetHint
        self.launchArguments = launchArguments
        self.bundleIdentifier = bundleIdentifier
    }

    /// A lab app as the project's test targets launch it: `module`'s `appExpression`
    /// (`AnimalsApp()`) through `LabAppHost`, named `org.automationlab.<name>` in a UITestTarget.
    public static func labApp(_ name: String, title: String, module: String, appExpression: String,
                              launchArguments: [String] = []) -> RecordedApp {
        let bundle = "org.automationlab.\(name)"
        return RecordedApp(
            name: "\(title) (lab app \(SwiftLiteral.string(name)))",
            applicationExpression: "Application(host: LabAppHost(app: \(appExpression)))",
            imports: [module, "LabTesting"],
            xcuitestTargetHint: "TargetApplication(bundleIdentifier: \(SwiftLiteral.string(bundle))) { LabAppHost(app: \(appExpression)) }",
            launchArguments: launchArguments, bundleIdentifier: bundle)
    }
}

/// The output formats of `lab record`.
public enum RecordingFormat: String, Sendable, CaseIterable {
    /// A complete `XCTestCase` for XCUIAutomation (Apple's XCUITest API): the default.
    case xcuitest
    /// An async Swift Testing `@Test` over UIAutomation.
    case uiautomation
    /// A `FlowScenario` of UIFlows steps, one after another.
    case flow
}

/// Writes recorded steps as Swift source in a ``RecordingFormat``. Every string goes through
/// LabSupport's `SwiftLiteral` (escapes, control characters, line separators), and a step an
/// API cannot express becomes a `// not recorded: …` line rather than disappearing.
public struct CodeGenerator: Sendable {
    public var format: RecordingFormat
    public var app: RecordedApp
    /// The test class (XCUITest), or the scenario's name (flow).
    public var typeName: String
    /// The test method or function name (without `test`'s prefix for Swift Testing).
    public var testName: String

    public init(format: RecordingFormat, app: RecordedApp, typeName: String = "RecordedUITests", testName: String = "testRecorded") {
        self.format = format
        self.app = app
        self.typeName = typeName
        self.testName = testName
    }

    /// The whole file.
    public func file(_ steps: [RecordedStep]) -> String {
        switch format {
        case .xcuitest: return xcuitestFile(steps)
        case .uiautomation: return swiftTestingFile(steps)
        case .flow: return flowFile(steps)
        }
    }

    /// One step's lines (no indentation), as they appear in ``file(_:)``.
    public func lines(_ step: RecordedStep) -> [String] {
        switch format {
        case .xcuitest: return xcuitestLines(step)
        case .uiautomation: return swiftTestingLines(step)
        case .flow: return flowLines(step)
        }
    }

    private var header: String {
        "// Recorded with `lab record` from \(app.name.replacingOccurrences(of: "\n", with: " ")).\n"
    }

    // MARK: XCUITest

    private func xcuitestFile(_ steps: [RecordedStep]) -> String {
        var text = header
        text += "// The test target names the app in its UITestTarget: \(app.xcuitestTargetHint)\n"
        if steps.contains(where: { if case .toggle = $0 { return true } else { return false } }) {
            text += "// Toggles use the toggle seed's XCTestCase helpers (turnSwitchOn(_:), turnSwitchOff(_:)).\n"
        }
        text += "import XCTest\nimport XCUIAutomation\n\n"
        text += "final class \(typeName): XCTestCase {\n"
        text += "    func \(testName)() {\n"
        text += "        let app = XCUIApplication(\(app.bundleIdentifier.map { "bundleIdentifier: " + SwiftLiteral.string($0) } ?? ""))\n"
        if !app.launchArguments.isEmpty {
            text += "        app.launchArguments = [\(app.launchArguments.map(SwiftLiteral.string).joined(separator: ", "))]\n"
        }
        text += "        app.launch()\n"
        for step in steps { for line in xcuitestLines(step) { text += "        \(line)\n" } }
        text += "    }\n}\n"
        return text
    }

    private func xcuitestLines(_ step: RecordedStep) -> [String] {
        switch step {
        case .tap(let query): return ["\(query).tap()"]
        case .doubleTap(let query): return ["\(query).doubleTap()"]
        case .typeText(let text, let query): return ["\(query).typeText(\(SwiftLiteral.string(text)))"]
        case .typeKey(let key, let modifiers, let query):
            return ["\(query ?? "app").typeKey(\(keyCode(key, xcuitest: true)), modifierFlags: \(flags(modifiers)))"]
        case .toggle(let query, let on): return ["\(on ? "turnSwitchOn" : "turnSwitchOff")(\(query))"]
        case .scroll(let query, let dx, let dy): return ["\(query).scroll(byDeltaX: \(number(dx)), deltaY: \(number(dy)))"]
        case .pick(let query, let value): return ["\(query).adjust(toPickerWheelValue: \(SwiftLiteral.string(value)))"]
        case .open(let url):
            if url.hasPrefix("/") {
                return ["// not recorded: opened \(comment(url)) (XCUITest opens only whole URLs: app.open(URL(string: …)!))"]
            }
            return ["app.open(URL(string: \(SwiftLiteral.string(url)))!)"]
        case .goBack: return ["// not recorded: went back (XCUITest has no back; tap the app's own back button)"]
        case .goForward: return ["// not recorded: went forward (XCUITest has no forward)"]
        case .reload: return ["// not recorded: reloaded the page (XCUITest has no reload)"]
        case .assertExists(let query): return ["XCTAssertTrue(\(query).waitForExistence(timeout: 5))"]
        case .assertLabel(let query, let label):
            return ["XCTAssertTrue(\(query).wait(for: \\.label, toEqual: \(SwiftLiteral.string(label)), timeout: 5))"]
        case .assertValue(let query, let value): return ["XCTAssertEqual(\(query).value as? String, \(SwiftLiteral.string(value)))"]
        case .notRecorded(let what): return ["// not recorded: \(comment(what))"]
        }
    }

    // MARK: UIAutomation (Swift Testing)

    private func swiftTestingFile(_ steps: [RecordedStep]) -> String {
        var text = header
        for module in Set(["Testing", "UIAutomation", "UIAutomationTesting"] + app.imports).sorted() { text += "import \(module)\n" }
        // The trait reports a failed call at its line rather than at `@Test`.
        text += "\n@Test(.uiAutomation) func \(testName)() async throws {\n"
        text += "    let app = \(app.applicationExpression)\n"
        if !app.launchArguments.isEmpty {
            text += "    app.launchArguments = [\(app.launchArguments.map(SwiftLiteral.string).joined(separator: ", "))]\n"
        }
        text += "    try await app.launch()\n"
        for step in steps { for line in swiftTestingLines(step) { text += "    \(line)\n" } }
        text += "    await app.terminate()\n}\n"
        return text
    }

    private func swiftTestingLines(_ step: RecordedStep) -> [String] {
        switch step {
        case .tap(let query): return ["try await \(query).tap()"]
        case .doubleTap(let query): return ["try await \(query).doubleTap()"]
        case .typeText(let text, let query): return ["try await \(query).typeText(\(SwiftLiteral.string(text)))"]
        case .typeKey(let key, let modifiers, let query):
            return ["try await \(query ?? "app").typeKey(\(keyCode(key, xcuitest: false)), modifierFlags: \(flags(modifiers)))"]
        case .toggle(let query, let on): return ["try await \(query).\(on ? "turnSwitchOn" : "turnSwitchOff")()"]
        case .scroll(let query, let dx, let dy): return ["try await \(query).scroll(byDeltaX: \(number(dx)), deltaY: \(number(dy)))"]
        case .pick(let query, let value): return ["try await \(query).adjust(toPickerWheelValue: \(SwiftLiteral.string(value)))"]
        case .open(let url): return ["try await app.open(\(SwiftLiteral.string(url)))"]
        case .goBack: return ["try await app.goBack()"]
        case .goForward: return ["try await app.goForward()"]
        case .reload: return ["try await app.reload()"]
        case .assertExists(let query): return ["#expect(try await \(query).waitForExistence(timeout: 5))"]
        case .assertLabel(let query, let label):
            return ["#expect(try await \(query).wait(for: \\.label, toEqual: \(SwiftLiteral.string(label)), timeout: 5))"]
        case .assertValue(let query, let value):
            return ["#expect(try await \(query).wait(for: \\.value, toEqual: \(SwiftLiteral.string(value)), timeout: 5))"]
        case .notRecorded(let what): return ["// not recorded: \(comment(what))"]
        }
    }

    // MARK: Flow

    private func flowFile(_ steps: [RecordedStep]) -> String {
        var text = header
        for module in Set(["UIFlows"] + app.imports.filter { $0 != "UIAutomation" }).sorted() { text += "import \(module)\n" }
        text += "\n/// The recorded steps as a flow, one after another: `try await \(testName)(app).run()` after\n"
        text += "/// `try await app.launch()` on `\(app.applicationExpression.replacingOccurrences(of: "\n", with: " "))`.\n"
        text += "func \(testName)(_ app: Application) -> FlowScenario {\n"
        text += "    let scenario = FlowScenario(\(SwiftLiteral.string(typeName)))\n"
        var names: [String] = []
        var body: [String] = []
        for step in steps {
            let lines = flowLines(step)
            if lines.count == 1, lines[0].hasPrefix("//") {
                body.append("        " + lines[0])
                continue
            }
            let name = "step\(names.count + 1)"
            names.append(name)
            body.append("        \(SwiftLiteral.string(name)): " + lines.joined(separator: "\n        ") + ",")
        }
        if names.isEmpty {
            text += "    // not recorded: no steps\n"
            body.append("        \"step1\": .action(\"nothing\") { _ in },")
            names.append("step1")
        }
        text += "    scenario.addSteps([\n" + body.joined(separator: "\n") + "\n    ])\n"
        text += "    scenario.start(at: \(SwiftLiteral.string(names[0])))\n"
        for (from, to) in zip(names, names.dropFirst()) {
            text += "    scenario.transition(from: \(SwiftLiteral.string(from)), to: \(SwiftLiteral.string(to)))\n"
        }
        text += "    scenario.expectExit(from: \(SwiftLiteral.string(names[names.count - 1])))\n"
        text += "    return scenario\n}\n"
        return text
    }

    private func flowLines(_ step: RecordedStep) -> [String] {
        switch step {
        case .tap(let query): return [".tap(\(query))"]
        case .typeText(let text, let query): return [".typeText(\(SwiftLiteral.string(text)), into: \(query))"]
        case .assertExists(let query): return [".waitForExistence(of: \(query), timeout: 5)"]
        case .assertLabel(let query, let label): return [".assert(\(query), ElementPredicate.label.equals(\(SwiftLiteral.string(label))), timeout: 5)"]
        case .assertValue(let query, let value): return [".assert(\(query), ElementPredicate.value.equals(\(SwiftLiteral.string(value))), timeout: 5)"]
        case .notRecorded(let what): return ["// not recorded: \(comment(what))"]
        default:
            // Steps with no UIFlows step of their own run as an action of UIAutomation code.
            let code = swiftTestingLines(step)[0]
            if code.hasPrefix("//") { return [code] }
            return [".action(\(SwiftLiteral.string(String(code.dropFirst("try await ".count))))) { _ in \(code) }"]
        }
    }

    // MARK: Pieces

    private func keyCode(_ key: RecordedKey, xcuitest: Bool) -> String {
        switch key {
        case .named(let name): return (xcuitest ? "XCUIKeyboardKey." : "Key.") + (name == "return" ? "`return`" : name)
        case .character(let character): return SwiftLiteral.string(character)
        }
    }

    private func flags(_ modifiers: [RecordedModifier]) -> String {
        if modifiers.isEmpty { return "[]" }
        if modifiers.count == 1 { return "." + modifiers[0].rawValue }
        return "[" + modifiers.map { "." + $0.rawValue }.joined(separator: ", ") + "]"
    }

    private func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// Text for a `//` comment: one line (line breaks and other controls escaped as in a literal).
    private func comment(_ text: String) -> String {
        let literal = SwiftLiteral.string(text)
        return String(literal.dropFirst().dropLast())
    }
}
