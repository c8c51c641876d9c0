import Synchronization

/// One launch's ``TriviaGame``, shared by that launch's routes and safe to use from any request.
final class TriviaStore: Sendable {
    private let game: Mutex<TriviaGame>

    init(_ initial: TriviaGame) { game = Mutex(initial) }

    /// The game now.
    var current: TriviaGame { game.withLock { $0 } }

    /// Changes the game.
    func update(_ change: (inout TriviaGame) -> Void) {
        game.withLock { change(&$0) }
    }
}
