import Foundation
import LabSupport
import Synchronization

import UIAutomation

/// A page engine in memory: the element tree, the actionability answers and the idle wait are
/// scripted, and every call is logged. With it, resolution, actionability loops, waits and
/// deadlines are tested without a browser (the UI tests prove the DevTools engine itself).
final class MockPageEngine: PageEngine {
    /// What the engine was asked to do, in order.
    enum Call: Equatable, Sendable {
        case open(String)
        case tap(x: Double, y: Double, count: Int)
        case type(String)
        case focus(NodeHandle)
        case waitForIdle
        case close
    }

    private struct State {
        var tree: PageSnapshot
        var reads = 0
        var checks = 0
        var calls: [Call] = []
        var idleDeadlines: [ContinuousClock.Instant] = []
        var dialogs: [JavaScriptDialog] = []
        var evaluationError: (any Error)?
    }

    private let state: Mutex<State>
    /// The tree for the n-th read (0-based), given the current one: change it to make the page
    /// change under the test.
    private let treeForRead: @Sendable (Int, PageSnapshot) -> PageSnapshot
    /// The answer of the n-th actionability check (0-based) on a node.
    private let actionability: @Sendable (Int, NodeHandle) -> Actionability
    /// How long the n-th idle wait (0-based) takes before it answers (it never waits past its
    /// deadline: it then fails, as the DevTools engine's does).
    private let idleTime: @Sendable (Int) -> Duration

    init(
        tree: PageSnapshot,
        treeForRead: @escaping @Sendable (Int, PageSnapshot) -> PageSnapshot = { $1 },
        actionability: @escaping @Sendable (Int, NodeHandle) -> Actionability = { _, _ in Actionability(state: .ok, x: 10, y: 20) },
        idleTime: @escaping @Sendable (Int) -> Duration = { _ in .zero }
    ) {
        state = Mutex(State(tree: tree))
        self.treeForRead = treeForRead
        self.actionability = actionability
        self.idleTime = idleTime
    }

    var calls: [Call] { state.withLock { $0.calls } }
    var reads: Int { state.withLock { $0.reads } }
    var checks: Int { state.withLock { $0.checks } }
    var idleDeadlines: [ContinuousClock.Instant] { state.withLock { $0.idleDeadlines } }

    private func log(_ call: Call) { state.withLock { $0.calls.append(call) } }

    func open(_ url: String, until deadline: ContinuousClock.Instant) async throws { log(.open(url)) }
    func close() async { log(.close) }

    func snapshot(timeout: Duration?, frames: Bool) async throws -> PageSnapshot {
        state.withLock { state in
            state.tree = treeForRead(state.reads, state.tree)
            state.reads += 1
            return state.tree
        }
    }

    var snapshotStatistics: (read: Int, reused: Int) { (reads, 0) }

    func isHittable(_ element: ElementSnapshot) async throws -> Bool {
        guard let node = element.node else { return false }
        return actionability(checks, node).state == .ok
    }

    func checkActionability(node: NodeHandle, offsetX: Double, offsetY: Double, guardHits: Bool) async throws -> Actionability {
        let n = state.withLock { state in
            defer { state.checks += 1 }
            return state.checks
        }
        return actionability(n, node)
    }

    func takeHitGuard() async -> String? { nil }

    func callFunction(_ declaration: String, on node: NodeHandle, arguments: [JSONValue]) async throws -> JSONValue? {
        throw UIAutomationError(query: "", reason: .invalidRequest("the mock engine runs no page scripts"))
    }

    func callFunction(_ declaration: String, onNodes nodes: [NodeHandle], arguments: [JSONValue]) async throws
        -> (nodes: [NodeHandle], value: JSONValue?)
    {
        throw UIAutomationError(query: "", reason: .invalidRequest("the mock engine runs no page scripts"))
    }

    func nodes(_ nodes: [NodeHandle], matchingCSS selector: String) async throws -> Set<NodeHandle> {
        throw UIAutomationError(query: "", reason: .invalidRequest("the mock engine has no CSS"))
    }

    func evaluate(_ expression: String) async throws -> JSONValue {
        if let error = state.withLock({ $0.evaluationError }) { throw error }
        throw UIAutomationError(query: "", reason: .invalidRequest("the mock engine runs no page scripts"))
    }

    /// Makes every evaluation fail with `error` (an engine's own error, say).
    func failEvaluations(with error: any Error) { state.withLock { $0.evaluationError = error } }

    func tap(x: Double, y: Double, count: Int, holding duration: Duration) async throws { log(.tap(x: x, y: y, count: count)) }
    func hover(x: Double, y: Double) async throws {}
    func swipe(from start: (x: Double, y: Double), dx: Double, dy: Double, speed: Int) async throws {}
    func drag(from start: (x: Double, y: Double), to end: (x: Double, y: Double), holding duration: Duration,
              pointsPerSecond: Double, holdAtEnd: Duration) async throws {}
    func wheel(at point: (x: Double, y: Double), dx: Double, dy: Double) async throws {}
    func multiTouchTap(at point: (x: Double, y: Double), fingers count: Int) async throws {}
    func type(_ text: String) async throws { log(.type(text)) }
    func typeKey(_ key: Key, modifiers: ModifierFlags) async throws {}
    func focus(node: NodeHandle) async throws { log(.focus(node)) }
    func fill(node: NodeHandle, with text: String) async throws {}
    func resignFocus(node: NodeHandle) async throws -> Bool { false }
    func emulate(_ device: Device) async throws {}

    func navigate(to url: String, until deadline: ContinuousClock.Instant) async throws {}
    func reload(until deadline: ContinuousClock.Instant) async throws {}
    func goThroughHistory(by offset: Int, until deadline: ContinuousClock.Instant) async throws -> Bool { false }

    func waitForIdle(until deadline: ContinuousClock.Instant) async throws {
        let idleTime = self.idleTime(state.withLock { state in
            state.calls.append(.waitForIdle)
            state.idleDeadlines.append(deadline)
            return state.idleDeadlines.count - 1
        })
        guard idleTime > .zero else { return }
        if ContinuousClock.now + idleTime > deadline {
            try await Task.sleep(until: deadline)
            throw UIAutomationError(query: "app", reason: CallProgress.current?.timedOut(
                waitingFor: "the app to become idle", lastProblem: "the mock is busy")
                ?? .timedOut(after: idleTime, waitingFor: "the app to become idle", lastProblem: "the mock is busy"))
        }
        try await Task.sleep(for: idleTime)
    }

    func answerNextDialog(_ response: DialogResponse) {}
    var dialogs: [JavaScriptDialog] { state.withLock { $0.dialogs } }
    func screenshot(timeout: Duration?) async throws -> Data { Data() }
    func screenshot(of rect: Rect) async throws -> Data { Data() }
    func stillScreenshot(of rect: Rect?) async throws -> Data { Data() }
}

/// A page of the given elements, all children of the root, each with a node handle
/// (`NodeHandle(position + 1)`) unless `node` says otherwise.
struct MockElement {
    var type: ElementType
    var identifier = ""
    var label = ""
    var value: String?
    var isEnabled = true
    var node: Int?

    static func page(_ elements: [MockElement]) -> PageSnapshot {
        let root = ElementSnapshot(
            elementType: .application, identifier: "", label: "mock", value: nil, placeholderValue: nil, isEnabled: true,
            isSelected: false, hasFocus: false, frame: Rect(x: 0, y: 0, width: 390, height: 844), role: "RootWebArea",
            node: nil, parent: nil, children: Array(1..<(elements.count + 1)), depth: 0)
        let children = elements.enumerated().map { position, element in
            ElementSnapshot(
                elementType: element.type, identifier: element.identifier, label: element.label, value: element.value,
                placeholderValue: nil, isEnabled: element.isEnabled, isSelected: false, hasFocus: false,
                frame: Rect(x: 0, y: Double(position) * 50, width: 100, height: 44), role: "button",
                node: NodeHandle(element.node ?? position + 1), parent: 0, children: [], depth: 1)
        }
        return PageSnapshot(elements: [root] + children)
    }
}

extension Application {
    /// An application whose launches run on `engine` instead of a browser.
    static func mocked(_ engine: MockPageEngine, configure: (inout Configuration) -> Void = { _ in }) -> Application {
        var configuration = Configuration()
        configuration.pageEngine = { _ in engine }
        configuration.artifactsDirectory = nil
        configure(&configuration)
        return Application(url: "mock://page", configuration: configuration)
    }
}
