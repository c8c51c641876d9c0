public import Foundation
import UIAutomation

#if !canImport(UIKit)
/// The device the tests run on, as UIKit's `UIDevice` answers UI tests on iOS (where XCTest
/// brings UIKit): here it describes the emulated screen of the app launched last (or the default
/// configuration's), so `UIDevice.current.userInterfaceIdiom == .pad` branches as on that device.
public final class UIDevice: @unchecked Sendable {
    /// The device.
    public static let current = UIDevice()

    /// `.pad` when the screen is 600 points wide or more in portrait, else `.phone`.
    public var userInterfaceIdiom: UIUserInterfaceIdiom {
        let device = XCUIDevice.shared.lastApplication?.shared.configuration.device ?? .iPhone
        return min(device.width, device.height) >= 600 ? .pad : .phone
    }

    /// The orientation (``XCUIDevice``'s).
    public var orientation: UIDeviceOrientation { XCUIDevice.shared.orientation }
    /// The operating system's name.
    public var systemName: String { "Linux" }
    /// The operating system's version.
    public var systemVersion: String {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        return "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)"
    }
    /// The model: "iPad" or "iPhone", after the idiom.
    public var model: String { userInterfaceIdiom == .pad ? "iPad" : "iPhone" }
    /// The device's name.
    public var name: String { model }
}

/// An image, as far as UI tests use UIKit's `UIImage`: a screenshot's PNG, to attach or save.
public final class UIImage: @unchecked Sendable {
    private let png: Data

    init(png: Data) { self.png = png }

    /// An image from PNG data (`nil` for anything else: only PNG is known here).
    public convenience init?(data: Data) {
        guard data.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        self.init(png: data)
    }

    /// The image as PNG (`nil` for a screenshot that could not be taken).
    public func pngData() -> Data? { png.isEmpty ? nil : png }
}

extension XCUIScreenshot {
    /// The screenshot as an image.
    public var image: UIImage { UIImage(png: pngRepresentation) }
}

extension XCTAttachment {
    /// An image, as PNG.
    public convenience init(image: UIImage) {
        self.init(data: image.pngData() ?? Data(), uniformTypeIdentifier: "public.png")
    }
}

/// The pasteboard, as far as UI tests use UIKit's `UIPasteboard`: ``general``'s ``string`` is the
/// clipboard as the app launched last reads it (its page's `navigator.clipboard`, allowed), so a
/// test reads what the app copied and sets what it will paste. The browser's clipboard is shared
/// by its launches, as an iPhone's is by its apps. With no app running it holds the string for
/// the next reads.
public final class UIPasteboard: @unchecked Sendable {
    /// The general pasteboard.
    public static let general = UIPasteboard()
    private let kept = NSLock()
    private var local: String?

    /// The text on the pasteboard, `nil` when it holds none.
    public var string: String? {
        get {
            guard let app = runningApp else { return kept.withLock { local } }
            let text = Facade.call("UIPasteboard.general.string", at: CallerLine(file: #filePath, line: #line),
                                   configuration: app.configuration, fallback: "") { try await app.clipboardText() }
            return text.isEmpty ? nil : text
        }
        set {
            kept.withLock { local = newValue }
            guard let app = runningApp else { return }
            Facade.call("UIPasteboard.general.string = …", at: CallerLine(file: #filePath, line: #line),
                        configuration: app.configuration, fallback: ()) { try await app.setClipboardText(newValue ?? "") }
        }
    }

    /// Whether the pasteboard holds text.
    public var hasStrings: Bool { !(string ?? "").isEmpty }

    private var runningApp: Application? {
        guard let app = XCUIDevice.shared.lastApplication?.shared, app.isRunning else { return nil }
        return app
    }
}

/// The kind of interface, as UIKit's `UIUserInterfaceIdiom`.
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1, phone = 0, pad, tv, carPlay, mac = 5, vision = 6
}
#endif
