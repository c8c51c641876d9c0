import Testing
@testable import UIAutomation
@Test func placeholder() {}
