import DevTools

extension PageDriver {
    /// Makes the page's viewport `device`'s size, and returns once the page has seen it: the
    /// resize steps (and `resize` handlers) run at the next frame, before its animation frame
    /// callbacks, so this waits for one.
    func emulate(_ device: Device) async throws {
        try await sendingInput(forgetting: true) {
            _ = try await page.send(CDP.Emulation.SetDeviceMetricsOverride(
                width: device.width, height: device.height, deviceScaleFactor: device.scale, mobile: device.isMobile),
                timeout: configuration.responseTimeout)
            _ = try await page.evaluate("new Promise(done => (window.__lab ? window.__lab.rawRequestFrame : requestAnimationFrame)(() => done(innerWidth)))",
                                        timeout: configuration.responseTimeout)
        }
    }
}

extension PageDriver {
    /// Grants the launch's context clipboard reads and writes (the page's `navigator.clipboard`
    /// is refused without a user's permission otherwise).
    func allowClipboardAccess() async throws {
        try await browser.run { try await context.grantPermissions(["clipboardReadWrite", "clipboardSanitizedWrite"]) }
    }
}
