public import UIAutomation

/// The `cdp:` and `webdriver:` values of `LAB_BROWSER_SOURCE`: UIAutomation's
/// `BrowserSources.parse(_:)` finds this type when the module is linked into the process.
package enum RemoteSources: RemoteBrowserSourceParser {
    package static func source(_ text: String) throws(RemoteBrowserError) -> (any BrowserSource)? {
        if text.hasPrefix("cdp:") { return try CDPBrowserSource(endpoint: String(text.dropFirst(4))) }
        if text.hasPrefix("webdriver:") { return try WebDriverBrowserSource(endpoint: String(text.dropFirst(10))) }
        return nil
    }
}
