/// The app's URLs under its mount point.
struct AnimalsPaths: Sendable {
    let prefix: String

    var gallery: String { prefix.isEmpty ? "/" : prefix }
    var favoritesOnly: String { prefix + "/favorites-only" }
    var filter: String { prefix + "/filter" }
    func detail(_ animal: Animal) -> String { prefix + "/animal/" + animal.id }
    func favorite(_ animal: Animal) -> String { prefix + "/animal/" + animal.id + "/favorite" }
}
