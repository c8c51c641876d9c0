public import Hummingbird

/// A lab app that can be mounted on a shared router under its own path prefix, so several
/// apps can be served from one origin (`lab serve`) or one at a time (a test launch).
///
/// Each call of ``addRoutes(to:launch:)`` is one launch: the app creates fresh state from
/// the launch options and captures it in its routes, so two launches never share state.
public protocol LabApp: Sendable {
    /// The app's name, shown on the index page.
    var name: String { get }
    /// A one-line description for the index page.
    var summary: String { get }
    /// Where the app lives, e.g. `/animals` (no trailing slash).
    var pathPrefix: String { get }
    /// Adds the app's routes under ``pathPrefix`` with state made from `launch`. Apps need
    /// nothing of the context but what every Hummingbird context has; lab servers use
    /// `LabRequestContext` (ServerDefenses).
    func addRoutes<Context: RequestContext>(to router: Router<Context>, launch: LaunchOptions)
}
