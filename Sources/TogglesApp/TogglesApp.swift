import Foundation
public import Hummingbird
public import LabKit

/// The Toggles lab app: a "Settings" root screen and a toggles screen built like a SwiftUI
/// `Form`, where each toggle is one switch spanning its row with an inner switch at the
/// trailing edge — and only the inner switch reacts to taps (the seed's "tap() on a toggle
/// does nothing").
///
/// Every ``addRoutes(to:launch:)`` is one launch with its own ``TogglesState``, made from
/// the launch arguments and environment (see ``TogglesState/init(launch:)``).
///
/// | route | what |
/// |---|---|
/// | `GET /` | the root screen ("Settings") |
/// | `GET /switches` | the toggles screen |
/// | `POST /switches/{id}` | `on=1` or `on=0`: sets a toggle; `204` for a script's `fetch` (header `X-Lab-Fetch`), else `303` back to the toggles screen. `404` unknown toggle, `400` bad value, `409` disabled or hidden toggle |
public struct TogglesApp: LabApp {
    public let name = "Toggles"
    public let summary = "A settings form of toggles whose rows ignore taps: only the switch does"
    public let pathPrefix: String

    /// The app mounted at `pathPrefix` (no trailing slash).
    public init(pathPrefix: String = "/toggles") {
        self.pathPrefix = pathPrefix
    }

    public func addRoutes<Context: RequestContext>(to router: Router<Context>, launch: LaunchOptions) {
        let store = LaunchStore(TogglesState(launch: launch))
        let paths = TogglesPaths(prefix: pathPrefix)
        let group = router.group(RouterPath(pathPrefix))

        group.get { _, _ in
            RootScreen(state: store.current, paths: paths).page
        }
        group.get("switches") { _, _ in
            TogglesScreen(state: store.current, paths: paths).page
        }
        group.post("switches/:id") { request, context in
            guard let id = context.parameters.get("id"), let setting = Toggles.setting(id: id) else {
                throw HTTPError(.notFound, message: "No such toggle")
            }
            let value = try await FormBody(request: request, limit: 1_024).value(named: "on")
            guard let value, value == "1" || value == "0" else {
                throw HTTPError(.badRequest, message: "Send on=1 or on=0")
            }
            do throws(ToggleChangeError) {
                try store.update { (state: inout TogglesState) throws(ToggleChangeError) in try state.set(setting, on: value == "1") }
            } catch {
                throw HTTPError(.conflict, message: error.description)
            }
            if request.headers.contains(where: { $0.name.canonicalName == "x-lab-fetch" }) {
                return Response(status: .noContent, headers: [.cacheControl: "no-store"])
            }
            return Response.seeOther(paths.toggles)
        }
    }
}
