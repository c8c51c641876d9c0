/// The outcome of the in-page actionability check (and of the hit test): see
/// ``PageEngine/checkActionability(node:offsetX:offsetY:guardHits:)``.
package struct Actionability: Decodable, Sendable {
    /// What the check found.
    package enum State: String, Decodable, Sendable {
        /// Visible, stable and the hit target at the point: act at (x, y).
        case ok
        /// The node has left the document.
        case detached
        /// No size, or `visibility: hidden`.
        case invisible
        /// Carried by an animation, or moved between two frames.
        case unstable
        /// Entirely outside the screen (after scrolling).
        case offscreen
        /// Something else receives touches at the point (`by`).
        case covered
    }

    package let state: State
    package let x: Double?
    package let y: Double?
    package let by: String?

    /// A check's outcome: the state, the point to act at, what covers the element.
    package init(state: State, x: Double? = nil, y: Double? = nil, by: String? = nil) {
        self.state = state
        self.x = x
        self.y = y
        self.by = by
    }

    /// Where to tap: the point, when the check passed.
    package var actionPoint: (x: Double, y: Double)? {
        guard state == .ok, let x, let y else { return nil }
        return (x, y)
    }

    /// The point, for input that needs a visible element but no hit (typing into a field
    /// under a transparent overlay): any state that found one.
    package var pointIfPresent: (x: Double, y: Double)? {
        guard state != .detached, let x, let y else { return nil }
        return (x, y)
    }

    /// Why an action cannot go ahead.
    package var reason: UIAutomationError.Reason {
        switch state {
        case .covered: return .notHittable(coveredBy: by ?? "another element")
        case .unstable: return .notStable
        case .detached: return .noMatch
        case .ok, .invisible, .offscreen: return .notVisible
        }
    }

    package static let detachedNode = Actionability(state: .detached, x: nil, y: nil, by: nil)
}
