import Foundation
import LabSupport
import MessagesService
import TestSupport
import Testing

/// Keeps openapi.yaml true: each documented response is produced by a real request and
/// conforms; nothing the server answers on these paths is missing from the document; the
/// document's limits are the server's.
@Suite(.heavyWork) struct OpenAPIConformanceTests {
    /// One request that must produce one documented response.
    struct Example: Sendable {
        var method: String
        var path: String
        var headers: [(String, String)] = []
        var body: [UInt8]?
        var failingStore = false
    }

    static let json = [("Content-Type", "application/json")]
    static let valid = messageBody(user: "dan", subject: "pets", message: "dogs are happy")

    /// Keyed by documented response; the test fails if the document and this table differ.
    static let examples: [DocumentedResponse: Example] = {
        var examples: [DocumentedResponse: Example] = [
            .init(path: "/proto/messages", method: "POST", status: 201): Example(method: "POST", path: "/proto/messages", headers: json, body: valid),
            .init(path: "/proto/messages", method: "POST", status: 400): Example(method: "POST", path: "/proto/messages", headers: json, body: Array("{".utf8)),
            .init(path: "/proto/messages", method: "POST", status: 413): Example(method: "POST", path: "/proto/messages", headers: json, body: [UInt8](repeating: 0x20, count: 70_000)),
            .init(path: "/proto/messages", method: "POST", status: 415): Example(method: "POST", path: "/proto/messages", headers: [("Content-Type", "text/plain")], body: valid),
            .init(path: "/proto/messages", method: "POST", status: 503): Example(method: "POST", path: "/proto/messages", headers: json, body: valid, failingStore: true),
            .init(path: "/proto/messages", method: "GET", status: 200): Example(method: "GET", path: "/proto/messages"),
            .init(path: "/proto/messages", method: "GET", status: 400): Example(method: "GET", path: "/proto/messages?limit=0"),
            .init(path: "/proto/messages", method: "HEAD", status: 400): Example(method: "HEAD", path: "/proto/messages?cursor=nope"),
            .init(path: "/proto/messages", method: "GET", status: 503): Example(method: "GET", path: "/proto/messages", failingStore: true),
            .init(path: "/proto/messages", method: "HEAD", status: 200): Example(method: "HEAD", path: "/proto/messages"),
            // The test posts one message first: the store's marker is then m1.
            .init(path: "/proto/messages", method: "GET", status: 304): Example(method: "GET", path: "/proto/messages", headers: [("If-None-Match", #""m1""#)]),
            .init(path: "/proto/messages", method: "HEAD", status: 304): Example(method: "HEAD", path: "/proto/messages", headers: [("If-None-Match", #"W/"m0", "m1""#)]),
            .init(path: "/proto/messages/{user}", method: "GET", status: 200): Example(method: "GET", path: "/proto/messages/dan"),
            .init(path: "/proto/messages/{user}", method: "GET", status: 400): Example(method: "GET", path: "/proto/messages/%20"),
            .init(path: "/proto/messages/{user}", method: "GET", status: 503): Example(method: "GET", path: "/proto/messages/dan", failingStore: true),
            .init(path: "/proto/messages/{user}", method: "HEAD", status: 200): Example(method: "HEAD", path: "/proto/messages/dan"),
            .init(path: "/proto/messages/{user}", method: "HEAD", status: 400): Example(method: "HEAD", path: "/proto/messages/%FF"),
        ]
        for method in ["PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"] {
            examples[.init(path: "/proto/messages", method: method, status: 405)] = Example(method: method, path: "/proto/messages")
        }
        for method in ["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"] {
            examples[.init(path: "/proto/messages/{user}", method: method, status: 405)] = Example(method: method, path: "/proto/messages/dan", headers: json, body: valid)
        }
        return examples
    }()

    @Test func everyDocumentedResponseHasAnExampleAndViceVersa() {
        let documented = Set(OpenAPIDocument.shared.documentedResponses)
        let exemplified = Set(Self.examples.keys)
        #expect(documented.subtracting(exemplified).isEmpty, "documented but never produced: \(documented.subtracting(exemplified))")
        #expect(exemplified.subtracting(documented).isEmpty, "produced but not documented: \(exemplified.subtracting(documented))")
    }

    @Test(arguments: OpenAPIDocument.shared.documentedResponses)
    func documentedResponseIsProducedAndConforms(_ documented: DocumentedResponse) async throws {
        let example = try #require(Self.examples[documented], "no example request for \(documented)")
        let store: any MessageStore = example.failingStore ? FailingStore() : try memoryStore()
        try await withMessagesServer(store: store) { client in
            if !example.failingStore {
                _ = try await client.post(Self.valid)
            }
            let response = try await client.send(example.method, example.path, headers: example.headers, body: example.body)
            #expect(response.status == documented.status, "\(documented): got \(response)")
            expectConforms(response, documented.method, documented.path)
        }
    }

    @Test func documentedLimitsAreTheServersLimits() throws {
        let document = OpenAPIDocument.shared
        let limits = MessageLimits.default
        #expect(document.schema(named: "User")?["maxLength"] as? Int == limits.maxUserLength)
        #expect(document.schema(named: "User")?["minLength"] as? Int == 1)
        #expect(document.schema(named: "Subject")?["maxLength"] as? Int == limits.maxSubjectLength)
        #expect(document.schema(named: "MessageText")?["maxLength"] as? Int == limits.maxMessageLength)
        #expect(document.schema(named: "MessageText")?["minLength"] as? Int == 1)
        let post = ((document.paths["/proto/messages"] as? [String: Any])?["post"] as? [String: Any])?["requestBody"] as? [String: Any]
        #expect(post?["x-max-body-bytes"] as? Int == limits.maxBodyBytes)
        #expect(((post?["content"] as? [String: Any])?["application/json"] as? [String: Any]) != nil)
    }

    @Test func documentedErrorCodesExist() throws {
        let document = OpenAPIDocument.shared
        let known = Set(MessagesErrorCode.allCases.map(\.rawValue))
        for name in ["PostBadRequestError", "InvalidUserError", "MethodNotAllowedError", "ContentTooLargeError", "UnsupportedMediaTypeError", "StorageUnavailableError"] {
            let error = (document.schema(named: name)?["properties"] as? [String: Any])?["error"] as? [String: Any]
            let code = (error?["properties"] as? [String: Any])?["code"] as? [String: Any]
            let codes = try #require(code?["enum"] as? [String], "\(name) lists no codes")
            #expect(Set(codes).isSubset(of: known), "\(name): unknown codes \(Set(codes).subtracting(known))")
        }
    }

    /// The request schema accepts what the server accepts and rejects what it rejects.
    @Test func requestSchemaAgreesWithTheServer() async throws {
        let document = OpenAPIDocument.shared
        let schema = try #require(document.schema(named: "PostMessageRequest"))
        let accepted = [Self.valid, messageBody(user: "José", subject: "", message: "x"), messageBody(user: "a b", subject: "<", message: "'")]
        for body in accepted {
            #expect(document.validate(try JSONValue.parse(body), against: schema, at: "request").isEmpty)
        }
        let rejected = badRequestCases.filter { $0.method == "POST" && $0.status == 400 && $0.template != nil }
        for badCase in rejected {
            // The encoding rules (UTF-8, no byte-order mark) are about bytes, which no schema
            // sees: a body the parser reads only as UTF-16 or UTF-32 is not the schema's case.
            guard let body = badCase.body, String(validating: body, as: UTF8.self) != nil, !body.contains(0), !body.starts(with: [0xEF, 0xBB, 0xBF]),
                  let value = try? JSONValue.parse(body)
            else { continue }
            #expect(!document.validate(value, against: schema, at: "request").isEmpty, "schema accepts the bad case '\(badCase.name)'")
        }
    }

    /// Validates the document with openapi-spec-validator (PyPI), which scripts/test installs
    /// (scripts/ensure-packages); without it the test fails saying so, never skips in silence.
    @Test func documentIsValidOpenAPI() async throws {
        guard await Self.specValidatorInstalled() else {
            Issue.record("""
                python3 cannot import openapi_spec_validator, so openapi.yaml is not validated: \
                `python3 -m pip install openapi-spec-validator` (scripts/test installs it)
                """)
            return
        }
        let run = try await ChildProcess.run("/usr/bin/env", arguments: ["python3", "-m", "openapi_spec_validator", OpenAPIDocument.path.path])
        #expect(run.exit == .exited(0), "\(run.standardOutput)\(run.standardError)")
    }

    /// Whether `python3 -c 'import openapi_spec_validator'` succeeds.
    static func specValidatorInstalled() async -> Bool {
        let run = try? await ChildProcess.run("/usr/bin/env", arguments: ["python3", "-c", "import openapi_spec_validator"])
        return run?.exit == .exited(0)
    }
}
