import XCTest

/// A test case that can collect the failures a block records instead of failing, to check
/// what XCUIAutomation reports and where.
class FailureCapturingTestCase: XCTestCase {
    struct Failure {
        let description: String
        let file: String
        let line: Int
    }

    private let lock = NSLock()
    private var captured: [Failure]?

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        let kept = lock.withLock { () -> Bool in
            guard captured != nil else { return false }
            captured?.append(Failure(description: description, file: filePath, line: lineNumber))
            return true
        }
        if !kept { super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected) }
    }

    /// Runs `body` with failures collected; returns them.
    func failures(in body: () -> Void) -> [Failure] {
        lock.withLock { captured = [] }
        body()
        return lock.withLock {
            defer { captured = nil }
            return captured ?? []
        }
    }
}
