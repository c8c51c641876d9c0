import Foundation
public import Hummingbird
public import LabKit

/// Automation Animals, the seed's gallery app: twelve animals, a detail screen with a
/// favourite button, tag filters (OR) and a favourites-only switch.
///
/// Every ``addRoutes(to:launch:)`` is one launch with its own ``AnimalsState``, made from
/// the launch arguments and environment (see ``AnimalsState/init(launch:)``).
public struct AnimalsApp: LabApp {
    public let name = "Automation Animals"
    public let summary = "A gallery of 12 animals with filters and favourites"
    public let pathPrefix: String

    /// The app mounted at `pathPrefix` (no trailing slash).
    public init(pathPrefix: String = "/animals") {
        self.pathPrefix = pathPrefix
    }

    public func addRoutes<Context: RequestContext>(to router: Router<Context>, launch: LaunchOptions) {
        let store = LaunchStore(AnimalsState(launch: launch))
        let paths = AnimalsPaths(prefix: pathPrefix)
        let group = router.group(RouterPath(pathPrefix))

        group.get { _, _ in
            GalleryScreen(state: store.current, paths: paths).page
        }
        group.post("favorites-only") { _, _ in
            store.update { $0.filter.favoritesOnly.toggle() }
            return Response.seeOther(paths.gallery)
        }
        group.get("animal/:id") { _, context in
            let animal = try Self.animal(context)
            return DetailScreen(animal: animal, isFavorite: store.current.favorites.contains(animal.id), paths: paths).page
        }
        group.post("animal/:id/favorite") { _, context in
            let animal = try Self.animal(context)
            store.update { $0.toggleFavorite(animal.id) }
            return Response.seeOther(paths.detail(animal))
        }
        group.get("filter") { _, _ in
            FilterScreen(selected: store.current.filter.tags, paths: paths).page
        }
        group.post("filter") { request, _ in
            let tags = Set(try await FormBody(request: request).values(named: "tag")).intersection(Animals.allTags)
            store.update { $0.filter.tags = tags }
            return Response.seeOther(paths.gallery)
        }
    }

    private static func animal(_ context: some RequestContext) throws -> Animal {
        guard let id = context.parameters.get("id"), let animal = Animals.animal(id: id) else {
            throw HTTPError(.notFound, message: "No such animal")
        }
        return animal
    }
}
