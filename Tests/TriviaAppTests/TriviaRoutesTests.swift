import Foundation
import LabKit
import LabSupport
import Testing
import TriviaApp
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The app's routes over real HTTP: what the screen renders, and posts that must not change
/// the game (stale, malformed).
@Suite("Trivia: routes")
struct TriviaRoutesTests {
    /// A running app; `stop()` when done.
    struct Served {
        let server: LabServer
        let questions: TriviaQuestions

        init(_ questions: TriviaQuestions) async throws {
            self.questions = questions
            server = try await LabServer.start(apps: [TriviaApp(questions: questions)])
        }

        /// The page after following any redirect.
        func send(_ path: String, post body: String? = nil) async throws -> (status: Int, html: String) {
            var request = URLRequest(url: URL(string: server.url(path))!)
            if let body {
                request.httpMethod = "POST"
                request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
                request.httpBody = Data(body.utf8)
            }
            let (data, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
        }

        /// The screen's markup without its per-response CSP nonces, so two renderings of one
        /// state compare equal.
        func screen() async throws -> String {
            try await send("/trivia").html.replacingOccurrences(of: #" nonce="[^"]*""#, with: "", options: .regularExpression)
        }
    }

    static func testID(_ identifier: String) -> String { #"data-testid="\#(identifier)""# }

    @Test func theFirstScreenShowsQuestionOneWithItsAnswersAndNoNextButton() async throws {
        let served = try await Served(TriviaQuestions.bundled())
        let html = try await served.screen()
        let first = try #require(served.questions.all.first)
        #expect(html.contains(Self.testID(TriviaIdentifiers.questionTitle)))
        #expect(html.contains(TriviaGame.progressText(questionIndex: 0, of: served.questions.count)))
        for identifier in TriviaIdentifiers.answers { #expect(html.contains(Self.testID(identifier))) }
        #expect(!html.contains(Self.testID(TriviaIdentifiers.nextQuestion)))
        #expect(html.contains(HTMLEscape.escape(first.title)))
        await served.server.stop()
    }

    @Test func wrongAnswersAreRedAndDisabledAndTheRightOneGreen() async throws {
        let served = try await Served(TriviaQuestions.bundled())
        let first = try #require(served.questions.all.first)
        let wrong = (first.correctAnswer + 1) % 3
        var html = try await served.send("/trivia/answer", post: "question=0&answer=\(wrong)").html
        let wrongButton = try #require(Self.button(TriviaIdentifiers.answers[wrong], in: html))
        #expect(wrongButton.contains("tint-red"))
        #expect(wrongButton.contains(#"aria-description="Wrong answer""#))
        #expect(wrongButton.contains(" disabled"))
        #expect(!html.contains(Self.testID(TriviaIdentifiers.nextQuestion)))

        html = try await served.send("/trivia/answer", post: "question=0&answer=\(first.correctAnswer)").html
        let rightButton = try #require(Self.button(TriviaIdentifiers.answers[first.correctAnswer], in: html))
        #expect(rightButton.contains("tint-green"))
        #expect(rightButton.contains(#"aria-description="Correct answer""#))
        #expect(html.contains(Self.testID(TriviaIdentifiers.nextQuestion)))
        await served.server.stop()
    }

    /// The pages' Content Security Policy allows styles only from `<style>` elements with the
    /// response's nonce: a `style` attribute is blocked (the answers once lost their gap so).
    @Test func noScreenUsesAStyleTheContentSecurityPolicyBlocks() async throws {
        let served = try await Served(TriviaQuestions.bundled())
        var screens = [try await served.send("/trivia").html]
        for (index, question) in served.questions.all.enumerated() {
            let wrong = (question.correctAnswer + 1) % 3
            screens.append(try await served.send("/trivia/answer", post: "question=\(index)&answer=\(wrong)").html)
            screens.append(try await served.send("/trivia/answer", post: "question=\(index)&answer=\(question.correctAnswer)").html)
            screens.append(try await served.send("/trivia/next", post: "question=\(index)").html)
        }
        #expect(try #require(screens.last).contains(Self.testID(TriviaIdentifiers.scoreLabel)), "the walk ends on the score")
        for html in screens {
            #expect(!html.contains(" style="), "a style attribute: \(html.prefix(200))")
            let styles = html.components(separatedBy: "<style").count - 1
            let nonced = html.components(separatedBy: "<style nonce=").count - 1
            #expect(styles == nonced && styles >= 2, "every <style> carries the nonce (the shell's and the quiz's)")
        }
        await served.server.stop()
    }

    @Test func stalePostsAreIgnored() async throws {
        let served = try await Served(TriviaQuestions.bundled())
        let questions = served.questions.all
        _ = try await served.send("/trivia/answer", post: "question=0&answer=\(questions[0].correctAnswer)")
        _ = try await served.send("/trivia/next", post: "question=0")
        let onSecond = try await served.screen()
        #expect(onSecond.contains(TriviaGame.progressText(questionIndex: 1, of: questions.count)))
        // A repeated Next, a late answer to question 1, a wrong answer to question 3 and a restart:
        // none is for the question showing, so nothing changes.
        _ = try await served.send("/trivia/next", post: "question=0")
        _ = try await served.send("/trivia/answer", post: "question=0&answer=\((questions[0].correctAnswer + 1) % 3)")
        _ = try await served.send("/trivia/answer", post: "question=2&answer=\((questions[2].correctAnswer + 1) % 3)")
        _ = try await served.send("/trivia/restart", post: "")
        #expect(try await served.screen() == onSecond)
        await served.server.stop()
    }

    @Test(arguments: ["", "question=0", "answer=1", "question=zero&answer=1", "question=0&answer=A"])
    func aMalformedAnswerPostIsABadRequest(_ body: String) async throws {
        let served = try await Served(TriviaQuestions.bundled())
        let before = try await served.screen()
        #expect(try await served.send("/trivia/answer", post: body).status == 400)
        #expect(try await served.screen() == before)
        await served.server.stop()
    }

    @Test func questionTextIsEscaped() async throws {
        let data = try QuestionsFileTests.document([[
            "title": #"<script>alert("x")</script> & <b>bold</b>?"#, "answer_a": "<img src=x onerror=alert(1)>",
            "answer_b": "Tom & Jerry", "answer_c": #"\"quoted\" 'single'"#, "correct_answer": 0,
        ]])
        let served = try await Served(TriviaQuestions.decode(data, file: "markup.json"))
        let html = try await served.screen()
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("<b>bold"))
        #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;?"))
        #expect(html.contains("Tom &amp; Jerry"))
        await served.server.stop()
    }

    /// The `<button …>` start tag with `identifier`.
    static func button(_ identifier: String, in html: String) -> String? {
        guard let id = html.range(of: testID(identifier)),
              let start = html[..<id.lowerBound].range(of: "<button", options: .backwards),
              let end = html[id.upperBound...].range(of: ">") else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }
}
