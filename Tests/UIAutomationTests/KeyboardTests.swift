import Testing
import UIAutomation

@Suite("Keys and modifiers")
struct KeyboardTests {
    @Test func escapeCancelsAnEditAndReturnCommitsIt() async throws {
        try await withApp("/edit") { (app) async throws in
            let item = app.staticTexts["item"], editor = app.textFields["editor"]
            try await app.buttons["edit"].tap()
            try await editor.typeText(" and eggs")
            try await editor.typeKey(.escape)
            #expect(try await !editor.exists)
            #expect(try await item.label == "Buy milk")
            try await app.buttons["edit"].tap()
            try await editor.typeText(" and eggs")
            try await editor.typeKey(.return)
            #expect(try await !editor.exists)
            #expect(try await item.label == "Buy milk and eggs")
        }
    }

    @Test func namedKeysSendTheirKeyCodeAndKeyCode() async throws {
        let expected: [(Key, String)] = [
            (.escape, "\"Escape\" Escape 27"), (.tab, "\"Tab\" Tab 9"), (.return, "\"Enter\" Enter 13"),
            (.enter, "\"Enter\" Enter 13"), (.delete, "\"Backspace\" Backspace 8"),
            (.backspace, "\"Backspace\" Backspace 8"), (.forwardDelete, "\"Delete\" Delete 46"),
            (.upArrow, "\"ArrowUp\" ArrowUp 38"), (.downArrow, "\"ArrowDown\" ArrowDown 40"),
            (.leftArrow, "\"ArrowLeft\" ArrowLeft 37"), (.rightArrow, "\"ArrowRight\" ArrowRight 39"),
            (.home, "\"Home\" Home 36"), (.end, "\"End\" End 35"), (.pageUp, "\"PageUp\" PageUp 33"),
            (.pageDown, "\"PageDown\" PageDown 34"), (.space, "\" \" Space 32"),
            ("a", "\"a\" KeyA 65"), ("Z", "\"Z\" KeyZ 90"), ("7", "\"7\" Digit7 55"), ("/", "\"/\" Slash 191"),
        ]
        try await withApp("/keys") { (app) async throws in
            let log = app.staticTexts["log"]
            for (key, line) in expected {
                try await app.typeKey(key)  // nothing focused: the page itself gets the key
                #expect(try await log.label == line + " -", "\(key)")
            }
        }
    }

    @Test func modifiersAreHeldAndShortcutsWork() async throws {
        try await withApp("/keys") { (app) async throws in
            let field = app.textFields["field"], log = app.staticTexts["log"]
            try await field.typeKey(.leftArrow, modifierFlags: .shift)
            #expect(try await log.label == "\"ArrowLeft\" ArrowLeft 37 shiftKey")
            try await field.typeKey("b", modifierFlags: [.shift, .option])
            #expect(try await log.label == "\"B\" KeyB 66 shiftKey+altKey")
            try await field.typeKey("k", modifierFlags: .command)
            #expect(try await log.label == "\"k\" KeyK 75 metaKey")
            #expect(try await field.value == "hello world")  // shortcuts typed nothing
            try await field.typeKey("a", modifierFlags: .control)  // select all…
            #expect(try await log.label == "\"a\" KeyA 65 ctrlKey")
            try await field.typeText("x")  // …so typing replaces everything
            #expect(try await field.value == "x")
            try await field.typeKey("y", modifierFlags: .shift)
            #expect(try await field.value == "xY")
        }
    }

    @Test func tabMovesFocusAsTypeKeyAndInTypeText() async throws {
        try await withApp("/keys") { (app) async throws in
            let field = app.textFields["field"], next = app.textFields["next"]
            try await field.typeKey(.tab)
            #expect(try await next.hasFocus)
            try await field.typeText("!\tgo")
            #expect(try await field.value == "hello world!")
            #expect(try await next.value == "go")
        }
    }

    @Test func controlCharactersWithoutAKeyAreRefusedBeforeTyping() async throws {
        try await withApp("/keys") { (app) async throws in
            let field = app.textFields["field"]
            do {
                try await field.typeText("ok\u{1b}")
                Issue.record("typed an escape character")
            } catch let error as UIAutomationError {
                guard error.reason.kind == .invalidRequest, let message = error.reason.message else {
                    Issue.record("wrong reason: \(error.reason)")
                    return
                }
                #expect(message.contains("U+1B"))
                #expect(message.contains("typeKey"))
            }
            #expect(try await field.value == "hello world")  // nothing was typed
            #expect(try await app.staticTexts["log"].label == "none")
            await #expect(throws: UIAutomationError.self) { try await field.typeKey("ab") }
            await #expect(throws: UIAutomationError.self) { try await app.typeKey(Key("\u{7}")) }
            #expect(try await app.staticTexts["log"].label == "none")
        }
    }
}
