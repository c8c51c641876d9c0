import DevTools
import Foundation
import LabSupport
import Synchronization

/// Input: counting it (the tree cache trusts a tree read before input only as the page vouches),
/// taps, hovers and swipes. Keys are in `PageDriver+Keyboard.swift`, gestures in
/// `PageDriver+Gestures.swift`.
extension PageDriver {
    /// How many times input was sent so far (counted before and after each input).
    var inputCount: Int { inputs.load(ordering: .acquiring) }

    /// Counts input sent, or (`forgetting`: a navigation, a new viewport) forgets the cached tree
    /// and the node handles. Not inlined: a `Mutex` used in the body of an async function, once
    /// inlined there, crashed release builds ("unlock on a thread which hasn't acquired").
    @inline(never)
    private func noteInput(forgetting: Bool) {
        if forgetting {
            invalidateSnapshot()
            nodeHandles.reset()
        } else {
            inputs.add(1, ordering: .releasing)
        }
    }

    /// Runs `body` (which sends input) on the connection's thread, counting the input before
    /// and after: the cached tree is kept, and the next read reuses it (or reads in part) only
    /// when the page vouches that the input changed nothing it did not log. With `forgetting`
    /// (a navigation, a new viewport) the cached tree is dropped instead. (No `defer`: a `Mutex`
    /// in the `defer` of an async function crashed in release builds with "unlock on a thread
    /// which hasn't acquired".)
    func sendingInput<T: Sendable>(forgetting: Bool = false, _ body: () async throws -> T) async throws -> T {
        noteInput(forgetting: forgetting)
        let result: T
        do {
            result = try await browser.run(body)
        } catch {
            noteInput(forgetting: forgetting)
            throw error
        }
        noteInput(forgetting: forgetting)
        return result
    }

    /// A tap: press and release at a viewport point (`count` 2 for a double tap), held
    /// `duration` between them.
    func tap(x: Double, y: Double, count: Int = 1, holding duration: Duration = .zero) async throws {
        try await sendingInput {
            // The reply to a release comes once the page has handled the click: a page that
            // hangs in its handler must fail the action at its timeout, not the connection's.
            let limit = configuration.responseTimeout
            // The pointer moves there first, as a finger or mouse does: hover and
            // pointer-move handlers run before the press, as they would for a user.
            let move = CDP.Input.DispatchMouseEvent(type: "mouseMoved", x: x, y: y)
            guard duration > .zero else {
                // Not held: the events go out pipelined, as typing's do (the browser dispatches
                // them in order, the page handles each before the next); one round trip.
                var events: [any CDPCommand] = [move]
                for click in 1...count {
                    events.append(CDP.Input.DispatchMouseEvent(type: "mousePressed", x: x, y: y, button: "left", clickCount: click))
                    events.append(CDP.Input.DispatchMouseEvent(type: "mouseReleased", x: x, y: y, button: "left", clickCount: click))
                }
                try await page.sendPipelined(events, timeout: limit)
                return
            }
            _ = try await page.send(move, timeout: limit)
            for click in 1...count {
                _ = try await page.send(CDP.Input.DispatchMouseEvent(
                    type: "mousePressed", x: x, y: y, button: "left", clickCount: click), timeout: limit)
                try await Task.sleep(for: duration)
                _ = try await page.send(CDP.Input.DispatchMouseEvent(
                    type: "mouseReleased", x: x, y: y, button: "left", clickCount: click), timeout: limit)
            }
        }
    }

    /// Moves the mouse pointer to a viewport point (from outside the page the first time), so
    /// the page sees `pointerover`/`mouseenter` and CSS `:hover` applies there.
    func hover(x: Double, y: Double) async throws {
        try await sendingInput {
            _ = try await page.send(CDP.Input.DispatchMouseEvent(type: "mouseMoved", x: x, y: y), timeout: configuration.responseTimeout)
        }
    }

    /// A finger swipe starting at a point, moving the content by the given distances
    /// (negative `dy`: the finger moves up, revealing what is below). Returns when done.
    func swipe(from start: (x: Double, y: Double), dx: Double, dy: Double, speed: Int = 2_400) async throws {
        try await sendingInput {
            // A synthesized touch scroll does nothing in the headless shell (measured); the
            // mouse-sourced gesture scrolls the same content the same way.
            let gesture = CDP.Input.SynthesizeScrollGesture(
                x: start.x, y: start.y, xDistance: dx, yDistance: dy, speed: speed, gestureSourceType: "mouse")
            _ = try await page.send(gesture, timeout: .seconds(10))
        }
    }
}
