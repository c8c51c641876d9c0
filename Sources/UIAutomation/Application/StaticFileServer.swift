import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// A small HTTP server of the files under one directory, for ``FolderHost``: `GET` and `HEAD`
/// only; a directory answers with its `index.html` (a directory URL without its final `/` is
/// redirected to it, so relative links resolve); content types from the file extension;
/// `404` for what is not there; `403` for any path that would leave the directory (a `..`
/// segment, an encoded slash or NUL, a symbolic link pointing out of it). Nothing is cached
/// (`Cache-Control: no-store`): every launch sees the files as they are.
final class StaticFileServer: Sendable {
    private let channel: any Channel
    private let connections: NIOLockedValueBox<[ObjectIdentifier: any Channel]>
    /// The port it listens on.
    let port: Int

    /// Starts serving `root` (an absolute, resolved directory path) on `host`, port 0.
    static func start(root: String, host: String) async throws -> StaticFileServer {
        let connections = NIOLockedValueBox<[ObjectIdentifier: any Channel]>([:])
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                connections.withLockedValue { $0[ObjectIdentifier(channel)] = channel }
                channel.closeFuture.whenComplete { _ in _ = connections.withLockedValue { $0.removeValue(forKey: ObjectIdentifier(channel)) } }
                return channel.pipeline.configureHTTPServerPipeline().flatMap {
                    channel.pipeline.addHandler(StaticFileHandler(root: root))
                }
            }
        let channel = try await bootstrap.bind(host: host, port: 0).get()
        return StaticFileServer(channel: channel, port: channel.localAddress?.port ?? 0, connections: connections)
    }

    private init(channel: any Channel, port: Int, connections: NIOLockedValueBox<[ObjectIdentifier: any Channel]>) {
        self.channel = channel
        self.port = port
        self.connections = connections
    }

    /// Stops listening and closes every open connection.
    func stop() async {
        try? await channel.close()
        for connection in connections.withLockedValue({ Array($0.values) }) {
            try? await connection.close()
        }
    }

    /// The content type of a file name's extension (`application/octet-stream` when unknown).
    static func contentType(ofFile name: String) -> String {
        let ext = (name as NSString).pathExtension.lowercased()
        return contentTypes[ext] ?? "application/octet-stream"
    }

    private static let contentTypes: [String: String] = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8", "json": "application/json",
        "map": "application/json", "txt": "text/plain; charset=utf-8", "md": "text/markdown; charset=utf-8",
        "xml": "application/xml", "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg",
        "gif": "image/gif", "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon", "woff": "font/woff",
        "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf", "wasm": "application/wasm", "pdf": "application/pdf",
        "webmanifest": "application/manifest+json", "mp4": "video/mp4", "webm": "video/webm", "mp3": "audio/mpeg",
        "wav": "audio/wav", "csv": "text/csv; charset=utf-8",
    ]

    /// What a request path resolves to under `root`.
    enum Resolution: Equatable {
        case file(String)
        /// A directory asked for without its final `/`: where to redirect.
        case redirect(String)
        case notFound
        case forbidden
    }

    /// Resolves the path part of a request target (query and fragment already removed).
    static func resolve(_ rawPath: String, root: String) -> Resolution {
        guard rawPath.hasPrefix("/"), let decoded = rawPath.removingPercentEncoding else { return .forbidden }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: true)
        // Encoded slashes and NULs, and any step upwards, are refused rather than normalised.
        if rawPath.lowercased().contains("%2f") || rawPath.lowercased().contains("%5c") || decoded.contains("\0")
            || segments.contains(where: { $0 == ".." || $0.contains("\\") })
        {
            return .forbidden
        }
        let relative = segments.filter { $0 != "." }.joined(separator: "/")
        let candidate = relative.isEmpty ? root : root + "/" + relative
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: candidate, isDirectory: &isDirectory) else { return .notFound }
        // A symbolic link may point anywhere: the resolved path must still be inside root.
        let resolved = (candidate as NSString).resolvingSymlinksInPath
        guard resolved == root || resolved.hasPrefix(root + "/") else { return .forbidden }
        if isDirectory.boolValue {
            guard decoded.hasSuffix("/") else { return .redirect(rawPath + "/") }
            let index = resolved + "/index.html"
            return fileManager.fileExists(atPath: index) ? .file(index) : .notFound
        }
        return .file(resolved)
    }
}

/// Answers each request from the files under `root`.
private final class StaticFileHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart
    let root: String

    init(root: String) { self.root = root }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let request) = unwrapInboundIn(data) else { return }
        guard request.method == .GET || request.method == .HEAD else {
            return respond(context, request, status: .methodNotAllowed, type: "text/plain; charset=utf-8",
                           body: Data("405 method not allowed\n".utf8), extra: [("Allow", "GET, HEAD")])
        }
        let target = request.uri.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let path = String(target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        switch StaticFileServer.resolve(path, root: root) {
        case .file(let file):
            guard let bytes = FileManager.default.contents(atPath: file) else {
                return respond(context, request, status: .forbidden, type: "text/plain; charset=utf-8", body: Data("403 forbidden\n".utf8))
            }
            respond(context, request, status: .ok, type: StaticFileServer.contentType(ofFile: file), body: bytes)
        case .redirect(let location):
            respond(context, request, status: .movedPermanently, type: "text/plain; charset=utf-8", body: Data(), extra: [("Location", location)])
        case .notFound:
            respond(context, request, status: .notFound, type: "text/html; charset=utf-8",
                    body: Data("<!doctype html><title>Not found</title><h1>404 Not found</h1>\n".utf8))
        case .forbidden:
            respond(context, request, status: .forbidden, type: "text/plain; charset=utf-8", body: Data("403 forbidden\n".utf8))
        }
    }

    private func respond(
        _ context: ChannelHandlerContext, _ request: HTTPRequestHead, status: HTTPResponseStatus, type: String, body: Data,
        extra: [(String, String)] = []
    ) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: type)
        headers.add(name: "Content-Length", value: String(body.count))
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        for (name, value) in extra { headers.add(name: name, value: value) }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: status, headers: headers))), promise: nil)
        if request.method != .HEAD, !body.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
        }
        if request.isKeepAlive {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        } else {
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in bound.value.close(promise: nil) }
        }
    }
}
