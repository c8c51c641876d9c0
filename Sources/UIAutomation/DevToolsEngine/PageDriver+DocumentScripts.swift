import DevTools
import Synchronization

/// Scripts run in every new document before the page's own, replaceable by key (the page
/// clock's state changes with every control call: issue 43).
extension PageDriver {
    func setDocumentScript(_ source: String?, key: String) async throws {
        try await browser.run {
            if let old = documentScripts.withLock({ $0.removeValue(forKey: key) }) {
                try await page.send(CDP.Page.RemoveScriptToEvaluateOnNewDocument(identifier: old), timeout: configuration.responseTimeout)
            }
            guard let source else { return }
            let added = try await page.send(CDP.Page.AddScriptToEvaluateOnNewDocument(source: source), timeout: configuration.responseTimeout)
            documentScripts.withLock { $0[key] = added.identifier }
        }
    }
}
