import Testing
import UIAutomation

/// Typed construction: each builder equals the predicate parsed from its description.
@Suite("Typed predicates")
struct TypedPredicateTests {
    typealias Key = PredicateKeyExpression

    static let builders: [(ElementPredicate, String)] = [
        (ElementPredicate.key("label") == "Lion", "label == \"Lion\""),
        (ElementPredicate.key("label").equals("lion", options: .caseInsensitive), "label ==[c] \"lion\""),
        (ElementPredicate.key("label") != "Tiger", "label != \"Tiger\""),
        (ElementPredicate.key("label").notEquals("tiger", options: [.caseInsensitive, .diacriticInsensitive]), "label !=[cd] \"tiger\""),
        (Key.elementType == 9, "elementType == 9"),
        (Key.elementType < 10, "elementType < 10"),
        (Key.elementType <= 9, "elementType <= 9"),
        (Key.elementType > 8.5, "elementType > 8.5"),
        (Key.elementType >= 9, "elementType >= 9"),
        (Key.elementType.between(1, 10), "elementType BETWEEN {1, 10}"),
        (Key.value == 1, "value == 1"),
        (Key.value == PredicateValue.null, "value == nil"),
        (Key.exists == true, "exists == true"),
        (Key.label.contains("io"), "label CONTAINS \"io\""),
        (Key.label.contains("IO", options: .caseInsensitive), "label CONTAINS[c] \"IO\""),
        (Key.label.beginsWith("Li"), "label BEGINSWITH \"Li\""),
        (Key.title.beginsWith("cafe", options: .diacriticInsensitive), "title BEGINSWITH[d] \"cafe\""),
        (Key.label.endsWith("on"), "label ENDSWITH \"on\""),
        (Key.label.like("L?o*"), "label LIKE \"L?o*\""),
        (Key.label.matches("L.*n"), "label MATCHES \"L.*n\""),
        (Key.label.matches("\\d+"), "label MATCHES \"\\\\d+\""),
        (Key.label.in(["Lion", "Tiger"]), "label IN {\"Lion\", \"Tiger\"}"),
        (Key.elementType.in([8, 9]), "elementType IN {8, 9}"),
        (Key.label.in(["lion"], options: .caseInsensitive), "label IN[c] {\"lion\"}"),
        (Key.label == Key.title, "label == title"),
        (ElementPredicate.key("in") == 1, "#in == 1"),
        (ElementPredicate.key("frame.width") > 100, "frame.width > 100"),
        (.exists, "exists == true"),
        (.isHittable, "isHittable == true"),
        (.isEnabled, "isEnabled == true"),
        (.isSelected, "isSelected == true"),
        (.hasFocus, "hasFocus == true"),
        (!.isHittable, "NOT (isHittable == true)"),
        (.exists && Key.label == "Lion", "exists == true AND label == \"Lion\""),
        (.exists && Key.label == "Lion" && Key.value == 1, "exists == true AND label == \"Lion\" AND value == 1"),
        (.exists || !.isEnabled, "exists == true OR NOT (isEnabled == true)"),
        ((Key.label == "a" || Key.label == "b") && .exists, "(label == \"a\" OR label == \"b\") AND exists == true"),
        (Key.label == "a" || Key.label == "b" && .exists, "label == \"a\" OR (label == \"b\" AND exists == true)"),
        (.and([.exists, .isEnabled, .isHittable]), "exists == true AND isEnabled == true AND isHittable == true"),
        (.or([.exists, .isEnabled]), "exists == true OR isEnabled == true"),
        (.and([]), "TRUEPREDICATE"),
        (.or([]), "FALSEPREDICATE"),
        (.and([.exists]), "exists == true"),
        (.truePredicate, "TRUEPREDICATE"),
        (.falsePredicate, "FALSEPREDICATE"),
    ]

    @Test(arguments: builders)
    func builderMatchesFormat(predicate: ElementPredicate, format: String) throws {
        #expect(predicate.description == format)
        #expect(try parse(format) == predicate)
    }

    @Test func implicitMembersReadNaturally() {
        func matching(_ predicate: ElementPredicate) -> Bool { predicate.evaluate(TestElement.lion) }
        #expect(matching(.label == "Lion"))
        #expect(matching(.elementType == 9))
        #expect(matching(.exists && !.isHittable))
        #expect(matching(.exists == 1))
        #expect(!matching(.label.beginsWith("Ti")))
        #expect(matching(.elementType == 9 && .isEnabled))
        #expect(matching(.value.between(0, 2)))
        #expect(!matching(.label == PredicateKeyExpression.title))
    }

    @Test func referencedKeysOfTypedPredicates() {
        let predicate = ElementPredicate.isHittable && Key.label == Key.title
        #expect(predicate.referencedKeys == ["isHittable", "label", "title"])
    }

    @Test func typedMatchesParsedOnEvaluation() throws {
        let subjects = [
            TestElement.lion,
            TestElement(["label": .string("Tiger"), "exists": .bool(false)]),
            TestElement([:]),
        ]
        let pairs: [(ElementPredicate, String)] = [
            (.exists && Key.label.beginsWith("L", options: .caseInsensitive), "exists == 1 AND label BEGINSWITH[c] 'l'"),
            (!.exists || Key.value == "1", "NOT exists == YES OR value == 1"),
        ]
        for (typed, format) in pairs {
            let parsed = try parse(format)
            for subject in subjects {
                #expect(typed.evaluate(subject) == parsed.evaluate(subject))
            }
        }
    }
}
