// Second real-world benchmark, UIAutomation side: the kitchen sink's own Cypress specs
// (cypress-io/cypress-example-kitchensink: actions, navigation, storage and network_requests under
// cypress/e2e/2-advanced-examples/) run case by case against its static app served on
// 127.0.0.1, each case in a fresh Application launch (a fresh isolated browser context), timed
// from launch to the end of the case body, as bench/kitchensink_playwright.py times
// Playwright's side. bench/kitchensink.sh runs both, interleaved, and prints the table.
//
//   KitchenSinkBench <base-url> [rounds] [case-filter]   run; prints JSON per case
//   KitchenSinkBench --steps <base-url> [case-filter]    the time of every step, on stderr
//   KitchenSinkBench --tree <base-url> [path]            the element tree at a path (/commands/actions)
//   KitchenSinkBench --print-arguments                   the browser command line (JSON)
import RealWorldSupport

@main
struct KitchenSinkBench {
    static func main() async throws {
        try await BenchRunner.main("KitchenSinkBench", cases: ActionsSpec.all + NavigationSpec.all + StorageSpec.all + NetworkSpec.all)
    }
}
