import LabKit

/// The end of the quiz: the score and a button to play again.
struct ResultScreen {
    let game: TriviaGame
    let paths: TriviaPaths

    static let heading = "Quiz complete"

    var page: Page {
        Page(
            title: TriviaScreen.title,
            navigationBar: TriviaScreen.navigationBar,
            content: [
                .el("div", [.class("trivia-result")], [
                    Widget.label(Self.heading, identifier: TriviaIdentifiers.resultTitle, style: .title),
                    Widget.label(TriviaGame.scoreText(game.score, of: game.questions.count), identifier: TriviaIdentifiers.scoreLabel),
                ]),
                TriviaScreen.form(paths.restart, [
                    .el("button", [
                        .class("lab-button"), .testID(TriviaIdentifiers.restartQuiz), HTMLAttribute("type", "submit"),
                        HTMLAttribute("data-transition", "pop"),
                    ], [.text("Restart Quiz")]),
                ]),
            ],
            styles: [TriviaScreen.styles]
        )
    }
}
