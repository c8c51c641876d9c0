@preconcurrency public import SnapshotTesting
public import Foundation
public import UIAutomation

// Strategies for swift-snapshot-testing's `assertSnapshot(of:as:)` on UIAutomation's apps and
// elements. In an `async` test, `await assertSnapshot(of: app, as: .elementTree)` calls this
// module's asynchronous overload (AssertSnapshot.swift), which takes the snapshot without
// blocking a thread; swift-snapshot-testing's own synchronous function takes the same
// strategies from a synchronous test on the main thread.

extension Snapshotting where Value == Application, Format == String {
    /// The app's element tree as text: one element per line, indented, with its XCUITest type,
    /// identifier, label, value, placeholder and states (Disabled, Selected, Focused) — no
    /// coordinates, so it is the same on every machine. Taken once the app is idle.
    public static var elementTree: Snapshotting { elementTree(includingFrames: false) }

    /// The app's element tree as text; with each element's frame when `includingFrames`.
    public static func elementTree(includingFrames: Bool) -> Snapshotting {
        Snapshotting(pathExtension: "txt", diffing: .lines) { app in
            UISnapshot.text {
                try await app.waitForIdle()
                return try await app.snapshot().treeDescription(includingFrames: includingFrames)
            }
        }
    }
}

extension Snapshotting where Value == Element, Format == String {
    /// The element's subtree as text, as `.elementTree` is for the app.
    public static var elementTree: Snapshotting { elementTree(includingFrames: false) }

    /// The element's subtree as text; with each element's frame when `includingFrames`.
    public static func elementTree(includingFrames: Bool) -> Snapshotting {
        Snapshotting(pathExtension: "txt", diffing: .lines) { element in
            UISnapshot.text {
                try await element.app.waitForIdle()
                let (page, index) = try await element.resolvedInPage()
                return page.treeDescription(from: index, includingFrames: includingFrames)
            }
        }
    }
}

extension Snapshotting where Value == Application, Format == PNGImage {
    /// A screenshot of the whole screen, every pixel exactly as the reference.
    public static var image: Snapshotting { image() }

    /// A screenshot of the whole screen (UIAutomation's `Application.stillScreenshot()`: idle, no caret, no
    /// scrollbars, animations finished or paused, fonts loaded), compared with `precision` and
    /// `perceptualPrecision` (``ImageComparison``).
    public static func image(precision: Double = 1, perceptualPrecision: Double = 1) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(ImageComparison(precision: precision, perceptualPrecision: perceptualPrecision))) { app in
            UISnapshot.image { try await app.stillScreenshot() }
        }
    }
}

extension Snapshotting where Value == Element, Format == PNGImage {
    /// A screenshot of the element's box, every pixel exactly as the reference.
    public static var image: Snapshotting { image() }

    /// A screenshot of the element's box, held still as `Element.stillScreenshot()` takes it,
    /// compared with `precision` and `perceptualPrecision` (``ImageComparison``).
    public static func image(precision: Double = 1, perceptualPrecision: Double = 1) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(ImageComparison(precision: precision, perceptualPrecision: perceptualPrecision))) { element in
            UISnapshot.image { try await element.stillScreenshot() }
        }
    }
}

extension Diffing where Value == PNGImage {
    /// PNG images compared pixel by pixel (``ImageComparison``); a failure's attachments are
    /// the reference, the actual image and the diff image (`reference.png`, `actual.png`,
    /// `diff.png`).
    public static func image(_ comparison: ImageComparison = ImageComparison()) -> Diffing {
        .diff(
            toData: { $0.pngData() },
            fromData: { data in (try? PNGImage(png: data)) ?? PNGImage(width: 0, height: 0, pixels: []) },
            diffV2: { reference, actual in
                guard let (message, diff) = comparison.difference(reference: reference, actual: actual) else { return nil }
                return ("Screenshot differs from the reference: " + message, [
                    .data(reference.pngData(), name: "reference.png"), .data(actual.pngData(), name: "actual.png"),
                    .data(diff.pngData(), name: "diff.png"),
                ])
            })
    }
}

/// Runs the async capture of a strategy and hands its result to swift-snapshot-testing's
/// callback. A capture that fails is part of the snapshot (its text says why), or an empty
/// image; the failure is also recorded as an issue of the test.
enum UISnapshot {
    static func text(_ capture: @escaping @Sendable () async throws -> String) -> Async<String> {
        Async { callback in
            let box = UncheckedCallback(callback)
            Task {
                do { box.call(try await capture()) } catch { box.call("⚠︎ the snapshot could not be taken: \(error)") }
            }
        }
    }

    static func image(_ capture: @escaping @Sendable () async throws -> Screenshot) -> Async<PNGImage> {
        Async { callback in
            let box = UncheckedCallback(callback)
            Task {
                do {
                    box.call(try PNGImage(png: try await capture().pngData))
                } catch {
                    SnapshotIssue.record("the screenshot could not be taken: \(error)", at: nil)
                    box.call(PNGImage(width: 0, height: 0, pixels: []))
                }
            }
        }
    }
}

/// swift-snapshot-testing's callback, called once from the capture's task.
struct UncheckedCallback<Value>: @unchecked Sendable {
    let call: (Value) -> Void
    init(_ call: @escaping (Value) -> Void) { self.call = call }
}
