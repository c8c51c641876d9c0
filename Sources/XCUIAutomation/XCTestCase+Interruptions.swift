public import Foundation
import Synchronization
import UIAutomation
public import XCTest

extension XCTestCase {
    /// Adds a handler for something that interrupts the test's actions — an overlay, a cookie
    /// banner, an in-page dialog covering the element an action is for — as XCUITest's UI
    /// interruption monitors. When an action finds its element covered, the handlers run, newest
    /// first, with the interrupting element (the frontmost alert or sheet, else the app), until
    /// one returns `true`; the action then checks its element again. Handlers run on the test's
    /// thread and may use the app (tap the banner's button). They are removed when the test ends.
    @discardableResult
    public func addUIInterruptionMonitor(withDescription handlerDescription: String,
                                         handler: @escaping (XCUIElement) -> Bool) -> any NSObjectProtocol {
        InterruptionRegistry.shared.add(description: handlerDescription, handler: handler)
    }

    /// Removes the monitor `monitor` (what ``addUIInterruptionMonitor(withDescription:handler:)`` returned).
    public func removeUIInterruptionMonitor(_ monitor: any NSObjectProtocol) {
        InterruptionRegistry.shared.remove(monitor)
    }
}

/// The test's interruption monitors, called from UIAutomation's action loop on the test's thread.
final class InterruptionRegistry: @unchecked Sendable {
    static let shared = InterruptionRegistry()

    final class Monitor: NSObject, @unchecked Sendable {
        let handlerDescription: String
        let handler: (XCUIElement) -> Bool
        init(handlerDescription: String, handler: @escaping (XCUIElement) -> Bool) {
            self.handlerDescription = handlerDescription
            self.handler = handler
        }
        override var description: String { "UI interruption monitor \"\(handlerDescription)\"" }
    }

    private let lock = NSLock()
    private var monitors: [Monitor] = []
    /// The applications whose UIAutomation monitor forwards here.
    private var installed: Set<ObjectIdentifier> = []

    func add(description: String, handler: @escaping (XCUIElement) -> Bool) -> Monitor {
        let monitor = Monitor(handlerDescription: description, handler: handler)
        lock.withLock { monitors.append(monitor) }
        TestRun.shared.atTestEnd { [self] _ in lock.withLock { monitors.removeAll { $0 === monitor } } }
        return monitor
    }

    func remove(_ monitor: any NSObjectProtocol) {
        lock.withLock { monitors.removeAll { $0 === (monitor as AnyObject) } }
    }

    /// Makes `app`'s actions call the test's monitors (once per application).
    func install(on app: Application) {
        let first = lock.withLock { installed.insert(ObjectIdentifier(app)).inserted }
        guard first else { return }
        app.addInterruptionMonitor(named: "XCUIAutomation") { [self] interrupting in
            await Blocking.onCaller { self.handle(interrupting) } ?? false
        }
    }

    /// Runs on the test's thread: the monitors, newest first, until one handles it.
    private func handle(_ interrupting: Element) -> Bool {
        let current = lock.withLock { monitors }
        let element = XCUIElement(backing: .success(.element(interrupting)), text: interrupting.description,
                                  site: CallerLine(file: #filePath, line: #line))
        return current.reversed().contains { $0.handler(element) }
    }
}
