/// The accessibility identifiers (`data-testid`) the app renders and its tests query: one
/// source of truth.
public enum AnimalsIdentifiers {
    // MARK: Gallery

    /// The gallery's navigation bar.
    public static let galleryNavigationBar = "animals.gallery.navigationBar"
    /// The collection view of animals.
    public static let gallery = "animals.gallery"
    /// The cell of an animal.
    public static func cell(_ animalID: String) -> String { "animals.cell.\(animalID)" }
    /// The image in an animal's cell.
    public static func cellImage(_ animalID: String) -> String { "animals.cell.\(animalID).image" }
    /// The favourite star on an animal's cell.
    public static func cellStar(_ animalID: String) -> String { "animals.cell.\(animalID).star" }
    /// The bar button that opens the filter screen.
    public static let filterButton = "animals.filterButton"
    /// The star bar button that turns favourites-only on and off.
    public static let favoritesToggle = "animals.favoritesToggle"
    /// The "No animals found" message.
    public static let emptyState = "animals.emptyState"

    // MARK: Detail

    /// The detail screen's navigation bar.
    public static let detailNavigationBar = "animals.detail.navigationBar"
    /// The back button of the detail and filter screens.
    public static let backButton = "animals.back"
    /// The large image.
    public static let detailImage = "animals.detail.image"
    /// The animal's name.
    public static let detailName = "animals.detail.name"
    /// One of the animal's tags.
    public static func detailTag(_ tag: String) -> String { "animals.detail.tag.\(tag)" }
    /// The favourite star on the large image.
    public static let detailStar = "animals.detail.star"
    /// The green button that toggles the favourite.
    public static let favoriteButton = "animals.detail.favoriteButton"

    // MARK: Filter

    /// The filter screen's navigation bar.
    public static let filterNavigationBar = "animals.filter.navigationBar"
    /// The table of tags.
    public static let filterTable = "animals.filter.table"
    /// The row of a tag.
    public static func filterRow(_ tag: String) -> String { "animals.filter.tag.\(tag)" }
    /// "Clear all": deselects every tag.
    public static let clearAllButton = "animals.filter.clearAll"
    /// "Done": hands the selection back to the gallery.
    public static let doneButton = "animals.filter.done"
}
