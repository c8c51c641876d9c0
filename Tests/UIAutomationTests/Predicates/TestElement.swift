import UIAutomation

/// A stand-in for an element snapshot: a dictionary of attribute values.
struct TestElement: PredicateEvaluable {
    var attributes: [String: PredicateValue]

    init(_ attributes: [String: PredicateValue]) { self.attributes = attributes }

    func predicateValue(forKey key: String) -> PredicateValue? { attributes[key] }

    /// The subject most evaluation tables run against.
    static let lion = TestElement([
        "label": .string("Lion"),
        "value": .string("1"),
        "identifier": .string("animal-lion"),
        "title": .string("Café Crème"),
        "name": .string("Ångström"),
        "street": .string("Straße"),
        "emoji": .string("🦁 Lion"),
        "empty": .string(""),
        "slider": .string("75"),
        "quote": .string("say \"hi\"\\n"),
        "exists": .bool(true),
        "isHittable": .bool(false),
        "isEnabled": .bool(true),
        "elementType": .number(9),
        "count": .number(3),
        "ratio": .number(0.5),
        "temperature": .number(-4.5),
        "frame.width": .number(320),
        "nothing": .null,
    ])
}

/// Parses a format string, failing the test with the syntax error's description if it is bad.
func parse(_ format: String, _ arguments: any PredicateArgument...) throws -> ElementPredicate {
    try ElementPredicate(format: format, argumentArray: arguments)
}
