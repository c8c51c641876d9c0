// Real-world benchmark, UIAutomation side: TodoMVC's Playwright spec (TodoMVCSpec) run case
// by case against TodoMVC served on 127.0.0.1, each case in a fresh Application launch (a
// fresh isolated browser context), timed from launch to the end of the case body (the
// terminate is not timed), as bench/realworld_playwright.py times Playwright's side.
// bench/realworld.sh runs both, interleaved, and prints the table. The runner and the command
// line are RealWorldSupport's (shared with KitchenSinkBench):
//
//   RealWorldBench <base-url> [rounds] [case-filter]   run; prints JSON per case
//   RealWorldBench --steps <base-url> [case-filter]    the time of every step, on stderr
//   RealWorldBench --tree <base-url>                   the app's element tree with two todos
//   RealWorldBench --print-arguments                   the browser command line (JSON)
import RealWorldSupport
import UIAutomation

@main
struct RealWorldBench {
    static func main() async throws {
        try await BenchRunner.main("RealWorldBench", cases: TodoMVCSpec.all.map(\.benchCase)) { app in
            // The tree with two todos (how TodoMVCScreen's queries were found).
            let screen = TodoMVCScreen(app: app)
            for item in TodoMVCSpec.todoItems.prefix(2) {
                try await screen.fill(screen.newTodo, item)
                try await screen.newTodo.typeKey(.return)
            }
        }
    }
}
