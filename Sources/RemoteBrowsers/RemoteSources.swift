package import UIAutomation

/// The `cdp:` and `webdriver:` values of `LAB_BROWSER_SOURCE`: registered with UIAutomation's
/// `BrowserSources` as the process loads this module (``registerRemoteSources()``).
package enum RemoteSources: BrowserSourceParser {
    package static func source(_ text: String) throws(RemoteBrowserError) -> (any BrowserSource)? {
        if text.hasPrefix("cdp:") { return try CDPBrowserSource(endpoint: String(text.dropFirst(4))) }
        if text.hasPrefix("webdriver:") { return try WebDriverBrowserSource(endpoint: String(text.dropFirst(10))) }
        return nil
    }
}

/// Registers ``RemoteSources`` with UIAutomation: called by the RemoteBrowsersLoader target's
/// constructor (loader.c) as the process loads this module, before `main`.
@_cdecl("lab_remote_browsers_register")
package func registerRemoteSources() {
    BrowserSources.register(RemoteSources.self)
}
