import LabKit

/// A question: progress, the question, three answer buttons and — once the right answer
/// has been tapped — the Next button.
///
/// A wrong answer turns red with a ✕, is disabled, and its accessibility value says "Wrong
/// answer"; the right one turns green with a ✓ ("Correct answer"), and then every answer is
/// disabled. Every form carries the question's index, so a stale post is ignored.
struct QuestionScreen {
    let game: TriviaGame
    let question: TriviaQuestion
    let paths: TriviaPaths

    var page: Page {
        let index = game.questionIndex
        let isLast = index == game.questions.count - 1
        return Page(
            title: TriviaScreen.title,
            navigationBar: TriviaScreen.navigationBar,
            content: [
                Widget.label(TriviaGame.progressText(questionIndex: index, of: game.questions.count),
                             identifier: TriviaIdentifiers.questionProgress, style: .secondary),
                .el("div", [.class("trivia-question")], [
                    Widget.label(question.title, identifier: TriviaIdentifiers.questionTitle, style: .title),
                ]),
                TriviaScreen.form(paths.answer, [
                    TriviaScreen.hidden("question", index),
                    .el("div", [.class("trivia-answers")],
                        question.answers.indices.map { answerButton($0) }),
                ]),
                game.isAnswered
                    ? .el("div", [.class("trivia-next")], [
                        TriviaScreen.form(paths.next, [
                            TriviaScreen.hidden("question", index),
                            .el("button", [
                                .class("lab-button"), .testID(TriviaIdentifiers.nextQuestion), HTMLAttribute("type", "submit"),
                                HTMLAttribute("data-transition", "push"),
                            ], [.text(isLast ? "See Your Score" : "Next Question")]),
                        ]),
                    ])
                    : .empty,
            ],
            styles: [TriviaScreen.styles]
        )
    }

    private func answerButton(_ answer: Int) -> HTMLNode {
        let mark = game.mark(ofAnswer: answer)
        var attributes: [HTMLAttribute] = [
            .testID(TriviaIdentifiers.answers[answer]), HTMLAttribute("type", "submit"),
            HTMLAttribute("name", "answer"), HTMLAttribute("value", String(answer)),
        ]
        let symbol: HTMLNode
        switch mark {
        case .unmarked:
            attributes.append(.class(game.isAnswered ? "lab-button plain trivia-passed" : "lab-button plain"))
            symbol = .empty
        case .wrong:
            attributes.append(.class("lab-button tint-red"))
            symbol = .el("span", [.ariaHidden], [.trusted("✕")])
        case .correct:
            attributes.append(.class("lab-button tint-green"))
            symbol = .el("span", [.ariaHidden], [.trusted("✓")])
        }
        if let value = mark.accessibilityValue { attributes.append(HTMLAttribute("aria-description", value)) }
        if mark != .unmarked || game.isAnswered { attributes.append(HTMLAttribute("disabled", nil)) }
        return .el("button", attributes, [.el("span", [], [.text(question.answers[answer])]), symbol])
    }
}
