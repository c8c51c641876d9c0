@testable import Recorder
import Testing
import UIAutomation

/// What the capture script's reports become, without a browser: ``StepTranslator`` fed
/// ``CapturedEvent``s as ``RecordingSession`` would, each rule checked on its own.
@Suite("Step translator")
struct StepTranslatorTests {
    static let origin = "http://127.0.0.1:8080"
    let name = #"app.textFields["name"]"#
    let save = #"app.buttons["Save"]"#
    let wifi = #"app.switches["wifi"]"#

    func translate(_ events: [CapturedEvent], finish: Bool = true) -> [RecordedStep] {
        var translator = StepTranslator(origin: Self.origin, historyIndex: 3)
        for event in events { translator.apply(event) }
        if finish { translator.finishPending() }
        return translator.steps
    }

    func field(_ code: String) -> CapturedEvent.Target { .element(code: code, type: .textField, value: nil) }
    func button(_ code: String) -> CapturedEvent.Target { .element(code: code, type: .button, value: nil) }

    @Test func typingIsTheDifferenceBetweenTwoValues() {
        #expect(StepTranslator.typed(from: "", to: "Ada") == "Ada")
        #expect(StepTranslator.typed(from: "Ada", to: "Adam") == "m")
        #expect(StepTranslator.typed(from: "Adam", to: "Ada") == "\u{8}")
        #expect(StepTranslator.typed(from: "cat", to: "cow") == "\u{8}\u{8}ow")
        #expect(StepTranslator.typed(from: "x", to: "x") == "")
    }

    @Test func aRunOfTypingIsOneStepEndedByAnotherElementOrReturn() {
        #expect(translate([
            .press(field(name), document: "d1"),
            .input(field(name), before: "", value: "A"),
            .input(field(name), before: "", value: "Ad"),
            .input(field(name), before: "", value: "Ada"),
            .press(button(save), document: "d1"),
        ]) == [.tap(name), .typeText("Ada", into: name), .tap(save)])
        // Return ends the run with "\n"; the characters themselves are never keys.
        let keyA = CapturedEvent.Key(key: "a", inField: true)
        let enter = CapturedEvent.Key(key: "Enter", inField: true)
        var translator = StepTranslator(origin: Self.origin, historyIndex: 0)
        translator.apply(.input(field(name), before: "x", value: "xa"))
        #expect(!translator.needsElement(for: keyA))
        translator.apply(.key(keyA, target: nil))
        #expect(!translator.needsElement(for: enter))
        translator.apply(.key(enter, target: nil))
        #expect(translator.steps == [.typeText("a\n", into: name)])
        // Unfinished typing is a step once the recording asks for its steps.
        #expect(translate([.input(field(name), before: "Adam", value: "Ada")], finish: false) == [])
        #expect(translate([.input(field(name), before: "Adam", value: "Ada")]) == [.typeText("\u{8}", into: name)])
    }

    @Test func keysWithModifiersOrOutsideFieldsAreKeySteps() {
        let escape = CapturedEvent.Key(key: "Escape")
        let commandA = CapturedEvent.Key(key: "a", inField: true, shift: true, meta: true)
        let tab = CapturedEvent.Key(key: "Tab", inField: true)
        var translator = StepTranslator(origin: Self.origin, historyIndex: 0)
        #expect(!translator.needsElement(for: escape))
        #expect(translator.needsElement(for: commandA))
        #expect(translator.needsElement(for: tab))
        #expect(!translator.needsElement(for: CapturedEvent.Key(key: "Shift", inField: true, shift: true)))
        translator.apply(.key(escape, target: nil))
        translator.apply(.key(commandA, target: field(name)))
        translator.apply(.key(CapturedEvent.Key(key: "F13"), target: nil))
        translator.apply(.key(CapturedEvent.Key(key: "Enter", inField: true), target: field(name)))
        #expect(translator.steps == [
            .typeKey(.named("escape"), modifiers: [], on: nil),
            .typeKey(.character("a"), modifiers: [.command], on: name),
            .notRecorded("the key F13"),
            .typeText("\n", into: name),
        ])
    }

    @Test func aPressOnASwitchIsAToggleOnlyWhenItsValueChanged() {
        let off = CapturedEvent.Target.element(code: wifi, type: .switch, value: "0")
        #expect(translate([.press(off, document: "d1"), .treeRead(toggleValue: "1")]) == [.toggle(wifi, on: true)])
        #expect(translate([.press(off, document: "d1"), .treeRead(toggleValue: "0")]) == [.tap(wifi)])
        #expect(translate([.press(off, document: "d1"), .treeRead(toggleValue: nil)]) == [.tap(wifi)])
        // Not settled yet: a tap once the steps are asked for.
        var translator = StepTranslator(origin: Self.origin, historyIndex: 0)
        translator.apply(.press(off, document: "d1"))
        #expect(translator.pendingToggle?.code == wifi && translator.pendingToggle?.document == "d1")
        translator.finishPending()
        #expect(translator.steps == [.tap(wifi)])
        // A picker's press is no step: its choice is.
        let menu = CapturedEvent.Target.element(code: #"app.pickers["size"]"#, type: .picker, value: "S")
        #expect(translate([.press(menu, document: "d1"), .pick(menu, value: "M")]) == [.pick(#"app.pickers["size"]"#, value: "M")])
    }

    @Test func aDoubleClickJoinsTheTwoTapsBeforeIt() {
        #expect(translate([.press(button(save), document: "d"), .press(button(save), document: "d"), .doubleClick]) == [.doubleTap(save)])
        let other = #"app.buttons["Other"]"#
        #expect(translate([.press(button(other), document: "d"), .press(button(save), document: "d"), .doubleClick])
            == [.tap(other), .tap(save)])
    }

    @Test func wheelTurnsOverOneElementAreOneScroll() {
        let list = #"app.tables["list"]"#
        let target = CapturedEvent.Target.element(code: list, type: .table, value: nil)
        #expect(translate([.wheel(target, dx: 0, dy: 40), .wheel(target, dx: 0, dy: 60), .wheel(.noElement, dx: 0, dy: 10)])
            == [.scroll(list, deltaX: 0, deltaY: 100)])
        #expect(translate([.wheel(target, dx: 0, dy: 40), .wheel(target, dx: 0, dy: -40)]) == [])
    }

    @Test func navigationsThePageDidNotStartAreSteps() {
        #expect(translate([
            .load(type: "navigate", url: Self.origin + "/animals", historyIndex: 3),  // the first document
            .load(type: "navigate", url: Self.origin + "/animals?q=lion", historyIndex: 4),
            .load(type: "navigate", url: "https://example.com/", historyIndex: 5),
            .load(type: "back_forward", url: nil, historyIndex: 4),
            .load(type: "back_forward", url: nil, historyIndex: 5),
            .load(type: "reload", url: nil, historyIndex: 5),
        ]) == [.open("/animals?q=lion"), .open("https://example.com/"), .goBack, .goForward, .reload])
        // A load after a press is the press's doing: no step of its own.
        #expect(translate([
            .load(type: "navigate", url: Self.origin + "/", historyIndex: 3),
            .press(button(save), document: "d1"),
            .load(type: "navigate", url: Self.origin + "/saved", historyIndex: 4),
        ]) == [.tap(save)])
    }

    @Test func whatCannotBeAStepIsACommentNeverDropped() {
        #expect(translate([.press(.noElement, document: "d")]) == [.notRecorded("a press on something that is no element of the accessibility tree")])
        #expect(translate([.press(.documentUnread, document: "d")])
            == [.notRecorded("a press on a page that was left before the recorder could read its elements")])
        #expect(translate([.input(.noElement, before: "", value: "x")])
            == [.notRecorded("typing into a field that is no element of the accessibility tree")])
        #expect(translate([.pick(.documentUnread, value: "M")])
            == [.notRecorded("a choice in a menu on a page that was left before the recorder could read its elements")])
        #expect(translate([.assertion(.label, element: nil)])
            == [.notRecorded("an assertion with the pointer over no element of the accessibility tree")])
    }

    @Test func assertionsEndTheTypingUnderWay() {
        let title = CapturedEvent.AssertedElement(code: #"app.staticTexts["title"]"#, label: "Lion", value: "")
        #expect(translate([
            .input(field(name), before: "", value: "Ada"),
            .assertion(.exists, element: title),
            .assertion(.label, element: title),
            .assertion(.value, element: CapturedEvent.AssertedElement(code: name, label: "Name", value: "Ada")),
        ]) == [
            .typeText("Ada", into: name), .assertExists(title.code), .assertLabel(title.code, equals: "Lion"), .assertValue(name, equals: "Ada"),
        ])
        #expect(CapturedEvent.Key(key: "E", code: "KeyE", shift: true, alt: true).assertion == .exists)
        #expect(CapturedEvent.Key(key: "E", code: "KeyE", shift: true, ctrl: true, alt: true).assertion == nil)
    }

    @Test func stepsAreHandedOutOnceEach() {
        var translator = StepTranslator(origin: Self.origin, historyIndex: 0)
        translator.apply(.press(button(save), document: "d"))
        #expect(translator.takeAppended() == [.tap(save)])
        #expect(translator.takeAppended() == [])
    }
}
