import Foundation
import Synchronization
import Testing

import UIAutomation

/// The seam as an engine in a module of its own sees it (no `@testable`): a browser source that
/// hands out its own engine, the engine's own errors translated by the engine, node handles of
/// its own kind, and a source scheme registered for `LAB_BROWSER_SOURCE`.
@Suite("The engine seam")
struct EngineSeamTests {
    /// An engine's browser: every launch gets `engine`.
    final class MockBrowser: BrowserEngine {
        let engine: MockPageEngine
        let opened = Mutex(0)
        init(_ engine: MockPageEngine) { self.engine = engine }
        var isClosed: Bool { false }
        func openPage(configuration: Configuration, signals: PageSignalLog) async throws -> any PageEngine {
            opened.withLock { $0 += 1 }
            return engine
        }
    }

    struct MockSource: BrowserSource {
        let browser: MockBrowser
        func obtain() async throws -> ObtainedBrowser { ObtainedBrowser(engine: browser) {} }
        var description: String { "mock source" }
    }

    /// An error of the engine's own, with the failure it means.
    struct ChannelClosed: EngineError {
        var reason: UIAutomationError.Reason {
            .browser(BrowserFailure(kind: .connectionClosed, description: "The mock engine's channel closed."))
        }
    }

    enum MockSchemes: BrowserSourceParser {
        static func source(_ text: String) throws(RemoteBrowserError) -> (any BrowserSource)? {
            text.hasPrefix("mockengine:") ? LocalBrowserSource() : nil
        }
    }

    @Test func aBrowserSourceHandsOutTheEngineThatOpensEachLaunch() async throws {
        let engine = MockPageEngine(tree: MockElement.page([MockElement(type: .button, identifier: "save", label: "Save")]))
        let browser = MockBrowser(engine)
        var configuration = Configuration()
        configuration.browser = SharedBrowser(source: MockSource(browser: browser))
        configuration.artifactsDirectory = nil
        let app = Application(url: "mock://page", configuration: configuration)
        try await app.launch()
        try await app.buttons["save"].tap()
        try await app.launch()
        #expect(browser.opened.withLock { $0 } == 2)
        #expect(engine.calls == [.open("mock://page"), .tap(x: 10, y: 20, count: 1), .waitForIdle, .close, .open("mock://page")])
        await app.terminate()
        await configuration.browser.close()
    }

    @Test func theEnginesOwnErrorBecomesTheFailureItSaysNamingTheCall() async throws {
        let engine = MockPageEngine(tree: MockElement.page([]))
        engine.failEvaluations(with: ChannelClosed())
        let app = Application.mocked(engine)
        try await app.launch()
        let error = try await #require(throws: UIAutomationError.self) { try await app.run(javaScript: "1") }
        #expect(error.query == #"app.run(javaScript: "1")"#)
        #expect(error.reason.browserFailure?.kind == .connectionClosed)
        await app.terminate()
    }

    @Test func nodeHandlesOfAnotherKindOrReferenceNeverMatch() {
        let shared = NodeHandle.Kind(rawValue: 7)
        let node = NodeHandle("f.1.d.2.e.3", kind: shared)
        #expect(node.string(ofKind: shared) == "f.1.d.2.e.3")
        #expect(node.number(ofKind: shared) == nil)
        #expect(node.string() == nil)
        #expect(NodeHandle(3) != NodeHandle(3, kind: NodeHandle.Kind(rawValue: 1)))
        #expect(NodeHandle("3") != NodeHandle(3))
    }

    @Test func anEngineWithStringHandlesResolvesAndActsOnThem() async throws {
        let kind = NodeHandle.Kind(rawValue: 7)
        let root = ElementSnapshot(
            elementType: .application, identifier: "", label: "mock", value: nil, placeholderValue: nil, isEnabled: true,
            isSelected: false, hasFocus: false, frame: Rect(x: 0, y: 0, width: 390, height: 844), role: "RootWebArea",
            node: nil, parent: nil, children: [1], depth: 0)
        let save = ElementSnapshot(
            elementType: .button, identifier: "save", label: "Save", value: nil, placeholderValue: nil, isEnabled: true,
            isSelected: false, hasFocus: false, frame: Rect(x: 0, y: 0, width: 100, height: 44), role: "button",
            node: NodeHandle("e-save", kind: kind), parent: 0, depth: 1)
        let engine = MockPageEngine(tree: PageSnapshot(elements: [root, save]), actionability: { _, node in
            Actionability(state: node.string(ofKind: kind) == "e-save" ? .ok : .detached, x: 50, y: 22)
        })
        let app = Application.mocked(engine)
        try await app.launch()
        try await app.buttons["save"].tap()
        #expect(engine.calls.contains(.tap(x: 50, y: 22, count: 1)))
        await app.terminate()
    }

    @Test func aRegisteredSchemeIsParsedAndAnUnknownOneIsRefused() throws {
        BrowserSources.register(MockSchemes.self)
        BrowserSources.register(MockSchemes.self)  // twice: changes nothing
        #expect(try BrowserSources.parse("mockengine:anything") is LocalBrowserSource)
        #expect(throws: RemoteBrowserError.self) { try BrowserSources.parse("nonsense:x") }
    }
}
