public import LabKit

/// One launch's state: the favourites and the gallery filter.
public struct AnimalsState: Sendable, Equatable {
    /// Ids of the favourited animals.
    public var favorites: Set<String>
    /// What the gallery shows.
    public var filter: GalleryFilter

    /// A state with `favorites` and `filter`.
    public init(favorites: Set<String> = [], filter: GalleryFilter = GalleryFilter()) {
        self.favorites = favorites
        self.filter = filter
    }

    /// The state a launch starts with. Unknown animals and tags are ignored.
    ///
    /// | launch argument | environment | meaning |
    /// |---|---|---|
    /// | `-favorites lion,zebra` | `LAB_FAVORITES=lion,zebra` | favourited animals (ids) |
    /// | `-filters stripes,farm` | `LAB_FILTERS=stripes,farm` | selected tags |
    /// | `-favoritesOnly YES` | `LAB_FAVORITES_ONLY=1` | favourites-only on |
    public init(launch: LaunchOptions) {
        let ids = Set(Animals.all.map(\.id))
        let tags = Set(Animals.allTags)
        self.init(
            favorites: Set(launch.list(argument: "favorites", environment: "LAB_FAVORITES") ?? []).intersection(ids),
            filter: GalleryFilter(
                tags: Set(launch.list(argument: "filters", environment: "LAB_FILTERS") ?? []).intersection(tags),
                favoritesOnly: launch.flag(argument: "favoritesOnly", environment: "LAB_FAVORITES_ONLY")
            )
        )
    }

    /// The animals the gallery shows now.
    public var visibleAnimals: [Animal] { filter.apply(to: Animals.all, favorites: favorites) }

    /// Favourites `id` if it is not, unfavourites it if it is.
    public mutating func toggleFavorite(_ id: String) {
        if favorites.remove(id) == nil { favorites.insert(id) }
    }
}
