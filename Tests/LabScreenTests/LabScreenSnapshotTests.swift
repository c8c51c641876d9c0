import Foundation
import Testing
import UIAutomation
import UIAutomationSnapshotTesting

/// Every lab app screen passes the accessibility audit, and its element tree and screenshot
/// match the references committed in `__Snapshots__/LabScreenSnapshotTests/`. Record them anew
/// with `SNAPSHOT_TESTING_RECORD=all` (after a deliberate change); `LAB_SNAPSHOT_RUNS=20` takes
/// every screen's snapshots 20 times, each in a fresh launch (the stability measurement).
@Suite("Lab screens: audit and snapshots", .serialized)
struct LabScreenSnapshotTests {
    static let runs = max(1, Int(ProcessInfo.processInfo.environment["LAB_SNAPSHOT_RUNS"] ?? "") ?? 1)

    /// The one issue left on purpose: the toggle seed's rows are switches that ignore taps (only
    /// the inner switch reacts — the centre-tap gotcha the seed teaches), so the row's
    /// `role="switch"` is not reachable by keyboard; its inner switch is.
    static func isTheTogglesSeedsRowSwitch(_ issue: AccessibilityAuditIssue) -> Bool {
        issue.auditType == .trait && issue.elementSnapshot?.identifier.hasPrefix("toggles.toggle.") == true
            && issue.detailedDescription.contains("cannot be reached with the keyboard")
    }

    @Test(arguments: LabScreen.all)
    func screen(_ screen: LabScreen) async throws {
        for _ in 0..<Self.runs {
            try await screen.withScreen { (app) async throws in
                try await app.performAccessibilityAudit { Self.isTheTogglesSeedsRowSwitch($0) }
                await assertSnapshot(of: app, as: .elementTree, named: screen.name)
                await assertSnapshot(of: app, as: .image, named: screen.name)
            }
        }
    }
}
