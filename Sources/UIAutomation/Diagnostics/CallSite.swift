/// Where a test called a UIAutomation function: the file and line a failure of that call is
/// reported at. Every action, wait and expectation takes it as trailing `file:` and `line:`
/// arguments with the caller's location as their default (as XCTest's assertions do), so a
/// ``UIAutomationError`` names the line of the call that failed, not only the test; with the
/// UIAutomationTesting module's `.uiAutomation` trait, a Swift Testing test reports the issue
/// at that line.
///
/// The outermost call wins: when an action calls other UIAutomation functions (a toggle helper
/// taps, a flow step waits), their failures carry the site of the call the test made.
public struct CallSite: Sendable, Hashable, CustomStringConvertible {
    /// The source file's full path (`#filePath`).
    public let filePath: String
    /// The line in that file (`#line`).
    public let line: Int

    /// The call at `filePath`, `line`.
    public init(filePath: String, line: Int) {
        self.filePath = filePath
        self.line = line
    }

    /// The call at XCTest's `file`, `line` pair.
    public init(file: StaticString, line: UInt) {
        self.init(filePath: "\(file)", line: Int(line))
    }

    /// The file's name without its folders.
    public var fileName: String { filePath.split(separator: "/").last.map(String.init) ?? filePath }

    /// `FavoritesTests.swift:34`.
    public var description: String { "\(fileName):\(line)" }

    /// The site of the test's call the current task is inside, if any.
    @TaskLocal public static var current: CallSite?

    /// Runs `body` as the call at `site`, unless it is already inside a call (whose site
    /// stays); a ``UIAutomationError`` it throws without a site gets the one in force.
    public static func run<T>(at site: CallSite, _ body: () async throws -> T) async throws -> T {
        let outer = current
        do {
            if outer != nil { return try await body() }
            return try await $current.withValue(site) { try await body() }
        } catch var error as UIAutomationError {
            if error.callSite == nil { error.callSite = outer ?? site }
            throw error
        }
    }
}

/// Runs `body` as the test's call at `file`:`line` (see ``CallSite``).
func called<T>(_ file: StaticString, _ line: UInt, _ body: () async throws -> T) async throws -> T {
    try await CallSite.run(at: CallSite(file: file, line: line), body)
}
