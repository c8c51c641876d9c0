/// One animal of the gallery.
public struct Animal: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// A stable lowercase id, used in URLs and identifiers (`lion`).
    public let id: String
    /// The name shown (`Lion`).
    public let name: String
    /// Its filter tags (`mammal`, `africa`, …).
    public let tags: [String]
    /// Its cartoon, inline SVG.
    let art: StaticString

    init(id: String, name: String, tags: [String], art: StaticString) {
        self.id = id
        self.name = name
        self.tags = tags
        self.art = art
    }

    public var description: String { name }

    public static func == (lhs: Animal, rhs: Animal) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
