import Testing
import UIAutomation

/// Bad format strings: each error names the offset, what was expected and what was found.
@Suite("Predicate syntax errors")
struct PredicateSyntaxErrorTests {
    @Test func descriptionPointsAtTheProblem() {
        let error = #expect(throws: PredicateSyntaxError.self) { try parse("label ==") }
        #expect(error?.description == """
            Bad predicate "label ==": expected a value after '==' at offset 8, found end of input
            label ==
                    ^
            """)
    }

    @Test func caretStaysAlignedAcrossLineBreaks() {
        let error = #expect(throws: PredicateSyntaxError.self) { try parse("a == 1 AND\n\tb ==") }
        #expect(error?.description.hasSuffix("a == 1 AND  b ==\n                ^") == true)
    }

    /// (format, offset, expected, found)
    static let cases: [(String, Int, String, String)] = [
        // Missing operands.
        ("label ==", 8, "a value after '=='", "end of input"),
        ("label CONTAINS", 14, "a value after 'CONTAINS'", "end of input"),
        ("label == AND", 9, "a value after '=='", "'AND'"),
        ("== \"x\"", 0, "a predicate", "'=='"),
        ("", 0, "a predicate", "end of input"),
        ("   ", 3, "a predicate", "end of input"),
        ("label == \"a\" AND", 16, "a predicate after 'AND'", "end of input"),
        ("label == \"a\" &&", 15, "a predicate after '&&'", "end of input"),
        ("label == \"a\" or", 15, "a predicate after 'or'", "end of input"),
        ("label == \"a\" OR OR b == 1", 16, "a predicate after 'OR'", "'OR'"),
        ("NOT", 3, "a predicate after 'NOT'", "end of input"),
        ("!", 1, "a predicate after '!'", "end of input"),
        // Unknown or missing operators.
        ("label", 5, "an operator (==, !=, <, <=, >, >=, CONTAINS, BEGINSWITH, ENDSWITH, LIKE, MATCHES, IN, BETWEEN) after 'label'", "end of input"),
        ("label EQUALS \"x\"", 6, "an operator (==, !=, <, <=, >, >=, CONTAINS, BEGINSWITH, ENDSWITH, LIKE, MATCHES, IN, BETWEEN) after 'label'", "'EQUALS'"),
        ("'x' 'y'", 4, "an operator (==, !=, <, <=, >, >=, CONTAINS, BEGINSWITH, ENDSWITH, LIKE, MATCHES, IN, BETWEEN) after 'x'", "'y'"),
        ("label === \"x\"", 8, "a value after '=='", "'='"),
        ("label =! \"x\"", 7, "a value after '='", "'!'"),
        ("a == 1 & b == 2", 7, "'&&'", "'&'"),
        ("a == 1 | b == 2", 7, "'||'", "'|'"),
        ("label == @x", 9, "a key path, value or operator", "'@'"),
        ("label ~= 'x'", 6, "a key path, value or operator", "'~'"),
        // Unbalanced parentheses and trailing input.
        ("(label == \"x\"", 13, "')' to close the '(' from offset 0", "end of input"),
        ("((a == 1)", 9, "')' to close the '(' from offset 0", "end of input"),
        ("a == 1 AND (b == 2 OR c == 3", 28, "')' to close the '(' from offset 11", "end of input"),
        ("label == \"x\")", 12, "end of input (this ')' has no matching '(')", "')'"),
        ("()", 1, "a predicate after '('", "')'"),
        ("label == \"x\" \"y\"", 13, "AND, OR or end of input", "\"y\""),
        ("label == \"Lion\" label", 16, "AND, OR or end of input", "'label'"),
        ("a == 1 == 2", 7, "AND, OR or end of input", "'=='"),
        // Strings and numbers.
        ("label == \"Lion", 9, "a closing \" for the string starting here", "end of input"),
        ("label == 'Lion", 9, "a closing ' for the string starting here", "end of input"),
        ("label == 'Lion\\'", 9, "a closing ' for the string starting here", "end of input"),
        ("label == \"\\uZZ\"", 10, "a Unicode escape such as \\u00E9 or \\u{1F981}", "'\\'"),
        ("label == \"\\u{110000}\"", 10, "a Unicode escape such as \\u00E9 or \\u{1F981}", "'\\'"),
        ("label == 1.2.3", 9, "a number", "'1.2.3'"),
        ("label == 12abc", 9, "a number", "'12abc'"),
        ("label == 0xZZ", 9, "a number", "'0xZZ'"),
        ("label == 1e999", 9, "a number", "'1e999'"),
        // Modifiers.
        ("label ==[x] \"a\"", 9, "a modifier: c, d or cd", "'x'"),
        ("label ==[cc] \"a\"", 9, "a modifier: c, d or cd", "'cc'"),
        ("label ==[cdn] \"a\"", 9, "a modifier: c, d or cd", "'cdn'"),
        ("label ==[] \"a\"", 9, "a modifier: c, d or cd", "']'"),
        ("label ==[c \"a\"", 11, "']' to close the modifier", "\"a\""),
        // Operands the engine does not support.
        ("SELF == \"x\"", 0, "an attribute key path such as label (SELF is not supported)", "'SELF'"),
        ("ANY label == \"x\"", 0, "a key path or value (ANY, ALL, SOME and NONE are not supported: attributes are single values)", "'ANY'"),
        ("label == $name", 9, "a key path or value (variables such as $name are not supported; use %@ arguments)", "'$'"),
        ("label.", 6, "a key name after '.'", "end of input"),
        ("label..x == 1", 6, "a key name after '.'", "'.'"),
        ("# == 1", 1, "a key name after '#'", "' '"),
        ("label == contains", 9, "a value after '=='", "'contains'"),
        ("label NOT CONTAINS \"x\"", 6, "an operator (==, !=, <, <=, >, >=, CONTAINS, BEGINSWITH, ENDSWITH, LIKE, MATCHES, IN, BETWEEN) after 'label'", "'NOT'"),
        ("items.@count == 1", 6, "a key name after '.'", "'@'"),
        ("n + 1 == 2", 2, "a key path, value or operator", "'+'"),
        ("n - m == 2", 2, "a key path, value or operator", "'-'"),
        // Operator-specific right-hand sides.
        ("n BETWEEN {1}", 10, "a list of two values {lower, upper} after 'BETWEEN'", "a list of 1 value"),
        ("n BETWEEN 5", 10, "a list of two values {lower, upper} after 'BETWEEN'", "'5'"),
        ("n IN 5", 5, "a list { … }, a string or a key path after 'IN'", "'5'"),
        ("n IN nil", 5, "a list { … }, a string or a key path after 'IN'", "'nil'"),
        ("n IN {\"a\" \"b\"}", 10, "',' or '}' in the list", "\"b\""),
        ("n IN {\"a\", label}", 11, "a constant value in the list (a string, number, boolean or nil)", "'label'"),
        ("n IN {\"a\",", 10, "a constant value in the list (a string, number, boolean or nil)", "end of input"),
        ("n IN {", 6, "a constant value in the list (a string, number, boolean or nil)", "end of input"),
        ("label MATCHES \"(\"", 14, "a valid regular expression after 'MATCHES'", "\"(\""),
        ("label MATCHES[c] '[a-'", 17, "a valid regular expression after 'MATCHES'", "'[a-'"),
        ("label matches 'a)|(b'", 14, "a valid regular expression after 'matches'", "'a)|(b'"),
        // Offsets count characters, not bytes.
        ("título == ", 10, "a value after '=='", "end of input"),
        ("\"🦁\" == label AND", 16, "a predicate after 'AND'", "end of input"),
    ]

    @Test(arguments: cases)
    func badFormat(format: String, offset: Int, expected: String, found: String) {
        let error = #expect(throws: PredicateSyntaxError.self) { try parse(format) }
        #expect(error?.format == format)
        #expect(error?.offset == offset)
        #expect(error?.expected == expected)
        #expect(error?.found == found)
    }
}
