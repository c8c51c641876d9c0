import Foundation
import HTTPTypes
public import Hummingbird

/// The Content-Security-Policy and the other security headers of every lab page.
///
/// The pages carry their CSS and JavaScript inline (one request per screen, no asset routes),
/// so the policy allows inline `<script>` and `<style>` elements only with the response's own
/// nonce: a fresh random value per response, which ``HTMLNode`` writes into every `script` and
/// `style` element it renders while ``nonce`` is set. Markup that reaches a page by any other
/// way — an injected element, an inline event handler, a `javascript:` URL — does not run.
public enum ContentSecurity {
    /// The nonce of the response being rendered, if any.
    @TaskLocal public static var nonce: String?

    /// A fresh nonce: 128 random bits, base64.
    static func makeNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
    }

    /// The policy for a response rendered with `nonce`: everything from this origin only,
    /// inline code only with the nonce, no plugins, no framing, forms posted here only.
    static func policy(nonce: String) -> String {
        [
            "default-src 'self'",
            "script-src 'nonce-\(nonce)'",
            "style-src 'nonce-\(nonce)'",
            "img-src 'self' data:",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }
}

/// Adds the security headers to every response, error responses included:
/// `Content-Security-Policy` (see ``ContentSecurity``), `X-Content-Type-Options: nosniff`,
/// `X-Frame-Options: DENY` and `Referrer-Policy: same-origin`.
public struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    public init() {}

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let nonce = ContentSecurity.makeNonce()
        var response: Response
        do {
            response = try await ContentSecurity.$nonce.withValue(nonce) { try await next(request, context) }
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        response.headers[.contentSecurityPolicy] = ContentSecurity.policy(nonce: nonce)
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.xFrameOptions] = "DENY"
        response.headers[.referrerPolicy] = "same-origin"
        return response
    }
}

extension HTTPField.Name {
    static let xFrameOptions = Self("X-Frame-Options")!
    static let referrerPolicy = Self("Referrer-Policy")!
}
