import Foundation
import Hummingbird

/// A small to-do list web app: a list screen (add, mark done, a count) and a detail screen per
/// to-do, server-rendered, with real accessibility (labels, landmarks, `aria-pressed`) and a
/// `data-testid` on everything a test reaches for.
///
/// `TodoServer --port N [--host 127.0.0.1] [--seed "Buy milk,Walk the dog"]`; the environment
/// variable `TODO_LIST_NAME` names the list. State lives in memory: every start is fresh.
@main
struct TodoServer {
    static func main() async throws {
        let options = try Options(CommandLine.arguments.dropFirst())
        let store = TodoStore(titles: options.seed)
        let listName = ProcessInfo.processInfo.environment["TODO_LIST_NAME"].flatMap { $0.isEmpty ? nil : $0 } ?? "To-dos"
        let router = Router()
        router.get("/") { _, _ in html(Screens.list(name: listName, todos: await store.all())) }
        router.post("/todos") { request, _ in
            let form = try await Form(request)
            if let title = form["title"]?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty {
                await store.add(title)
            }
            return redirect(to: "/")
        }
        router.get("/todos/:id") { _, context in
            guard let id = context.parameters.get("id", as: Int.self), let todo = await store.todo(id) else {
                return html(Screens.notFound(), status: .notFound)
            }
            return html(Screens.detail(todo))
        }
        router.post("/todos/:id/toggle") { request, context in
            guard let id = context.parameters.get("id", as: Int.self), await store.toggle(id) else {
                return html(Screens.notFound(), status: .notFound)
            }
            let form = try await Form(request)
            return redirect(to: form["from"] == "detail" ? "/todos/\(id)" : "/")
        }
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(options.host, port: options.port)),
            onServerRunning: { channel in
                // Written at once (print's output is buffered when it goes to a pipe).
                FileHandle.standardOutput.write(Data("TodoServer listening on http://\(options.host):\(channel.localAddress?.port ?? options.port)\n".utf8))
            }
        )
        try await app.runService()
    }

    static func html(_ page: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: page)))
    }

    static func redirect(to path: String) -> Response {
        Response(status: .seeOther, headers: [.location: path])
    }
}

/// The command line: `--port N` (required), `--host ADDRESS` (default 127.0.0.1), `--seed A,B`.
struct Options {
    var port = 0
    var host = "127.0.0.1"
    var seed: [String] = []

    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    init(_ arguments: ArraySlice<String>) throws {
        var rest = arguments.makeIterator()
        var sawPort = false
        while let argument = rest.next() {
            switch argument {
            case "--port":
                guard let value = rest.next(), let port = Int(value), (0...65535).contains(port) else { throw Invalid(description: "--port needs a number 0-65535") }
                self.port = port
                sawPort = true
            case "--host":
                guard let value = rest.next() else { throw Invalid(description: "--host needs an address") }
                host = value
            case "--seed":
                guard let value = rest.next() else { throw Invalid(description: "--seed needs titles separated by commas") }
                seed = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            default:
                throw Invalid(description: "unknown argument \(argument.debugDescription); usage: TodoServer --port N [--host A] [--seed A,B]")
            }
        }
        guard sawPort else { throw Invalid(description: "--port is required") }
    }
}

/// One to-do.
struct Todo: Sendable {
    let id: Int
    let title: String
    var done = false
}

/// The to-dos of this run, in memory.
actor TodoStore {
    private var todos: [Todo] = []
    private var nextID = 1

    init(titles: [String]) {
        for title in titles {
            todos.append(Todo(id: nextID, title: title))
            nextID += 1
        }
    }

    func all() -> [Todo] { todos }

    func todo(_ id: Int) -> Todo? { todos.first { $0.id == id } }

    func add(_ title: String) {
        todos.append(Todo(id: nextID, title: String(title.prefix(200))))
        nextID += 1
    }

    /// Marks it done or not done; whether it exists.
    func toggle(_ id: Int) -> Bool {
        guard let index = todos.firstIndex(where: { $0.id == id }) else { return false }
        todos[index].done.toggle()
        return true
    }
}

/// An `application/x-www-form-urlencoded` body.
struct Form {
    private var fields: [String: String] = [:]

    init(_ request: Request) async throws {
        let body = try await request.body.collect(upTo: 16 * 1024)
        for pair in String(buffer: body).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String { text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "" }
            if let name = parts.first { fields[decode(name)] = parts.count > 1 ? decode(parts[1]) : "" }
        }
    }

    subscript(name: String) -> String? { fields[name] }
}
