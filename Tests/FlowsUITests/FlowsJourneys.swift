import Testing

/// Every flow suite is nested here and runs one test at a time: each test is a whole app
/// launch, and on a 2-core machine parallel launches slow the other suites' timing-sensitive tests.
@Suite("Flows in the lab apps", .serialized)
enum FlowsJourneys {}
