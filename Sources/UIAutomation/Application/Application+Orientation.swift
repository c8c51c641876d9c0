import Synchronization

/// Turning the screen, as rotating a phone does: the page's viewport swaps width and height (a
/// `resize` event, `orientation: landscape` media queries), and screen coordinates and swipes
/// follow the turned screen.
extension Application {
    /// Which way the screen is turned.
    public enum Orientation: Sendable, Equatable {
        /// Taller than wide (the configured device as it is).
        case portrait
        /// Wider than tall (the configured device turned).
        case landscape
    }

    /// The orientation of the screen (portrait until ``rotate(to:file:line:)``).
    public var orientation: Orientation { Orientations.registry.withLock { $0[ObjectIdentifier(self)] ?? .portrait } }

    /// The screen as it is now: the configured device, turned when the orientation is landscape.
    public var screen: Device {
        var device = configuration.device
        let turned = orientation == .landscape
        if turned == (device.width < device.height) { swap(&device.width, &device.height) }
        return device
    }

    /// Turns the screen to `orientation`: the running page's viewport takes the turned size and
    /// the app is waited for until idle; later launches start turned too.
    public func rotate(to orientation: Orientation, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            let call = "app.rotate(to: .\(orientation))"
            Orientations.registry.withLock { $0[ObjectIdentifier(self)] = orientation }
            guard isRunning else { return }
            try await applyOrientation(call: call)
        }
    }

    /// Gives the running page the turned viewport (after a launch, which opens the page as the
    /// configured device).
    func applyOrientation(call: String) async throws {
        let driver = try driver(for: call)
        let screen = self.screen
        try await verbStep(call, timeout: nil) { progress in
            progress.enter("input")
            try await driver.emulate(screen)
            progress.enter("wait for idle")
            try await driver.waitForIdle(until: progress.deadline)
        }
    }
}

/// The orientation of every application that was turned, by application.
enum Orientations {
    static let registry = Mutex<[ObjectIdentifier: Application.Orientation]>([:])
}
