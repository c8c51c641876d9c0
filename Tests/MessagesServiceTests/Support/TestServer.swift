import Foundation
import Logging
import NIOCore
import MessagesService
import ServerDefenses
import ServiceLifecycle

/// A logger that keeps test output quiet (errors only).
let quietLogger: Logger = {
    var logger = Logger(label: "messages-api-test")
    logger.logLevel = .error
    return logger
}()

/// Runs the real `MessagesServer` in-process on 127.0.0.1, port 0, for the duration of `body`,
/// then shuts it down (task cancellation → graceful shutdown).
func withMessagesServer<T: Sendable>(
    store: any MessageStore,
    limits: MessageLimits = .default,
    serverLimits: ServerLimits = ServerLimits(),
    counters: AnswerCounters = AnswerCounters(),
    eventLoopGroup: (any EventLoopGroup)? = nil,
    _ body: @escaping @Sendable (HTTPTestClient) async throws -> T
) async throws -> T {
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    let server = MessagesServer(
        api: MessagesAPI(store: store, limits: limits, logger: quietLogger, counters: counters), host: "127.0.0.1", port: 0,
        limits: serverLimits, logger: quietLogger, eventLoopGroup: eventLoopGroup
    ) { port in continuation.yield(port) }
    let services = ServiceGroup(services: [server], logger: quietLogger)
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
            defer { continuation.finish() }
            try await services.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            try await group.waitForAll()
            throw HTTPClientError(description: "the server stopped before it was listening")
        }
        let result: Result<T, any Error>
        do {
            result = .success(try await body(HTTPTestClient(port: port)))
        } catch {
            result = .failure(error)
        }
        await services.triggerGracefulShutdown()
        try await group.waitForAll()
        return try result.get()
    }
}

/// An in-memory store, ready for a test.
func memoryStore() throws -> SQLiteMessageStore {
    try SQLiteMessageStore.inMemory()
}

/// A fresh temporary folder, removed by the caller with `removeItem`.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("messages-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A store whose every operation fails: how the tests reach the 503 responses.
struct FailingStore: MessageStore {
    func save(_ message: Message) async throws { throw MessageStoreError("disk on fire") }
    func messages(of user: String, page: PageRequest) async throws -> MessagePage<MessageEntry> { throw MessageStoreError("disk on fire") }
    func allMessages(page: PageRequest) async throws -> MessagePage<UserMessages> { throw MessageStoreError("disk on fire") }
}
