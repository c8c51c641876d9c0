import DevTools

/// Runs `body` with a freshly launched browser and always closes it afterwards.
func withBrowser(_ options: LaunchOptions = LaunchOptions(), _ body: (Browser) async throws -> Void) async throws {
    let browser = try await Browser.launch(options)
    do {
        try await body(browser)
    } catch {
        await browser.close()
        throw error
    }
    await browser.close()
}
