import LabKit
import Testing

@Suite("HTML is escaped by construction")
struct HTMLEscapingTests {
    static let hostile = [
        "<script>alert('x')</script>",
        "\"><img src=x onerror=alert(1)>",
        "Tom & Jerry's \"cartoon\"",
        "</p><p data-testid='fake'>",
    ]

    @Test(arguments: hostile)
    func textCannotOpenATag(_ input: String) {
        let html = HTMLNode.el("p", [], [.text(input)]).rendered
        #expect(!html.dropFirst(3).dropLast(4).contains("<"))
        #expect(!html.dropFirst(3).dropLast(4).contains(">"))
        #expect(html.hasPrefix("<p>") && html.hasSuffix("</p>"))
    }

    @Test(arguments: hostile)
    func attributeValueCannotEscapeItsQuotes(_ input: String) {
        let html = HTMLNode.el("div", [.testID(input), .ariaLabel(input)]).rendered
        // Exactly the four quotes of the two attributes remain.
        #expect(html.filter { $0 == "\"" }.count == 4)
        #expect(!html.contains("'"))
        #expect(!html.contains("<script"))
    }

    @Test func widgetsEscapeTheirTitles() {
        let title = "<script>boom()</script>"
        let nodes: [HTMLNode] = [
            Widget.button(title, identifier: title),
            Widget.label(title, identifier: "l"),
            Widget.emptyState(title, identifier: "e"),
            Widget.switchRow(title, identifier: "s", name: "n", isOn: true),
            Widget.textField(title, identifier: "t", name: "n", placeholder: title, value: title),
            Widget.alert(title: title, message: title, identifier: "a", actions: [.init(title: title, identifier: "ok", href: "/")]),
            NavigationBar(title: title, identifier: "nav", backButton: .init(title: title, href: "/", identifier: "back")).node,
        ]
        for node in nodes {
            #expect(!node.rendered.contains("<script"), "\(node.rendered)")
        }
        let page = Page(title: title, navigationBar: NavigationBar(title: title, identifier: "n"), content: [.text(title)]).html
        #expect(!page.contains("<script>boom"))
    }

    @Test func widgetsRenderTheirRoles() {
        let table = Widget.selectionTable(identifier: "t", name: "tag", label: "Tags", rows: [
            .init(identifier: "r1", title: "One", value: "1", isSelected: true),
            .init(identifier: "r2", title: "Two", value: "2", isSelected: false),
        ], multipleSelection: true).rendered
        #expect(table.contains(#"role="listbox""#))
        #expect(table.contains(#"aria-multiselectable="true""#))
        #expect(table.contains(#"role="option" data-testid="r1" aria-selected="true""#))
        #expect(table.contains(#"role="option" data-testid="r2" aria-selected="false""#))
        #expect(Widget.switchRow("Wi-Fi", identifier: "wifi", name: "wifi", isOn: true).rendered.contains(#"role="switch""#))
        #expect(Widget.alert(title: "T", message: "M", identifier: "a", actions: []).rendered.contains(#"role="alertdialog""#))
        #expect(NavigationBar(title: "T", identifier: "n").node.rendered.hasPrefix("<nav"))
    }
}
