// On Apple platforms `import XCTest` brings Foundation whole, URLSession included; on Linux
// URLSession lives in FoundationNetworking. UI test helpers that talk to a backend (stub
// servers, reset endpoints) compile unchanged with it re-exported here.
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
