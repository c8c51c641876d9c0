import Foundation
import Synchronization
import Testing
@testable import UIAutomation

/// The limit on apps running at once (`RunningApps`), without a browser: launches wait in order
/// for a slot and their clocks start when admitted; a test's second app and a relaunch never
/// wait; a queue that stands still lets its first launch through rather than hang.
@Suite("Apps running at once")
struct RunningAppsTests {
    private final class App: Sendable {}

    /// A value tasks share.
    private final class Shared<Value: Sendable>: Sendable {
        private let value: Mutex<Value>
        init(_ value: Value) { self.value = Mutex(value) }
        func read() -> Value { value.withLock { $0 } }
        func update(_ change: (inout Value) -> Void) { value.withLock { change(&$0) } }
    }

    private func id(_ app: App) -> ObjectIdentifier { ObjectIdentifier(app) }
    private let testA = TestIdentity(library: .custom, suite: "S", name: "a")
    private let testB = TestIdentity(library: .custom, suite: "S", name: "b")

    @Test func launchesBeyondTheLimitWaitInOrderForASlot() async throws {
        let limit = RunningApps(limit: 2)
        let apps = (0..<4).map { _ in App() }
        let ids = apps.map { ObjectIdentifier($0) }
        try await limit.admit(id(apps[0]), named: "0", test: nil)
        try await limit.admit(id(apps[1]), named: "1", test: nil)
        #expect(limit.running == 2)
        let order = Shared<[Int]>([])
        let waiting = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 2...3 {
                    group.addTask {
                        try await limit.admit(ids[index], named: "\(index)", test: nil)
                        order.update { $0.append(index) }
                    }
                    try await Task.sleep(for: .milliseconds(50))  // 2 queues before 3
                }
                try await group.waitForAll()
            }
        }
        try await Task.sleep(for: .milliseconds(150))
        #expect(order.read().isEmpty, "both wait while two apps run")
        limit.release(id(apps[0]))
        try await Task.sleep(for: .milliseconds(100))
        #expect(order.read() == [2], "the first in the queue goes first")
        limit.release(id(apps[1]))
        try await waiting.value
        #expect(order.read() == [2, 3])
        #expect(limit.running == 2)
    }

    @Test func aTestsSecondAppAndARelaunchDoNotWait() async throws {
        let limit = RunningApps(limit: 1)
        let first = App(), second = App(), other = App()
        try await limit.admit(id(first), named: "first", test: testA)
        try await limit.admit(id(first), named: "first", test: testA)  // relaunch: keeps its slot
        try await limit.admit(id(second), named: "second", test: testA)  // the same test's second app
        #expect(limit.running == 2)
        let admitted = Shared(false)
        let (otherID, testB) = (id(other), testB)
        let waiting = Task {
            try await limit.admit(otherID, named: "other", test: testB)
            admitted.update { $0 = true }
        }
        try await Task.sleep(for: .milliseconds(100))
        #expect(!admitted.read(), "another test waits")
        limit.release(id(first))
        try await Task.sleep(for: .milliseconds(100))
        #expect(!admitted.read(), "still two held for a limit of one")
        limit.release(id(second))
        try await waiting.value
        #expect(admitted.read())
    }

    @Test func aCancelledWaitLeavesTheQueue() async throws {
        let limit = RunningApps(limit: 1)
        let holder = App(), cancelled = App(), next = App()
        try await limit.admit(id(holder), named: "holder", test: nil)
        let cancelledID = id(cancelled)
        let waiting = Task { try await limit.admit(cancelledID, named: "cancelled", test: nil) }
        try await Task.sleep(for: .milliseconds(50))
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        let nextID = id(next)
        let admitted = Task { try await limit.admit(nextID, named: "next", test: nil) }
        limit.release(id(holder))
        try await admitted.value
        #expect(limit.running == 1, "the cancelled launch took no slot")
    }

    @Test func aQueueThatStandsStillLetsItsFirstLaunchGoAhead() async throws {
        let limit = RunningApps(limit: 1, stallLimit: .milliseconds(300))
        let forgotten = App(), next = App()
        try await limit.admit(id(forgotten), named: "never terminated", test: nil)
        let started = ContinuousClock.now
        try await limit.admit(id(next), named: "next", test: nil)
        let waited = ContinuousClock.now - started
        #expect(waited >= .milliseconds(300) && waited < .seconds(60), "\(waited)")
        #expect(limit.running == 2, "over the limit rather than waiting forever")
    }

    @Test func anApplicationReleasedWithoutTerminateGivesItsSlotBack() async throws {
        var slot: ObjectIdentifier?
        do {
            let app = Application(host: try await FixtureHost.page("/basics"))
            try await app.launch()
            slot = ObjectIdentifier(app)
            #expect(RunningApps.shared.holds(ObjectIdentifier(app)))
        }
        #expect(!RunningApps.shared.holds(try #require(slot)), "released when the Application went away")
    }
}
