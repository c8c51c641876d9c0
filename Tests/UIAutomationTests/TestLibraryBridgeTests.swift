import Testing
import UIAutomation
import XCTest

/// UIAutomation links no test library; it learns the running test from UIAutomationTesting,
/// found by name when linked (as it is into this test process).
@Suite("Which test is running")
struct TestLibraryBridgeTests {
    @Test func aSwiftTestingTestIsKnownByItsModuleSuiteAndName() {
        #expect(TestIdentity.current == TestIdentity(
            library: .swiftTesting, suite: "UIAutomationTests.TestLibraryBridgeTests",
            name: "aSwiftTestingTestIsKnownByItsModuleSuiteAndName()", displayName: nil))
    }

    @Test func anIdentitySetByTheCallerWins() async {
        let custom = TestIdentity(library: .custom, suite: "Harness", name: "case 1")
        await TestIdentity.withCurrent(custom) { #expect(TestIdentity.current == custom) }
    }
}

final class TestLibraryBridgeXCTests: XCTestCase {
    /// The tracker is an XCTest observer added on first use; asking here, before any case of
    /// this class starts, makes sure it sees this class's cases start.
    override class func setUp() {
        super.setUp()
        _ = TestIdentity.current
    }

    func testTheRunningXCTestCaseIsKnownByItsModuleClassAndMethod() {
        XCTAssertEqual(TestIdentity.current, TestIdentity(
            library: .xctest, suite: "UIAutomationTests.TestLibraryBridgeXCTests",
            name: "testTheRunningXCTestCaseIsKnownByItsModuleClassAndMethod"))
    }
}
