import Foundation
import LabKit
import LabTesting
import Testing
import UIAutomation
import TestSupport

/// An app host that binds one address and hands the browser another name: what a browser on
/// another machine needs. Here the browser is local, and the advertised name is this
/// machine's own non-loopback address, which a server bound to 127.0.0.1 would not answer on.
@Suite("Advertised app address", .heavyWork)
struct AdvertisedAddressUITests {
    @Test(.enabled(if: AdvertisedAddressUITests.externalAddress != nil, "this machine has no non-loopback IPv4 address"))
    func browserReachesTheAppByTheAdvertisedAddress() async throws {
        let address = try #require(Self.externalAddress)
        let host = LabAppHost(app: WidgetsApp(), bindAddress: "0.0.0.0", advertisedHost: address)
        let app = Application(host: host)
        try await app.launch()
        // The page loaded: the host check answered the advertised name (no 421).
        #expect(try await app.staticTexts["label"].label == "Hello")
        #expect(try await app.evaluate("location.hostname", as: String.self) == address)
        await app.terminate()
    }

    @Test func defaultsBindAndAdvertiseLoopback() async throws {
        let host = LabAppHost(app: WidgetsApp(), bindAddress: "127.0.0.1")
        #expect(host.advertisedHost == "127.0.0.1")
        #expect(LabAppHost(app: WidgetsApp(), bindAddress: "0.0.0.0").advertisedHost == "127.0.0.1")
        let running = try await host.launch(arguments: [], environment: [:])
        #expect(running.url.hasPrefix("http://127.0.0.1:"))
        await running.terminate()
    }

    @Test(.enabled(if: AdvertisedAddressUITests.externalAddress != nil, "this machine has no non-loopback IPv4 address"))
    func serverBoundToLoopbackIsNotReachableByTheExternalAddress() async throws {
        // The check above can fail: a server on 127.0.0.1 does not answer there.
        let address = try #require(Self.externalAddress)
        let host = LabAppHost(app: WidgetsApp(), bindAddress: "127.0.0.1", advertisedHost: address)
        let app = Application(host: host)
        await #expect(throws: (any Error).self) { try await app.launch() }
        await app.terminate()
    }

    /// The first IPv4 address of an interface that is up and not loopback.
    static let externalAddress: String? = {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            let flags = Int32(entry.pointee.ifa_flags)
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == UInt16(AF_INET),
                  flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0 else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }()
}
