import Testing

/// Every Animals UI suite is nested here and runs one test at a time: each test is a whole
/// app launch, and on a 2-core machine a burst of parallel launches slows the other suites'
/// timing-sensitive tests. One at a time keeps the load steady (≈20 s for all of them).
@Suite("Automation Animals", .serialized)
enum AnimalsJourneys {}
