// Hummingbird hello-world: the ceiling the Messages benchmark is compared against.
// Usage: HelloBench [port]   (binds 127.0.0.1; prints "listening on http://127.0.0.1:PORT")
import Foundation
import Hummingbird

let port = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 8081 : 8081
let router = Router()
router.get("/hello") { _, _ in "Hello, world!" }
let app = Application(
    router: router,
    configuration: .init(address: .hostname("127.0.0.1", port: port), backlog: 1024),
    onServerRunning: { channel in
        FileHandle.standardOutput.write(Data("listening on http://127.0.0.1:\(channel.localAddress?.port ?? 0)\n".utf8))
    }
)
try await app.runService()
