import DevTools
import Foundation
import LabSupport
import Synchronization

/// Queries resolved in the page (issue 42): `elementQuery.js`, installed in every new document,
/// answers a query chain over the DOM in one `Runtime.evaluate`, with only its matches — no
/// accessibility tree read. What it answers is what a read of Chromium's tree would give (the
/// differential tests: `InPageDifferentialTests`, `bench/inpage_differential.py`); where it could
/// not answer exactly, it says so and the query is resolved in the tree instead.
extension PageDriver {
    /// The backend DOM node id of `node` (an in-page reference is resolved in the page), or `nil`
    /// when it left the document: how a match of either engine is compared with the tree's.
    func backendNodeId(of node: NodeHandle) async throws -> Int? {
        if let id = node.backendNodeId { return id }
        let limit = configuration.responseTimeout
        let group = "automationlab-describe-" + UUID().uuidString
        defer { releaseInBackground(CDP.Runtime.ReleaseObjectGroup(objectGroup: group)) }
        guard let object = try await NodeHandles.object(for: node, in: page, group: group, limit: limit) else { return nil }
        return try await page.send(CDP.DOM.DescribeNode(objectId: object), timeout: limit).node.backendNodeId
    }

    /// The last answer, and what it answered: a query asked again on an unchanged page (same
    /// change stamp, no input since, same document) sends the stamp and gets `unchanged`.
    struct InPageCache: Sendable {
        let request: String
        let stamp: String
        let inputs: Int
        let loads: Int
        let answer: InPageAnswer
    }

    /// Resolves `steps` in the page: one `Runtime.evaluate` of the engine's `run` with the
    /// request made from the steps; `.fallback` (with the reason) when a step is one the engine
    /// does not take, the page has a closed shadow root, or the script threw. A read a
    /// navigation overtakes is asked again in the new document, as ``snapshot(timeout:frames:)``
    /// does. `fast` true asks for the engine's fast path even where it keeps the page's whole
    /// tree (the differential test runs both paths).
    func inPageQuery(steps: [QueryStep]) async throws -> InPageResolution {
        try await inPageQuery(steps: steps, fast: false)
    }

    func inPageQuery(steps: [QueryStep], fast: Bool) async throws -> InPageResolution {
        let request: [JSONValue]
        switch InPageRequest.steps(steps) {
        case .success(let made): request = made
        case .failure(let unsupported): return .fallback(unsupported.reason)
        }
        var fields: [String: JSONValue] = [
            "mode": .string("query"), "identifierAttribute": .string(configuration.identifierAttribute), "steps": .array(request),
        ]
        if fast { fields["fast"] = .bool(true) }
        let body = InPageRequest.json(.object(fields))
        let limit = configuration.responseTimeout
        let deadline = ContinuousClock.now + limit
        while true {
            do {
                return try await browser.run { try await askInPage(body, fields: fields, limit: limit) }
            } catch DevToolsError.protocolError(_, _, let message, _)
                where Self.isNavigationRace(message) && ContinuousClock.now + .milliseconds(50) < deadline {
                forgetInPageAnswer()
                try await Task.sleep(for: .milliseconds(50))
            }
        }
    }

    private func askInPage(_ body: String, fields: [String: JSONValue], limit: Duration) async throws -> InPageResolution {
        let inputs = inputCount, loads = navigation.loadCount
        var fields = fields
        let cached = inPageAnswer(for: body, inputs: inputs, loads: loads)
        if let cached { fields["stamp"] = .string(cached.stamp) }
        // Input since the engine last answered: its tree kept for the stamp may be stale.
        if inputsAtLastInPageAnswer.exchange(inputs, ordering: .acquiringAndReleasing) != inputs { fields["fresh"] = .bool(true) }
        let expression = PageScripts.inPageRun(InPageRequest.json(.object(fields)))
        var reply = try await page.send(CDP.Runtime.Evaluate(expression: expression), timeout: limit)
        if reply.exceptionDetails == nil, reply.result.value?.member("missing")?.bool == true {
            // A document the engine was not installed in (opened before the attach): install it
            // now. It learns of click listeners only from now on.
            _ = try await page.send(CDP.Runtime.Evaluate(expression: PageScripts.elementQueryInstall), timeout: limit)
            reply = try await page.send(CDP.Runtime.Evaluate(expression: PageScripts.inPageRun(body)), timeout: limit)
        }
        if let exception = reply.exceptionDetails { return .fallback("the page script threw: \(exception.message)") }
        guard let value = reply.result.value, case .object(let answer) = value else {
            return .fallback("the page script gave no answer")
        }
        if let reason = answer["fallback"]?.string { return .fallback(reason) }
        if answer["unchanged"]?.bool == true, let cached { return .answered(cached.answer.unchanged) }
        guard let parsed = InPageRequest.answer(answer) else { return .fallback("the page script's answer could not be read") }
        if let stamp = answer["stamp"]?.string {
            keepInPageAnswer(InPageCache(request: body, stamp: stamp, inputs: inputs, loads: loads, answer: parsed))
        } else {
            forgetInPageAnswer()
        }
        return .answered(parsed)
    }

    /// The kept answer to `request`, when it was given in this document with no input since.
    @inline(never)
    private func inPageAnswer(for request: String, inputs: Int, loads: Int) -> InPageCache? {
        inPageCache.withLock { kept in
            guard let kept, kept.request == request, kept.inputs == inputs, kept.loads == loads else { return nil }
            return kept
        }
    }

    @inline(never)
    private func keepInPageAnswer(_ answer: InPageCache) {
        inPageCache.withLock { $0 = answer }
    }

    /// Forgets the kept answer: the next query asks the page afresh.
    @inline(never)
    func forgetInPageAnswer() {
        inPageCache.withLock { $0 = nil }
    }
}
