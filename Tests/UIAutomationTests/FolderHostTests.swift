import Foundation
import Testing
import TestSupport
@testable import UIAutomation

/// `FolderHost`: a static site from a directory, in the real browser, and its server's answers
/// to requests a browser would never send (raw HTTP over a socket).
@Suite("Folder host")
struct FolderHostTests {
    /// A site: an index, a second page in a folder, a stylesheet, a script; and a secret beside it.
    private static func makeSite() throws -> (site: String, parent: String) {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("folder-host-\(UUID().uuidString)").path
        let site = parent + "/site"
        try FileManager.default.createDirectory(atPath: site + "/about", withIntermediateDirectories: true)
        try #"<!doctype html><html><head><title>Home</title><link rel="stylesheet" href="style.css"></head><body><h1 data-testid="title">Home</h1><a href="about/">About us</a><script src="app.js"></script></body></html>"#
            .write(toFile: site + "/index.html", atomically: true, encoding: .utf8)
        try #"<!doctype html><html><head><title>About</title></head><body><h1 data-testid="title">About</h1></body></html>"#
            .write(toFile: site + "/about/index.html", atomically: true, encoding: .utf8)
        try "h1 { color: rgb(0, 0, 0); }".write(toFile: site + "/style.css", atomically: true, encoding: .utf8)
        try "document.body.dataset.ready = 'yes';".write(toFile: site + "/app.js", atomically: true, encoding: .utf8)
        try "secret".write(toFile: parent + "/secret.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: site + "/escape.txt", withDestinationPath: parent + "/secret.txt")
        return (site, parent)
    }

    @Test func aSiteIsServedAndBrowsed() async throws {
        let (site, parent) = try Self.makeSite()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let app = Application(host: FolderHost(site))
        try await app.launch()
        #expect(try await app.staticTexts["title"].label == "Home")
        try await app.links["About us"].tap()
        #expect(try await app.staticTexts["title"].label == "About")
        let types = try await app.evaluate(
            "Promise.all(['/style.css', '/app.js', '/', '/missing.html'].map(p => fetch(p).then(r => r.status + ' ' + r.headers.get('content-type'))))",
            as: [String].self)
        #expect(types == ["200 text/css; charset=utf-8", "200 text/javascript; charset=utf-8", "200 text/html; charset=utf-8", "404 text/html; charset=utf-8"])
        await app.terminate()
    }

    @Test func eachLaunchIsAFreshServerOnLoopback() async throws {
        let (site, parent) = try Self.makeSite()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let host = FolderHost(site)
        let first = try await host.launch(arguments: [], environment: [:])
        let second = try await host.launch(arguments: [], environment: [:])
        #expect(first.url.hasPrefix("http://127.0.0.1:"))
        #expect(first.url != second.url)
        let port = try #require(Int(first.url.dropFirst("http://127.0.0.1:".count).dropLast()))
        #expect(try Self.get(port: port, "/").status == 200)
        await first.terminate()
        await second.terminate()
        #expect(throws: (any Error).self) { try Self.get(port: port, "/") }
    }

    @Test func pathsThatLeaveTheFolderAreRefused() async throws {
        let (site, parent) = try Self.makeSite()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let running = try await FolderHost(site).launch(arguments: [], environment: [:])
        defer { Task { await running.terminate() } }
        let port = try #require(Int(running.url.dropFirst("http://127.0.0.1:".count).dropLast()))
        for target in ["/../secret.txt", "/about/../../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt", "/escape.txt", "/%00"] {
            let answer = try Self.get(port: port, target)
            #expect(answer.status == 403, "\(target): \(answer.status)")
            #expect(!answer.body.contains("secret"), "\(target)")
        }
        #expect(try Self.get(port: port, "/about").status == 301)
        #expect(try Self.get(port: port, "/about").head.contains("Location: /about/"))
        #expect(try Self.get(port: port, "/about/?x=1").status == 200)
        #expect(try Self.get(port: port, "/nothing/here").status == 404)
        #expect(try Self.get(port: port, "/", method: "POST").status == 405)
        let head = try Self.get(port: port, "/style.css", method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(head.head.contains("Cache-Control: no-store"))
    }

    @Test func resolvingPaths() throws {
        let (site, parent) = try Self.makeSite()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let root = (site as NSString).resolvingSymlinksInPath
        #expect(StaticFileServer.resolve("/", root: root) == .file(root + "/index.html"))
        #expect(StaticFileServer.resolve("/about/", root: root) == .file(root + "/about/index.html"))
        #expect(StaticFileServer.resolve("/about", root: root) == .redirect("/about/"))
        #expect(StaticFileServer.resolve("/./style.css", root: root) == .file(root + "/style.css"))
        #expect(StaticFileServer.resolve("/../secret.txt", root: root) == .forbidden)
        #expect(StaticFileServer.resolve("relative", root: root) == .forbidden)
        #expect(StaticFileServer.contentType(ofFile: "a.SVG") == "image/svg+xml")
        #expect(StaticFileServer.contentType(ofFile: "a.unknown") == "application/octet-stream")
    }

    @Test func launchArgumentsAndAMissingFolderAreClearErrors() async throws {
        let app = Application(host: FolderHost("/no/such/folder"))
        do {
            try await app.launch()
            Issue.record("a missing folder launched")
        } catch let error as UIAutomationError {
            #expect("\(error)".contains("is not a directory"))
        }
        let (site, parent) = try Self.makeSite()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let withArguments = Application(host: FolderHost(site))
        withArguments.launchArguments = ["-x"]
        await #expect(throws: UIAutomationError.self) { try await withArguments.launch() }
    }

    /// One raw HTTP/1.0 request to 127.0.0.1:`port`: the status, the head and the body.
    static func get(port: Int, _ target: String, method: String = "GET") throws -> (status: Int, head: String, body: String) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        var limit = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else { throw ChildProcessError("cannot connect to port \(port)") }
        let request = "\(method) \(target) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n"
        _ = request.utf8CString.withUnsafeBufferPointer { send(fd, $0.baseAddress, $0.count - 1, 0) }
        var reply = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            reply += chunk[0..<count]
        }
        let text = String(decoding: reply, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        let status = Int(parts[0].split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, parts[0], parts.dropFirst().joined(separator: "\r\n\r\n"))
    }
}
