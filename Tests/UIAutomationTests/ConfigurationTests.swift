import Foundation
import Testing
import UIAutomation

/// What `Configuration` changes: the identifier attribute, and the emulated device (size,
/// touch, colour scheme, reduced motion).
@Suite("Configuration: identifier attribute and device emulation")
struct ConfigurationTests {
    @Test func identifierAttributeIsConfigurable() async throws {
        var configuration = Configuration()
        configuration.identifierAttribute = "data-qa"
        try await withConfiguredApp("/custom-id", configuration) { (app) async throws in
            #expect(try await app.buttons["go"].label == "Go")
            #expect(try await !app.buttons["other"].exists)
        }
    }

    @Test func deviceSizeTouchColourSchemeAndReducedMotionAreEmulated() async throws {
        var iPhone = Configuration()
        iPhone.device = .iPhone
        try await withConfiguredApp("/media", iPhone) { (app) async throws in
            #expect(try await app.staticTexts["size"].label == "393x852")
            #expect(try await app.staticTexts["scheme"].label == "light")
            #expect(try await app.staticTexts["touch"].label == "touch")
            #expect(try await app.staticTexts["motion"].label == "motion")
        }
        var configuration = Configuration()
        configuration.device = .desktop
        configuration.device.colorScheme = "dark"
        configuration.device.reducedMotion = true
        try await withConfiguredApp("/media", configuration) { (app) async throws in
            #expect(try await app.staticTexts["size"].label == "1280x800")
            #expect(try await app.staticTexts["scheme"].label == "dark")
            #expect(try await app.staticTexts["touch"].label == "no touch")
            #expect(try await app.staticTexts["motion"].label == "reduced motion")
        }
    }

    @Test func theDefaultDeviceTakesReducedMotionFromTheEnvironment() {
        let expected = ProcessInfo.processInfo.environment[Configuration.reducedMotionVariable] == "1"
        #expect(Configuration().device.reducedMotion == expected)
        #expect(Configuration().device.width == Device.iPhone.width && !Device.iPhone.reducedMotion)
    }
}
