import Foundation

/// A tiny web app in Python (standard library only) for the process-host tests, written to a
/// temporary file on first use. Its page shows, escaped, the arguments it got after the port,
/// `ECHO_VALUE` from its environment, and the port; flags make it misbehave on purpose.
///
/// `python3 echo_server.py PORT [flags…]` (or the port from `$PORT` when the first argument is
/// `env`). Flags: `--exit-early N` (prints to stderr,
/// exits with N), `--grandchild FILE` (starts `sleep 600` and writes its pid to FILE),
/// `--ignore-term` (SIGTERM does nothing), `--announce` (prints `READY <port>` once listening),
/// `--address-in-use-once FILE` (exits saying "Address already in use" unless FILE exists, which
/// it then creates).
enum EchoServerScript {
    /// The script's path.
    static let path: String = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lab-process-host-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/echo_server.py"
        try? source.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }()

    /// Whether python3 is installed (the tests that need it say so when it is not).
    static var python: String? {
        for directory in ["/usr/local/bin", "/usr/bin", "/bin"] + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        where FileManager.default.isExecutableFile(atPath: directory + "/python3") {
            return directory + "/python3"
        }
        return nil
    }

    private static let source = #"""
        import html, json, os, signal, subprocess, sys
        from http.server import BaseHTTPRequestHandler, HTTPServer

        args = sys.argv[1:]
        port = int(os.environ["PORT"]) if args[0] == "env" else int(args[0])
        rest = args[1:]

        def flag(name):
            return name in rest

        def value(name):
            return rest[rest.index(name) + 1]

        if flag("--exit-early"):
            print("fatal: configuration missing", file=sys.stderr, flush=True)
            sys.exit(int(value("--exit-early")))
        if flag("--address-in-use-once"):
            marker = value("--address-in-use-once")
            if not os.path.exists(marker):
                open(marker, "w").close()
                print("OSError: [Errno 98] Address already in use", file=sys.stderr, flush=True)
                sys.exit(1)
        if flag("--ignore-term"):
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
        if flag("--grandchild"):
            child = subprocess.Popen(["sleep", "600"])
            with open(value("--grandchild"), "w") as f:
                f.write(str(child.pid))

        class Echo(BaseHTTPRequestHandler):
            def do_GET(self):
                body = ("<!doctype html><html><head><title>Echo</title></head><body>"
                        "<h1>Echo</h1>"
                        "<p data-testid='args'>%s</p><p data-testid='env'>%s</p><p data-testid='port'>%d</p>"
                        "</body></html>") % (html.escape(json.dumps(rest)), html.escape(os.environ.get("ECHO_VALUE", "")), port)
                data = body.encode("utf-8")
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format, *arguments):
                print("request: " + (format % arguments), file=sys.stderr, flush=True)

        server = HTTPServer(("127.0.0.1", port), Echo)
        print("listening on 127.0.0.1:%d" % port, flush=True)
        if flag("--announce"):
            print("READY %d" % port, flush=True)
        server.serve_forever()
        """#
}
