/// The app's twelve animals and their tags. Tests import this: one source of truth.
public enum Animals {
    /// Every animal, in gallery order.
    public static let all: [Animal] = [
        Animal(id: "lion", name: "Lion", tags: ["mammal", "africa", "wild"], art: AnimalArt.lion),
        Animal(id: "tiger", name: "Tiger", tags: ["mammal", "asia", "stripes", "wild"], art: AnimalArt.tiger),
        Animal(id: "zebra", name: "Zebra", tags: ["mammal", "africa", "stripes", "wild"], art: AnimalArt.zebra),
        Animal(id: "elephant", name: "Elephant", tags: ["mammal", "africa", "asia", "wild"], art: AnimalArt.elephant),
        Animal(id: "giraffe", name: "Giraffe", tags: ["mammal", "africa", "spots", "wild"], art: AnimalArt.giraffe),
        Animal(id: "cow", name: "Cow", tags: ["mammal", "farm", "spots"], art: AnimalArt.cow),
        Animal(id: "pig", name: "Pig", tags: ["mammal", "farm"], art: AnimalArt.pig),
        Animal(id: "chicken", name: "Chicken", tags: ["bird", "farm"], art: AnimalArt.chicken),
        Animal(id: "penguin", name: "Penguin", tags: ["bird", "ocean"], art: AnimalArt.penguin),
        Animal(id: "owl", name: "Owl", tags: ["bird", "wild"], art: AnimalArt.owl),
        Animal(id: "whale", name: "Whale", tags: ["mammal", "ocean"], art: AnimalArt.whale),
        Animal(id: "clownfish", name: "Clownfish", tags: ["fish", "ocean", "stripes"], art: AnimalArt.clownfish),
    ]

    /// Every tag used, once each, sorted: the rows of the filter screen.
    public static let allTags: [String] = Array(Set(all.flatMap(\.tags))).sorted()

    /// The animal with `id`, if there is one.
    public static func animal(id: String) -> Animal? { all.first { $0.id == id } }
}
