import Foundation
import Synchronization

/// How many apps run at once in this process, so that a test suite never asks the machine for
/// more browser work than it can do: Swift Testing starts every test at once, and on a small
/// machine a few hundred launches, pages and waits at the same time make every timeout fire.
///
/// A launch takes a slot before its clock starts (the launch timeout, and every call's timeout
/// after it, counts from when the app was admitted, not from when it queued) and gives it back
/// when the app is terminated, or when the ``Application`` is released without being
/// terminated. Launches wait in order of arrival. A test that already runs an app may launch
/// more (a test of two apps never waits for itself), and relaunching an app keeps its slot.
///
/// Nothing waits forever: when no slot has been given back for ``stallLimit`` (every running
/// app held by something that does not end, say an `Application` kept in a global and never
/// terminated), the first launch in the queue goes ahead over the limit and a warning names
/// the apps that hold the slots.
package final class RunningApps: Sendable {
    /// The process's one limit.
    package static let shared = RunningApps(limit: defaultLimit)

    /// Two apps per core (at least two), or `LAB_MAX_RUNNING_APPS`. On the 2-core machine of
    /// docs/reliability.md, 4 at once kept the run queue short and took no longer than 8.
    package static var defaultLimit: Int {
        if let text = ProcessInfo.processInfo.environment["LAB_MAX_RUNNING_APPS"], let value = Int(text), value > 0 { return value }
        return max(2, 2 * ProcessInfo.processInfo.activeProcessorCount)
    }

    /// How long the queue may stand still before its first launch goes ahead over the limit.
    package let stallLimit: Duration

    private struct Holder {
        var test: TestIdentity?
        var name: String
    }

    private struct Waiter {
        var id: UInt64
        var app: ObjectIdentifier
        var holder: Holder
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var limit: Int
        var held: [ObjectIdentifier: Holder] = [:]
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0
        var lastMove = ContinuousClock.now
        var watching = false
    }

    private let state: Mutex<State>

    package init(limit: Int, stallLimit: Duration = .seconds(90)) {
        state = Mutex(State(limit: max(1, limit)))
        self.stallLimit = stallLimit
    }

    /// The most apps that run at once (a launch beyond it waits for a slot).
    package var limit: Int {
        get { state.withLock { $0.limit } }
        set {
            let admitted = state.withLock { state -> [Waiter] in
                state.limit = max(1, newValue)
                return Self.admitWaiting(&state)
            }
            for waiter in admitted { waiter.continuation.resume() }
        }
    }

    /// How many apps hold a slot now.
    package var running: Int { state.withLock { $0.held.count } }

    /// Whether `app` holds a slot.
    package func holds(_ app: ObjectIdentifier) -> Bool { state.withLock { $0.held[app] != nil } }

    /// Waits until `app` may run, then holds a slot for it. Returns at once when it already
    /// holds one, or when `test` already runs another app. Throws `CancellationError` when the
    /// task is cancelled while it waits.
    package func admit(_ app: ObjectIdentifier, named name: String, test: TestIdentity?) async throws {
        let holder = Holder(test: test, name: name)
        let id: UInt64? = state.withLock { state in
            if state.held[app] != nil { return nil }
            if let test, state.held.values.contains(where: { $0.test == test }) {
                state.held[app] = holder
                return nil
            }
            if state.waiters.isEmpty && state.held.count < state.limit {
                state.held[app] = holder
                state.lastMove = .now
                return nil
            }
            defer { state.nextID += 1 }
            return state.nextID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let startWatch = state.withLock { state -> Bool in
                    state.waiters.append(Waiter(id: id, app: app, holder: holder, continuation: continuation))
                    defer { state.watching = true }
                    return !state.watching
                }
                if startWatch { watchForStalls() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Gives `app`'s slot back (nothing when it holds none) and admits the next launch.
    package func release(_ app: ObjectIdentifier) {
        let admitted = state.withLock { state -> [Waiter] in
            guard state.held.removeValue(forKey: app) != nil else { return [] }
            state.lastMove = .now
            return Self.admitWaiting(&state)
        }
        for waiter in admitted { waiter.continuation.resume() }
    }

    /// Moves waiters into free slots, first come first served.
    private static func admitWaiting(_ state: inout State) -> [Waiter] {
        var admitted: [Waiter] = []
        while !state.waiters.isEmpty && state.held.count < state.limit {
            let waiter = state.waiters.removeFirst()
            state.held[waiter.app] = waiter.holder
            admitted.append(waiter)
        }
        if !admitted.isEmpty { state.lastMove = .now }
        return admitted
    }

    /// While launches wait: once the queue has stood still for ``stallLimit``, lets the first
    /// one go ahead over the limit, with a warning naming what holds the slots.
    private func watchForStalls() {
        Task.detached { [self] in
            while true {
                try? await Task.sleep(for: .seconds(1))
                let (admitted, holders, done) = state.withLock { state -> (Waiter?, [String], Bool) in
                    if state.waiters.isEmpty {
                        state.watching = false
                        return (nil, [], true)
                    }
                    guard ContinuousClock.now - state.lastMove >= stallLimit else { return (nil, [], false) }
                    let waiter = state.waiters.removeFirst()
                    let holders = state.held.values.map { "\($0.name)\($0.test.map { " of \($0)" } ?? "")" }.sorted()
                    state.held[waiter.app] = waiter.holder
                    state.lastMove = .now
                    return (waiter, holders, false)
                }
                if done { return }
                guard let admitted else { continue }
                FileHandle.standardError.write(Data((
                    "warning: UIAutomation: no running app ended for \(stallLimit) while launches waited: "
                        + "letting \(admitted.holder.name) run beyond the limit of \(limit) apps at once. "
                        + "Still running: \(holders.joined(separator: ", ")). "
                        + "Terminate apps when a test ends (app.terminate()).\n").utf8))
                admitted.continuation.resume()
            }
        }
    }
}
