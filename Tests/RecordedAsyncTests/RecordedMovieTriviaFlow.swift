// Recorded with `lab record` from Movie Trivia (lab app "trivia").
import LabTesting
import TriviaApp
import UIFlows

/// The recorded steps as a flow, one after another: `try await recordedMovieTriviaFlow(app).run()` after
/// `try await app.launch()` on `Application(host: LabAppHost(app: try TriviaApp()))`.
func recordedMovieTriviaFlow(_ app: Application) -> FlowScenario {
    let scenario = FlowScenario("RecordedMovieTriviaFlow")
    scenario.addSteps([
        "step1": .assert(app.staticTexts["QuestionTitle"], ElementPredicate.label.equals("Who directed Jaws (1975)?"), timeout: 5),
        "step2": .tap(app.buttons["AnswerA"]),
        "step3": .tap(app.buttons["AnswerC"]),
        "step4": .tap(app.buttons["AnswerB"]),
        "step5": .tap(app.buttons["NextQuestion"]),
        "step6": .assert(app.staticTexts["QuestionTitle"], ElementPredicate.label.equals("What color are Dorothy's slippers in The Wizard of Oz (1939)?"), timeout: 5),
    ])
    scenario.start(at: "step1")
    scenario.transition(from: "step1", to: "step2")
    scenario.transition(from: "step2", to: "step3")
    scenario.transition(from: "step3", to: "step4")
    scenario.transition(from: "step4", to: "step5")
    scenario.transition(from: "step5", to: "step6")
    scenario.expectExit(from: "step6")
    return scenario
}
