import LabSupport
import Synchronization
import Testing

@Suite("LabSupport")
struct LabSupportTests {
    @Test func swiftLiteralsEscapeWhatSwiftWouldNotAccept() {
        #expect(SwiftLiteral.string("a\nb") == #""a\nb""#)
        #expect(SwiftLiteral.string("tab\there") == #""tab\there""#)
        #expect(SwiftLiteral.string(#"say "hi" \ bye"#) == #""say \"hi\" \\ bye""#)
        #expect(SwiftLiteral.string("\r\n\0") == #""\r\n\0""#)
        #expect(SwiftLiteral.string("bell\u{7}del\u{7F}c1\u{85}ls\u{2028}") == #""bell\u{7}del\u{7F}c1\u{85}ls\u{2028}""#)
        #expect(SwiftLiteral.string("Zoë 🦁 ❯") == "\"Zoë 🦁 ❯\"")
    }

    @Test func htmlEscapingCoversTextAndAttributes() {
        #expect(HTMLEscape.escape(#"<a href="x">Tom & 'Jerry'</a>"#) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;")
    }

    @Test func aTimeoutCancelsTheOperationAndThrowsTheCallersError() async throws {
        struct Late: Error {}
        let cancelled = Flag()
        await #expect(throws: Late.self) {
            try await withTimeout(.milliseconds(50), timedOut: Late()) {
                do {
                    try await Task.sleep(for: .seconds(60))
                } catch {
                    cancelled.set()
                    throw error
                }
            }
        }
        #expect(cancelled.isSet)
    }

    @Test func anOperationThatFinishesInTimeKeepsItsOutcome() async throws {
        struct Own: Error {}
        #expect(try await withTimeout(.seconds(60), timedOut: CancellationError()) { 42 } == 42)
        await #expect(throws: Own.self) { try await withTimeout(.seconds(60), timedOut: CancellationError()) { throw Own() } }
    }

    @Test func aTimeLimitRunsItsExpiryBeforeCancellingAndReturnsTheOperationsOwnOutcome() async throws {
        let expired = Flag()
        // Ignores the cancellation at first, as a flow's step that reports its budget does.
        let operation: @Sendable () async throws -> Bool = {
            while !Task.isCancelled { await Task.yield() }
            return expired.isSet
        }
        let seenExpiry = try await withTimeLimit(.milliseconds(50), onExpiry: { expired.set() }, operation)
        #expect(seenExpiry)
    }

    @Test func pollingChecksAtLeastOnceAndStopsAtTheDeadline() async throws {
        var calls = 0
        let held = try await poll(until: .now) {
            calls += 1
            return false
        }
        #expect(!held)
        #expect(calls == 1)
        var tries = 0
        #expect(try await poll(until: .now + .seconds(60)) {
            tries += 1
            return tries == 3
        })
    }

    @Test func backOffSettlesAtItsLastStep() {
        var backoff = Backoff([.zero, .milliseconds(10)])
        #expect([backoff.next(), backoff.next(), backoff.next()] == [.zero, .milliseconds(10), .milliseconds(10)])
    }
}

private final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .relaxed) }
    func set() { value.store(true, ordering: .relaxed) }
}
