@testable import DevTools
import Foundation
import Testing

/// The reader's fast routing scan agrees with a full decode, and gives up when unsure.
@Suite("Envelope scanner")
struct EnvelopeScannerTests {
    private func scan(_ text: String) -> Envelope? { Envelope.scan(Data(text.utf8)) }

    @Test func readsRepliesEventsAndErrors() {
        #expect(scan(#"{"id":42,"result":{"a":[1,{"b":"}"}],"c":"x\"y"}}"#) == Envelope(id: 42))
        #expect(scan(#" { "method" : "Page.loadEventFired", "params":{"timestamp":1.5e3}, "sessionId":"AB12" } "#)
            == Envelope(method: "Page.loadEventFired", sessionId: "AB12"))
        #expect(scan(#"{"id":7,"error":{"code":-32000,"message":"No node"}}"#) == Envelope(id: 7, hasError: true))
        #expect(scan(#"{"id":1,"result":{"flag":true,"none":null,"n":-3}}"#) == Envelope(id: 1))
        #expect(scan("{}") == Envelope())
        #expect(scan(#"{"method":"A\u0042","params":{}}"#) == Envelope(method: "AB"))  // escapes decoded
    }

    @Test func givesUpOnAnythingItCannotBeSureOf() {
        #expect(scan(#"{"id":1,"result":{"product": tru"#) == nil)    // truncated
        #expect(scan(#"{"id":1,"result":{}} trailing"#) == nil)       // trailing garbage
        #expect(scan("[1,2]") == nil)
        #expect(scan("") == nil)
        #expect(scan(#"{"id":"7"}"#) == nil)                            // id of the wrong type
    }
}
