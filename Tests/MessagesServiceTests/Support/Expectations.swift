import LabSupport
import Testing

/// Checks `response` against openapi.yaml as an answer to `method pathTemplate`,
/// recording one issue per problem.
func expectConforms(_ response: HTTPResult, _ method: String, _ pathTemplate: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let problems = OpenAPIDocument.shared.problems(with: response, method: method, pathTemplate: pathTemplate)
    for problem in problems {
        Issue.record("\(method) \(pathTemplate) does not conform to openapi.yaml: \(problem)", sourceLocation: sourceLocation)
    }
}

/// Expects a 4xx JSON error envelope with `status` and `code`, conforming to openapi.yaml
/// when `pathTemplate` is given.
func expectError(
    _ response: HTTPResult, status: Int, code: String, _ method: String, _ pathTemplate: String?,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(response.status == status, "\(response)", sourceLocation: sourceLocation)
    #expect(response.header("content-type")?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
    let json = try? response.json()
    #expect(json?["statusCode"] == .number(Double(status)), "\(response)", sourceLocation: sourceLocation)
    #expect(json?["error"]?["code"]?.string == code, "\(response)", sourceLocation: sourceLocation)
    #expect((json?["error"]?["message"]?.string ?? "").isEmpty == false, sourceLocation: sourceLocation)
    if let pathTemplate {
        expectConforms(response, method, pathTemplate, sourceLocation: sourceLocation)
    }
}
