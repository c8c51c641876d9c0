import Testing
import UIAutomation

/// Parsing structure, canonical descriptions, and description round trips.
@Suite("Predicate format and description")
struct PredicateFormatTests {
    /// Spellings that must parse to the same predicate.
    static let equivalents: [(String, String)] = [
        ("label = 'x'", "label == \"x\""),
        ("label <> 'x'", "label != 'x'"),
        ("n =< 1", "n <= 1"),
        ("n => 1", "n >= 1"),
        ("a == 1 && b == 2", "a == 1 AND b == 2"),
        ("a == 1 || b == 2", "a == 1 OR b == 2"),
        ("!(a == 1)", "NOT a == 1"),
        ("a == 1 and b == 2 or not c == 3", "a == 1 AND b == 2 OR NOT c == 3"),
        ("exists == YES", "exists == true"),
        ("exists == no", "exists == FALSE"),
        ("value == NULL", "value == nil"),
        ("label ==[dc] 'x'", "label ==[cd] 'x'"),
        ("label contains[c] 'x'", "label CONTAINS[c] 'x'"),
        ("label BeginsWith 'x'", "label BEGINSWITH 'x'"),
        ("(a == 1 AND b == 2) AND c == 3", "a == 1 AND (b == 2 AND c == 3)"),
        ("a == 1 AND b == 2 AND c == 3", "(a == 1 AND b == 2) AND c == 3"),
        ("(a == 1 OR b == 2) OR c == 3", "a == 1 OR b == 2 OR c == 3"),
        ("a == 1 OR b == 2 AND c == 3", "a == 1 OR (b == 2 AND c == 3)"),
        ("NOT a == 1 AND b == 2", "(NOT a == 1) AND b == 2"),
        ("((a == 1))", "a == 1"),
        ("x IN { 'a' , \"b\" }", "x IN {'a', 'b'}"),
        ("n == 0x10", "n == 16"),
        ("n == 1.5e2", "n == 150"),
        ("#value == 1", "value == 1"),
    ]

    @Test(arguments: equivalents)
    func equivalentSpellings(first: String, second: String) throws {
        #expect(try parse(first) == parse(second))
    }

    @Test func precedenceIsStructural() throws {
        #expect(try parse("a == 1 OR b == 2 AND c == 3") != parse("(a == 1 OR b == 2) AND c == 3"))
        #expect(try parse("NOT a == 1 AND b == 2") != parse("NOT (a == 1 AND b == 2)"))
    }

    /// Input → canonical description.
    static let descriptions: [(String, String)] = [
        ("label = 'Lion'", "label == \"Lion\""),
        ("exists == YES", "exists == true"),
        ("exists == 1", "exists == 1"),
        ("value <> NULL", "value != nil"),
        ("label contains[cd] 'x'", "label CONTAINS[cd] \"x\""),
        ("label like[c] 'a*'", "label LIKE[c] \"a*\""),
        ("label MATCHES \"\\d+\"", "label MATCHES \"\\\\d+\""),
        ("n =< 1 && n => 0", "n <= 1 AND n >= 0"),
        ("a == 1 && (b == 2 || !(c == 3))", "a == 1 AND (b == 2 OR NOT (c == 3))"),
        ("a == 1 OR b == 2 AND c == 3", "a == 1 OR (b == 2 AND c == 3)"),
        ("NOT NOT a == 1", "NOT (NOT (a == 1))"),
        ("x IN { 'a' , \"b\" }", "x IN {\"a\", \"b\"}"),
        ("x IN {}", "x IN {}"),
        ("x BETWEEN {1, 2.5}", "x BETWEEN {1, 2.5}"),
        ("ratio == .5", "ratio == 0.5"),
        ("n == -0.25", "n == -0.25"),
        ("n == 1e20", "n == 1e+20"),
        ("label == 'a\"b\\\\c\\n\\t'", "label == \"a\\\"b\\\\c\\n\\t\""),
        ("label == 'café 🦁'", "label == \"café 🦁\""),
        ("#in == 1", "#in == 1"),
        ("#Contains == 1", "#Contains == 1"),
        ("frame.width > 100", "frame.width > 100"),
        ("TRUEPREDICATE", "TRUEPREDICATE"),
        ("falsepredicate OR TRUEPREDICATE", "FALSEPREDICATE OR TRUEPREDICATE"),
        ("'Lion' == label", "\"Lion\" == label"),
    ]

    @Test(arguments: descriptions)
    func canonicalDescription(format: String, description: String) throws {
        #expect(try parse(format).description == description)
    }

    static let roundTrips: [String] = descriptions.map(\.0) + equivalents.map(\.0) + [
        "label == \"\\r\\n\\u0000\"",
        "label ENDSWITH[d] \"ö\" OR (exists == false AND NOT (value IN {1, \"2\", true, nil}))",
        "elementType BETWEEN {-1, 1e-7}",
        "title MATCHES[cd] \"(?i)caf.\\\\s\"",
    ]

    @Test(arguments: roundTrips)
    func descriptionRoundTrips(format: String) throws {
        let predicate = try parse(format)
        let reparsed = try parse(predicate.description)
        #expect(reparsed == predicate)
        #expect(reparsed.description == predicate.description)
        #expect(reparsed.evaluate(TestElement.lion) == predicate.evaluate(TestElement.lion))
    }

    @Test func referencedKeys() throws {
        #expect(try parse("label == 'x' AND (isHittable == true OR NOT value BEGINSWITH identifier)").referencedKeys
            == ["label", "isHittable", "value", "identifier"])
        #expect(try parse("%K == %@", "frame.width", 3).referencedKeys == ["frame.width"])
        #expect(try parse("TRUEPREDICATE").referencedKeys.isEmpty)
        #expect(try parse("'x' IN {'x'}").referencedKeys.isEmpty)
        #expect(try parse("#in == 1").referencedKeys == ["in"])
    }

    @Test func predicatesAreSendable() async throws {
        let predicate = try parse("label MATCHES 'L.*'")
        let result = await Task.detached { predicate.evaluate(TestElement.lion) }.value
        #expect(result)
    }
}
