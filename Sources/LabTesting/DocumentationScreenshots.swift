import Foundation
public import UIAutomation

/// The screenshots the docs show, taken by the framework in the apps' UI tests.
///
/// Every call takes a real screenshot and returns it, so a test can check it. Only with
/// `LAB_WRITE_SCREENSHOTS=1` is it also written to `docs/screenshots/<name>.png` in this
/// repository; ordinary runs leave the repository clean.
///
/// ```swift
/// let screenshot = try await DocumentationScreenshots.shoot(app, "trivia-question")
/// #expect(screenshot.isPNG)
/// ```
public enum DocumentationScreenshots {
    /// `docs/screenshots` of this checkout when `LAB_WRITE_SCREENSHOTS=1`, else `nil`.
    public static let folder: String? = {
        guard ProcessInfo.processInfo.environment["LAB_WRITE_SCREENSHOTS"] == "1" else { return nil }
        // This file is Sources/LabTesting/DocumentationScreenshots.swift.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent("docs/screenshots").path
    }()

    /// Screenshots the app's screen, writes it as `name.png` when ``folder`` is set, and
    /// returns it.
    @discardableResult
    public static func shoot(_ app: Application, _ name: String) async throws -> Screenshot {
        let screenshot = try await app.screenshot()
        if let folder {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try screenshot.write(to: folder + "/" + name + ".png")
        }
        return screenshot
    }
}

extension Screenshot {
    /// Whether the data starts with the PNG signature.
    public var isPNG: Bool { pngData.starts(with: [0x89, 0x50, 0x4E, 0x47]) }
}
