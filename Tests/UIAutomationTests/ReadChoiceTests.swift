import DevTools
import Synchronization
import Testing
@testable import UIAutomation

/// A change the page can bound is read in part — unless the tree is small and the part deep,
/// where one whole read costs the browser less than the partial read's round trips
/// (``PageDriver/wholeReadIsCheaper(treeNodes:roots:frames:weight:levels:)``). Either way the
/// tree is the same; `ReadEquivalenceTests` checks the partial read itself.
@Suite("Read choice")
struct ReadChoiceTests {
    typealias Roots = PageDriver.ChangedRoots

    /// Cases measured on this machine (docs/decisions.md): TodoMVC's item added (84 nodes; five
    /// roots, three levels: 23 ms in part against about 10 ms whole) reads whole; a label changed
    /// on the 100-element page (304 nodes: 2.6 ms in part, 13.7 ms whole) and anything on a large
    /// tree read in part; a page's counts that make no sense leave the read partial.
    @Test func wholeReadsAreChosenOnlyWhereTheyCostLess() {
        #expect(PageDriver.wholeReadIsCheaper(treeNodes: 84, roots: Roots(deep: 3, shallow: 1, lean: 1), frames: true, weight: 15, levels: 3))
        #expect(!PageDriver.wholeReadIsCheaper(treeNodes: 84, roots: Roots(deep: 1), frames: true, weight: 1, levels: 0))
        #expect(!PageDriver.wholeReadIsCheaper(treeNodes: 304, roots: Roots(deep: 1), frames: true, weight: 1, levels: 0))
        #expect(!PageDriver.wholeReadIsCheaper(treeNodes: 6_000, roots: Roots(deep: 8), frames: true, weight: 400, levels: 12))
        #expect(!PageDriver.wholeReadIsCheaper(treeNodes: 84, roots: Roots(deep: 3), frames: true, weight: -1, levels: 3))
        // Skipping the boxes, a partial read skips the DOM snapshot a whole read makes.
        #expect(PageDriver.wholeReadIsCheaper(treeNodes: 200, roots: Roots(deep: 2), frames: true, weight: 10, levels: 3))
        #expect(!PageDriver.wholeReadIsCheaper(treeNodes: 200, roots: Roots(deep: 2), frames: false, weight: 10, levels: 3))
    }

    /// On the small mutation page, a nested block added is read whole by default, in part when
    /// told to; both equal a whole read.
    @Test(arguments: [true, false])
    func aDeepChangeOnASmallPageIsReadTheCheaperWay(wholeWhenCheaper: Bool) async throws {
        try await withApp("/mutations") { (app) async throws in
            let driver = try #require(try app.driver(for: "test") as? PageDriver)
            driver.readsWholeWhenCheaper.store(wholeWhenCheaper, ordering: .relaxed)
            _ = try await driver.snapshot()
            let before = driver.readStatistics
            _ = try await driver.page.evaluate("""
                document.querySelector('[data-testid=extra]').insertAdjacentHTML('beforeend',
                  '<div><ul><li><p><b>Deep</b> <i>down</i></p><p><em>here</em></p></li></ul></div>'); 0
                """)
            let read = try await driver.snapshot()
            let after = driver.readStatistics
            if wholeWhenCheaper {
                #expect(after.read == before.read + 1, "not read whole")
            } else {
                #expect(after.read == before.read, "read whole")
                #expect(after.refreshed == before.refreshed + 1)
            }
            #expect(read.elements.contains { $0.label.contains("Deep") })
            #expect(ReadEquivalenceTests.difference(read, try await driver.fullSnapshot()) == nil)
        }
    }
}
