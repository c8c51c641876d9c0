import Testing

/// Every Movie Trivia suite is nested here and runs one test at a time: each test is a whole
/// app launch, and on a 2-core machine a burst of parallel launches slows the other suites'
/// timing-sensitive tests (as for the Animals suites).
@Suite("Movie Trivia", .serialized)
enum TriviaJourneys {}
