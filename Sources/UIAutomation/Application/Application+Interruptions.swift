import Synchronization

/// Something unrelated standing between an action and its element — an overlay, a cookie
/// banner, an in-page dialog — and the monitors that may clear it, as XCUITest's UI
/// interruption monitors: when an action finds its element covered, the app's monitors are
/// called, newest first, with the interrupting element, until one returns `true` (handled);
/// the action then checks its element again.
extension Application {
    /// A monitor: called with the interrupting element; returns whether it handled it.
    public typealias InterruptionHandler = @Sendable (Element) async -> Bool

    /// Adds a monitor named `name`; the token removes it.
    @discardableResult
    public func addInterruptionMonitor(named name: String, _ handler: @escaping InterruptionHandler) -> InterruptionMonitorToken {
        let token = InterruptionMonitorToken(name: name)
        InterruptionMonitors.registry.withLock { $0[ObjectIdentifier(self), default: []].append((token, handler)) }
        return token
    }

    /// Removes the monitor `token` was returned for.
    public func removeInterruptionMonitor(_ token: InterruptionMonitorToken) {
        InterruptionMonitors.registry.withLock { $0[ObjectIdentifier(self)]?.removeAll { $0.token == token } }
    }

    /// Calls the monitors, newest first, with what interrupts an action on the element at
    /// `target` (the frontmost alert or sheet that does not contain it, else the app itself);
    /// whether one of them handled it.
    func handleInterruption(blocking target: Int, in snapshot: PageSnapshot) async -> Bool {
        let monitors = InterruptionMonitors.registry.withLock { $0[ObjectIdentifier(self)] ?? [] }
        guard !monitors.isEmpty else { return false }
        let interrupting = interruptingElement(blocking: target, in: snapshot)
        for (_, handler) in monitors.reversed() where await handler(interrupting) {
            return true
        }
        return false
    }

    /// Whether any interruption monitor is installed for this application.
    var hasInterruptionMonitors: Bool {
        InterruptionMonitors.registry.withLock { !($0[ObjectIdentifier(self)] ?? []).isEmpty }
    }

    private func interruptingElement(blocking target: Int, in snapshot: PageSnapshot) -> Element {
        let modal: Set<ElementType> = [.alert, .sheet, .dialog]
        let modals = snapshot.elements.indices.filter { modal.contains(snapshot.elements[$0].elementType) }
        let blocking = modals.filter { !snapshot.descendants(of: $0).contains(target) && $0 != target }
        guard let last = blocking.last, let position = modals.firstIndex(of: last) else { return rootElement }
        let type = snapshot.elements[last].elementType
        let all = modals.filter { snapshot.elements[$0].elementType == type }
        return descendants(matching: type).element(boundBy: all.firstIndex(of: last) ?? position)
    }

    /// The application itself as an element: the page root.
    var rootElement: Element { Element(query: ElementQuery(app: self, steps: [], text: "app"), pick: .first, suffix: "") }
}

/// Identifies an interruption monitor, to remove it.
public final class InterruptionMonitorToken: Sendable, Equatable, CustomStringConvertible {
    /// The monitor's name.
    public let name: String
    init(name: String) { self.name = name }

    public static func == (lhs: InterruptionMonitorToken, rhs: InterruptionMonitorToken) -> Bool { lhs === rhs }
    public var description: String { "interruption monitor \"\(name)\"" }
}

/// The monitors of every application, by application.
enum InterruptionMonitors {
    static let registry = Mutex<[ObjectIdentifier: [(token: InterruptionMonitorToken, handler: Application.InterruptionHandler)]]>([:])
}
