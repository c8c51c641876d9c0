import DevTools
import Foundation
import LabSupport
import Synchronization

/// Screenshots: of the viewport, of a rectangle, and held still for a repeatable image.
extension PageDriver {
    /// A PNG of the viewport.
    ///
    /// Right after a navigation commits, Chromium can answer `Page.captureScreenshot` with
    /// "Not attached to an active page" until the new document's frame is attached (seen
    /// under load after form-post redirects); that answer is retried with back-off until
    /// the response timeout.
    func screenshot(timeout: Duration? = nil) async throws -> Data {
        let limit = timeout ?? configuration.responseTimeout
        var shot: Data?
        var refusal: (any Error)?
        _ = try await poll(until: .now + limit) {
            do {
                shot = try await browser.run { try await page.screenshot(timeout: limit) }
                return true
            } catch DevToolsError.protocolError(_, _, let message, _) where message.contains("Not attached to an active page") {
                refusal = DevToolsError.unexpectedResponse(method: CDP.Page.CaptureScreenshot.method, reason: message)
                return false
            }
        }
        if let shot { return shot }
        throw refusal ?? DevToolsError.timeout(method: CDP.Page.CaptureScreenshot.method, after: limit)
    }

    /// A PNG of one rectangle of the viewport.
    func screenshot(of rect: Rect) async throws -> Data {
        try await browser.run {
            let reply = try await page.send(CDP.Page.CaptureScreenshot(
                format: "png", clip: .init(x: rect.x, y: rect.y, width: max(rect.width, 1), height: max(rect.height, 1))))
            guard let data = Data(base64Encoded: reply.data) else {
                throw DevToolsError.unexpectedResponse(method: CDP.Page.CaptureScreenshot.method, reason: "not base64")
            }
            return data
        }
    }

    /// A PNG of the viewport, or of `rect` in it, that is the same every run for the same
    /// screen: the page is held still first (``PageScripts/holdStill``: no caret, no
    /// scrollbars, finite animations finished, infinite ones paused, fonts loaded) and let go
    /// after, whatever happens.
    func stillScreenshot(of rect: Rect?) async throws -> Data {
        _ = try await evaluate("(" + PageScripts.holdStill + ")(true)")
        let shot: Result<Data, any Error>
        do {
            if let rect {
                shot = .success(try await screenshot(of: rect))
            } else {
                shot = .success(try await screenshot())
            }
        } catch {
            shot = .failure(error)
        }
        _ = try? await evaluate("(" + PageScripts.holdStill + ")(false)")
        return try shot.get()
    }
}
