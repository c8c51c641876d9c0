import Foundation
import Testing
import UIAutomation

/// Element state: attributes, the tree dump, screenshots.
@Suite("Element state")
struct ElementStateTests {
    @Test func attributesComeFromTheAccessibilityTreeAndDOM() async throws {
        try await withApp("/basics") { (app) async throws in
            let field = app.textFields["name"]
            #expect(try await field.value == "Bob")
            #expect(try await field.placeholderValue == "Your name")
            #expect(try await field.elementType == .textField)
            #expect(try await !field.hasFocus)
            #expect(try await app.cells["tag-cats"].isSelected)
            #expect(try await !app.cells["tag-dogs"].isSelected)
            #expect(try await app.switches["wifi"].value == "1")
            #expect(try await app.buttons["save"].isEnabled)
            let frame = try await app.buttons["save"].frame
            #expect(frame.width > 20 && frame.height >= 44)
            #expect(try await app.buttons["save"].isHittable)
            #expect(try await !app.buttons["nope"].isHittable)
        }
    }

    @Test func treeDumpIsIndentedWithTypeIdentifierLabelValueAndFrame() async throws {
        try await withApp("/basics") { (app) async throws in
            let tree = try await app.treeDescription()
            let lines = tree.split(separator: "\n")
            #expect(lines.first?.hasPrefix("Application, {{0, 0}, {393, 852}}") == true)
            #expect(lines.contains { $0.hasPrefix("    Button, {{") && $0.contains("identifier: 'save', label: 'Save'") })
            #expect(lines.contains { $0.contains("TextField") && $0.contains("value: Bob") })
            #expect(lines.contains { $0.hasPrefix("      Cell, ") && $0.contains("identifier: 'cell-lion'") })
        }
    }

    @Test func screenshotsArePNGsOfTheScreenAndOfAnElement() async throws {
        try await withApp("/basics") { (app) async throws in
            let screen = try await app.screenshot()
            #expect(screen.pngData.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
            #expect(pngSize(screen.pngData) == (393 * 2, 852 * 2))
            let button = try await app.buttons["save"].screenshot()
            let size = pngSize(button.pngData)
            #expect(size.width < 200 && size.width > 40)
        }
    }

    private func pngSize(_ data: Data) -> (width: Int, height: Int) {
        func int(_ offset: Int) -> Int { data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }
}
