import Hummingbird
import LabKit

/// A lab app with some of its actions broken: a POST to a path ending in one of `posts` is
/// answered with a redirect back to the page it came from, changing nothing (a button that
/// stopped working).
struct IgnoringApp: LabApp {
    let app: any LabApp
    let posts: [String]

    init(_ app: any LabApp, posts: [String]) {
        self.app = app
        self.posts = posts
    }

    var name: String { app.name }
    var summary: String { app.summary }
    var pathPrefix: String { app.pathPrefix }

    func addRoutes<Context: RequestContext>(to router: Router<Context>, launch: LaunchOptions) {
        router.add(middleware: IgnoringMiddleware(posts: posts))
        app.addRoutes(to: router, launch: launch)
    }
}

private struct IgnoringMiddleware<Context: RequestContext>: RouterMiddleware {
    let posts: [String]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .post, posts.contains(where: { request.uri.path.hasSuffix($0) }) else {
            return try await next(request, context)
        }
        return Response(status: .seeOther, headers: [.location: request.headers[.referer] ?? "/"])
    }
}
