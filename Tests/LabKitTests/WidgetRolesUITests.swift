import Hummingbird
import LabKit
import LabTesting
import Testing
import UIAutomation
import TestSupport

/// One page with every LabKit widget.
struct WidgetsApp: LabApp {
    let name = "Widgets"
    let summary = "Every LabKit widget"
    let pathPrefix = "/widgets"

    func addRoutes<Context: RequestContext>(to router: Router<Context>, launch: LaunchOptions) {
        router.get("/widgets") { request, _ in
            let showAlert = request.uri.queryParameters.get("alert") != nil
            return Page(
                title: "Widgets",
                navigationBar: NavigationBar(
                    title: "Widgets", identifier: "nav", titleStyle: .inline,
                    backButton: .init(title: "Home", href: "/", identifier: "back")
                ),
                content: [
                    Widget.collectionView(identifier: "grid", cells: [
                        .init(identifier: "cell1", label: "One", href: "#", content: [.text("One")]),
                        .init(identifier: "cell2", label: "Two", href: "#", content: [.text("Two")]),
                    ]),
                    Widget.selectionTable(identifier: "single", name: "s", label: "Single", rows: [
                        .init(identifier: "a", title: "A", value: "a", isSelected: true),
                        .init(identifier: "b", title: "B", value: "b", isSelected: false),
                    ], multipleSelection: false),
                    Widget.label("Hello", identifier: "label"),
                    Widget.image("<svg viewBox=\"0 0 10 10\"><circle cx=\"5\" cy=\"5\" r=\"5\"/></svg>", label: "Dot", identifier: "image"),
                    Widget.switchRow("Wi-Fi", identifier: "wifi", name: "wifi", isOn: true),
                    Widget.textField("Name", identifier: "name", name: "name", placeholder: "Your name"),
                    Widget.button("Save", identifier: "save", type: "button"),
                    showAlert ? Widget.alert(title: "Hi", message: "There", identifier: "alert", actions: [.init(title: "OK", identifier: "ok", href: "/widgets")]) : .empty,
                ]
            )
        }
    }
}

@Suite("LabKit widgets in the browser", .heavyWork)
struct WidgetRolesUITests {
    @Test func widgetsHaveTheirXCUITestTypes() async throws {
        let app = Application(host: LabAppHost(app: WidgetsApp()))
        try await app.launch()
        #expect(try await app.navigationBars["nav"].label == "Widgets")
        #expect(try await app.navigationBars["nav"].buttons["back"].label == "Home")
        #expect(try await app.collectionViews["grid"].cells.count == 2)
        #expect(try await app.tables["single"].cells.count == 2)
        #expect(try await app.cells["a"].isSelected)
        #expect(try await app.staticTexts["label"].label == "Hello")
        #expect(try await app.images["image"].label == "Dot")
        #expect(try await app.switches["wifi"].value == "1")
        #expect(try await app.textFields["name"].placeholderValue == "Your name")
        #expect(try await app.buttons["save"].label == "Save")  // the title alone: app.buttons["Save"]
        #expect(try await app.buttons["save"].value == "blue")  // the computed tint, as the description
        #expect(try await app.buttons["Save"].exists)
        #expect(try await app.collectionViews["grid"].cells["Two"].exists)  // a cell's name is its label
        #expect(try await !app.alerts["alert"].exists)
        await app.terminate()
    }

    @Test func alertIsAModalThatItsActionDismisses() async throws {
        let app = Application(host: URLHostForAlert())
        try await app.launch()
        #expect(try await app.alerts["alert"].label == "Hi")
        #expect(try await !app.buttons["save"].isHittable)  // covered by the scrim
        try await app.alerts["alert"].buttons["ok"].tap()
        #expect(try await !app.alerts["alert"].exists)
        #expect(try await app.buttons["save"].isHittable)
        await app.terminate()
    }

    @Test func singleSelectionTableKeepsOneRowSelected() async throws {
        let app = Application(host: LabAppHost(app: WidgetsApp()))
        try await app.launch()
        try await app.cells["b"].tap()
        #expect(try await app.cells["b"].isSelected)
        #expect(try await !app.cells["a"].isSelected)
        try await app.switches["wifi"].tap()
        #expect(try await app.switches["wifi"].value == "0")
        await app.terminate()
    }
}

/// Launches ``WidgetsApp`` at `/widgets?alert=1`.
struct URLHostForAlert: AppHost {
    func launch(arguments: [String], environment: [String: String]) async throws -> any RunningApp {
        let running = try await LabAppHost(app: WidgetsApp()).launch(arguments: arguments, environment: environment)
        return Running(inner: running, url: running.url + "?alert=1")
    }

    private struct Running: RunningApp {
        let inner: any RunningApp
        let url: String
        func terminate() async { await inner.terminate() }
    }
}
