import Foundation
import UIAutomation

// Runs UIAutomation's accessibility audit and axe-core on the same pages, in the same browser
// page, and prints per page and per kind of check what both find, what only ours finds and
// what only axe finds (bench/audit-vs-axe.sh). Elements are matched by their boxes: an issue of
// ours and an axe node are the same finding when one's centre lies in the other's box.
//
//   AuditBench --axe path/to/axe.min.js [--details] URL...

struct AxeNode: Decodable { let rule: String; let target: String; let x: Double; let y: Double; let width: Double; let height: Double }

/// axe-core rules grouped by the audit type that checks the same thing ("other": no counterpart).
let families: [String: AccessibilityAuditType] = [
    "color-contrast": .contrast, "color-contrast-enhanced": .contrast,
    "button-name": .sufficientElementDescription, "link-name": .sufficientElementDescription,
    "image-alt": .sufficientElementDescription, "input-image-alt": .sufficientElementDescription,
    "label": .sufficientElementDescription, "select-name": .sufficientElementDescription,
    "svg-img-alt": .sufficientElementDescription, "role-img-alt": .sufficientElementDescription,
    "aria-toggle-field-name": .sufficientElementDescription, "aria-input-field-name": .sufficientElementDescription,
    "input-button-name": .sufficientElementDescription, "aria-command-name": .sufficientElementDescription,
    "target-size": .hitRegion,
    "duplicate-id": .duplicateIdentifier, "duplicate-id-aria": .duplicateIdentifier, "duplicate-id-active": .duplicateIdentifier,
    "aria-hidden-focus": .elementDetection, "presentation-role-conflict": .elementDetection,
    "nested-interactive": .trait, "aria-allowed-role": .trait,
]

var arguments = Array(CommandLine.arguments.dropFirst())
var axePath = ""
var details = false
var urls: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    if argument == "--axe", !arguments.isEmpty { axePath = arguments.removeFirst() } else if argument == "--details" { details = true } else { urls.append(argument) }
}
guard let axe = try? String(contentsOfFile: axePath, encoding: .utf8), !urls.isEmpty else {
    FileHandle.standardError.write(Data("usage: AuditBench --axe axe.min.js [--details] URL...\n".utf8))
    exit(2)
}

func centre(_ r: (x: Double, y: Double, w: Double, h: Double)) -> (Double, Double) { (r.x + r.w / 2, r.y + r.h / 2) }
func inside(_ p: (Double, Double), _ r: (x: Double, y: Double, w: Double, h: Double)) -> Bool {
    p.0 >= r.x - 1 && p.0 <= r.x + r.w + 1 && p.1 >= r.y - 1 && p.1 <= r.y + r.h + 1
}
func same(_ a: (x: Double, y: Double, w: Double, h: Double), _ b: (x: Double, y: Double, w: Double, h: Double)) -> Bool {
    inside(centre(a), b) || inside(centre(b), a)
}

print("| page | check | both | only ours | only axe | axe rules (nodes) |")
print("|---|---|---:|---:|---:|---|")
var notes: [String] = []
for url in urls {
    let app = Application(url: url)
    do {
        try await app.launch()
        if url.hasSuffix("#seeded") {  // TodoMVC with two to-dos, one completed
            try await app.textFields.element(boundBy: 0).typeText("Buy milk\n")
            try await app.textFields.element(boundBy: 0).typeText("Walk the dog\n")
            try await app.descendants(matching: .checkBox).element(boundBy: 1).tap()
        }
        let ours = try await app.accessibilityAuditIssues(for: .all)
        try await app.run(javaScript: axe)
        let nodes = try await app.evaluate("""
            axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.flatMap((v) => v.nodes.map((n) => {
              const el = document.querySelector(n.target[n.target.length - 1]);
              const b = el ? el.getBoundingClientRect() : { x: -1, y: -1, width: 0, height: 0 };
              return { rule: v.id, target: n.target.join(' '), x: b.x, y: b.y, width: b.width, height: b.height };
            })))
            """, as: [AxeNode].self)
        let page = URL(string: url).map { ($0.path.isEmpty ? "/" : $0.path) + ($0.fragment.map { "#" + $0 } ?? "") } ?? url
        var any = false
        var kinds: [AccessibilityAuditType] = [.contrast, .elementDetection, .hitRegion, .sufficientElementDescription, .dynamicType, .textClipped, .trait, .duplicateIdentifier]
        kinds.append([])  // axe rules with no counterpart
        for kind in kinds {
            let mine = ours.filter { $0.auditType == kind }
            let theirs = nodes.filter { (families[$0.rule] ?? []) == kind }
            if mine.isEmpty && theirs.isEmpty { continue }
            any = true
            let box = { (i: AccessibilityAuditIssue) -> (x: Double, y: Double, w: Double, h: Double)? in
                i.elementSnapshot.map { ($0.frame.x, $0.frame.y, $0.frame.width, $0.frame.height) }
            }
            let matchedMine = mine.filter { i in box(i).map { b in theirs.contains { same(b, ($0.x, $0.y, $0.width, $0.height)) } } ?? false }
            let onlyMine = mine.filter { i in !(box(i).map { b in theirs.contains { same(b, ($0.x, $0.y, $0.width, $0.height)) } } ?? false) }
            let onlyTheirs = theirs.filter { n in !mine.contains { box($0).map { same($0, (n.x, n.y, n.width, n.height)) } ?? false } }
            var rules: [String: Int] = [:]
            for n in theirs { rules[n.rule, default: 0] += 1 }
            let name = kind == [] ? "(no counterpart)" : kind.name
            print("| \(page) | \(name) | \(matchedMine.count) | \(onlyMine.count) | \(onlyTheirs.count) | "
                + rules.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", ") + " |")
            if details {
                for i in onlyMine { notes.append("\(page) only ours: \(i.description)") }
                for n in onlyTheirs { notes.append("\(page) only axe: \(n.rule) \(n.target)") }
            }
        }
        if !any { print("| \(page) | (every check) | 0 | 0 | 0 | none |") }
    } catch {
        print("| \(url) | error | | | | \(error) |")
    }
    await app.terminate()
}
if details { print(""); for note in notes { print("- " + note) } }
