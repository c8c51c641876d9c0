/// What the gallery shows: the animals carrying ANY of the selected tags (no tags: every
/// animal), AND — when favourites-only is on — only the favourites.
public struct GalleryFilter: Sendable, Equatable {
    /// The message shown when nothing matches.
    public static let emptyMessage = "No animals found"

    /// The selected tags (OR).
    public var tags: Set<String>
    /// Whether only favourites are shown.
    public var favoritesOnly: Bool

    /// A filter on `tags`, optionally favourites only.
    public init(tags: Set<String> = [], favoritesOnly: Bool = false) {
        self.tags = tags
        self.favoritesOnly = favoritesOnly
    }

    /// Whether `animal` is shown, given the `favorites`.
    public func includes(_ animal: Animal, favorites: Set<String>) -> Bool {
        (tags.isEmpty || !tags.isDisjoint(with: animal.tags)) && (!favoritesOnly || favorites.contains(animal.id))
    }

    /// The animals shown, in their order.
    public func apply(to animals: [Animal], favorites: Set<String>) -> [Animal] {
        animals.filter { includes($0, favorites: favorites) }
    }
}
