public import Hummingbird

/// One screen of a lab app: the iOS-style page shell (system font, phone-width column centred
/// on wider screens, navigation bar, light and dark mode, push/pop transitions) around
/// `content`. A Hummingbird `ResponseGenerator`: return it from a route.
public struct Page: ResponseGenerator, Sendable {
    /// The document title.
    public var title: String
    /// The bar at the top.
    public var navigationBar: NavigationBar
    /// The screen's content, below the bar.
    public var content: [HTMLNode]
    /// Page-specific scripts, run at the end of the body.
    public var scripts: [StaticString]
    /// Page-specific CSS, after the shell's stylesheet. The pages' Content Security Policy
    /// allows styles only from `<style>` elements with the response's nonce: `style` attributes
    /// are blocked, so a screen's own layout goes here, as classes.
    public var styles: [StaticString]

    /// A page titled `title` with `navigationBar` over `content`.
    public init(title: String, navigationBar: NavigationBar, content: [HTMLNode], scripts: [StaticString] = [],
                styles: [StaticString] = []) {
        self.title = title
        self.navigationBar = navigationBar
        self.content = content
        self.scripts = scripts
        self.styles = styles
    }

    /// The whole document.
    public var html: String {
        let document = HTMLNode.el("html", [HTMLAttribute("lang", "en")], [
            .el("head", [], [
                .el("meta", [HTMLAttribute("charset", "utf-8")]),
                .el("meta", [HTMLAttribute("name", "viewport"), HTMLAttribute("content", "width=device-width, initial-scale=1, viewport-fit=cover")]),
                .el("meta", [HTMLAttribute("name", "color-scheme"), HTMLAttribute("content", "light dark")]),
                .el("title", [], [.text(title)]),
                .el("style", [], [.trusted(PageStyle.css)]),
                .fragment(styles.map { .el("style", [], [.trusted($0)]) }),
                .el("script", [], [.trusted(PageScript.head)]),
            ]),
            .el("body", [], [
                .el("div", [.class("lab-screen")], [
                    navigationBar.node,
                    .el("main", [.class("lab-content")], content),
                ]),
                .el("script", [], [.trusted(PageScript.body)]),
                .fragment(scripts.map { .el("script", [], [.trusted($0)]) }),
            ]),
        ])
        return "<!DOCTYPE html>" + document.rendered
    }

    /// A `200 OK` `text/html` response that no cache keeps (every visit shows the current state).
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: html))
        )
    }
}
