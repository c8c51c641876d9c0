import DevTools
import Foundation
import LabSupport
import Synchronization
import TestSupport
import Testing
import WebDriverBiDi

/// WebDriverBiDi against the real firefox-esr, one test at a time: the tests of launching and
/// ending a browser launch their own; the others share one (each is ~400 MB and seconds of CPU
/// to start) and isolate themselves with a user context each.
@Suite("Firefox over WebDriver BiDi", .serialized, .heavyWork, .enabled(if: firefoxAvailable, "no Firefox: apt-get install firefox-esr, or set LAB_FIREFOX"))
struct FirefoxBiDiTests {

    @Test func launchOpensASessionAndTerminateLeavesNoProcessNorProfile() async throws {
        let firefox = try await FirefoxBrowser.launch()
        #expect(firefox.browserVersion.split(separator: ".").count >= 2)
        #expect(firefox.capabilities["browserName"]?.string == "firefox")
        #expect(firefox.endpoint.hasPrefix("ws://127.0.0.1:"))
        #expect(FileManager.default.fileExists(atPath: firefox.profileDirectory + "/user.js"))
        let members = liveMembers(ofGroup: firefox.pid)
        #expect(members.contains(firefox.pid))
        #expect(members.count > 1, "Firefox forks helper and content processes into its group")

        // A command in flight when the browser goes fails at once, typed, and does not hang.
        let pending = Task {
            try await firefox.send(BiDi.Script.Evaluate("new Promise(() => {})", in: .realm("none")), timeout: .seconds(60))
        }
        try await Task.sleep(for: .milliseconds(50))
        let started = ContinuousClock.now
        #expect(await firefox.terminate())
        await #expect(throws: BiDiError.self) { try await pending.value }
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(firefox.isGone)
        for pid in members { #expect(!isRunning(pid), "process \(pid) of the browser's group still runs") }
        #expect(liveMembers(ofGroup: firefox.pid).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: firefox.profileDirectory))
        // Later commands fail at once with the connection's error.
        await #expect(throws: BiDiError.connectionClosed(reason: "closed by this process")) {
            try await firefox.send(BiDi.BrowsingContext.GetTree())
        }
    }

    @Test func aBrowserKilledFromOutsideFailsPendingCommandsAtOnce() async throws {
        let firefox = try await FirefoxBrowser.launch()
        let pending = Task {
            try await firefox.send(BiDi.Script.Evaluate("new Promise(() => {})", in: .realm("none")), timeout: .seconds(60))
        }
        try await Task.sleep(for: .milliseconds(50))
        let started = ContinuousClock.now
        kill(-firefox.pid, SIGKILL)
        // The socket's close or the process's exit, whichever is seen first; never the time limit.
        await #expect {
            try await pending.value
        } throws: { error in
            switch error {
            case BiDiError.browserExited, BiDiError.connectionClosed: true
            default: false
            }
        }
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(await firefox.terminate())
        #expect(firefox.exitStatus == .signaled(SIGKILL))
        #expect(!FileManager.default.fileExists(atPath: firefox.profileDirectory))
    }

    @Test func aMissingBinaryIsATypedError() async throws {
        var options = FirefoxBrowser.LaunchOptions()
        options.executable = "/nonexistent/firefox"
        await #expect(throws: BiDiError.launchFailed(path: "/nonexistent/firefox", errno: ENOENT)) {
            _ = try await FirefoxBrowser.launch(options)
        }
        #expect(throws: BiDiError.self) { _ = try FirefoxDiscovery.locate(environment: ["LAB_FIREFOX": "/nonexistent/firefox"]) }
    }

    @Test func aBinaryThatExitsAtOnceIsATypedError() async throws {
        var options = FirefoxBrowser.LaunchOptions()
        options.executable = "/bin/false"
        await #expect {
            _ = try await FirefoxBrowser.launch(options)
        } throws: { error in
            guard case BiDiError.browserExited(let status, _) = error else { return false }
            return status == .exited(1)
        }
    }

    @Test func navigateEvaluateLocateAndClick() async throws {
        try await withFirefox { firefox, tab in
            let html = """
                <title>Counter</title>
                <button id="add" style="position:absolute;left:40px;top:60px;width:120px;height:40px"
                  onclick="document.querySelector('#count').textContent = Number(document.querySelector('#count').textContent) + 1">Add one</button>
                <p id="count">0</p>
                """
            let navigation = try await firefox.send(BiDi.BrowsingContext.Navigate(context: tab, url: page(html)))
            #expect(navigation.url.hasPrefix("data:text/html"))
            #expect(try await firefox.evaluate("document.title", in: tab) == .string("Counter"))
            #expect(try await firefox.evaluate("[1, 'two', {three: 3}]", in: tab)
                == .array([.number(1), .string("two"), .object(["three": .number(3)])]))

            let found = try await firefox.send(BiDi.BrowsingContext.LocateNodes(context: tab, locator: .css("button#add"))).nodes
            #expect(found.count == 1)
            let button = try #require(found.first?.node)
            #expect(button.localName == "button")
            #expect(button.attributes?["id"] == "add")
            let sharedId = try #require(button.sharedId)

            // The same node found by its role and name, and passed back to the page by reference.
            let byRole = try await firefox.send(BiDi.BrowsingContext.LocateNodes(context: tab, locator: .accessibility(name: "Add one", role: "button"))).nodes
            #expect(byRole.first?.sharedId == sharedId)
            let label = try await firefox.send(BiDi.Script.CallFunction(
                "(element) => element.textContent", in: .context(tab), arguments: [.sharedReference(sharedId: sharedId)])).value()
            #expect(label == .string("Add one"))

            // A mouse click at the button's centre (viewport coordinates), then one at the element.
            try await firefox.send(BiDi.Input.PerformActions(context: tab, actions: [
                .pointer(id: "mouse", actions: BiDi.Input.PointerAction.click(x: 100, y: 80)),
            ]))
            #expect(try await firefox.evaluate("document.querySelector('#count').textContent", in: tab) == .string("1"))
            try await firefox.send(BiDi.Input.PerformActions(context: tab, actions: [
                .pointer(id: "mouse", actions: BiDi.Input.PointerAction.click(x: 0, y: 0, origin: .element(sharedId: sharedId))),
            ]))
            try await firefox.send(BiDi.Input.ReleaseActions(context: tab))
            #expect(try await firefox.evaluate("document.querySelector('#count').textContent", in: tab) == .string("2"))
        }
    }

    @Test func typingAndTouch() async throws {
        try await withFirefox { firefox, tab in
            let html = """
                <input id="name" style="position:absolute;left:10px;top:10px;width:200px;height:30px">
                <div id="pad" style="position:absolute;left:10px;top:100px;width:200px;height:100px"></div>
                <script>
                  window.seen = [];
                  for (const type of ['touchstart', 'touchend', 'pointerdown', 'click'])
                    document.querySelector('#pad').addEventListener(type, (event) => seen.push(type + (event.pointerType ? ':' + event.pointerType : '')));
                </script>
                """
            try await firefox.send(BiDi.BrowsingContext.Navigate(context: tab, url: page(html)))
            try await firefox.send(BiDi.Input.PerformActions(context: tab, actions: [
                .pointer(id: "mouse", actions: BiDi.Input.PointerAction.click(x: 50, y: 25)),
            ]))
            try await firefox.send(BiDi.Input.PerformActions(context: tab, actions: [
                .key(id: "keyboard", actions: BiDi.Input.KeyAction.typing("Ada Lovelace") + [.down(BiDi.Input.Key.backspace), .up(BiDi.Input.Key.backspace)]),
            ]))
            #expect(try await firefox.evaluate("document.querySelector('#name').value", in: tab) == .string("Ada Lovelac"))

            try await firefox.send(BiDi.Input.PerformActions(context: tab, actions: [
                .pointer(id: "finger", type: .touch, actions: BiDi.Input.PointerAction.click(x: 60, y: 150)),
            ]))
            try await firefox.send(BiDi.Input.ReleaseActions(context: tab))
            let seen = try await firefox.evaluate("seen.join(',')", in: tab)?.string ?? ""
            #expect(seen.contains("touchstart") && seen.contains("touchend"), "touch events: \(seen)")
            #expect(seen.contains("pointerdown:touch"), "touch pointer events: \(seen)")

            try await firefox.send(BiDi.Input.PerformActions(context: tab, actions: [
                .wheel(id: "wheel", actions: [.scroll(x: 10, y: 10, deltaX: 0, deltaY: 120)]),
            ]))
        }
    }

    @Test func screenshotIsAPNGOfTheViewportTimesThePixelRatio() async throws {
        try await withFirefox { firefox, tab in
            try await firefox.send(BiDi.BrowsingContext.SetViewport(
                context: tab, viewport: .init(width: 400, height: 300), devicePixelRatio: 2))
            try await firefox.send(BiDi.BrowsingContext.Navigate(context: tab, url: page("<body style='background:#3a7'>green</body>")))
            #expect(try await firefox.evaluate("innerWidth + 'x' + innerHeight + '@' + devicePixelRatio", in: tab) == .string("400x300@2"))
            let shot = try await firefox.send(BiDi.BrowsingContext.CaptureScreenshot(context: tab))
            let png = try #require(shot.image)
            let size = try #require(pngSize(png))
            #expect(size.width == 800 && size.height == 600)

            try await firefox.send(BiDi.BrowsingContext.SetViewport.reset(context: tab))
            #expect(try await firefox.evaluate("devicePixelRatio", in: tab) == .number(1))
        }
    }

    @Test func anInterceptFulfilsRequestsWithoutANetwork() async throws {
        try await withFirefox { firefox, tab in
            try await firefox.connection.subscribe(
                [BiDi.Network.BeforeRequestSent.method, BiDi.Network.ResponseCompleted.method], contexts: [tab])
            let intercept = try await firefox.send(BiDi.Network.AddIntercept(
                phases: [.beforeRequestSent], contexts: [tab], urlPatterns: [.pattern(protocol: "http", hostname: "lab.test")])).intercept
            let completed = Mutex<[Int]>([])
            // Each stopped request is answered from here: a page, and JSON for its fetch.
            let observation = firefox.connection.observeEvents([BiDi.Network.BeforeRequestSent.method, BiDi.Network.ResponseCompleted.method]) { message in
                if message.method == BiDi.Network.ResponseCompleted.method {
                    if let event = try? message.decode(BiDi.Network.ResponseCompleted.self) { completed.withLock { $0.append(event.response.status) } }
                    return
                }
                guard let event = try? message.decode(BiDi.Network.BeforeRequestSent.self), event.isBlocked else { return }
                let isData = event.request.url.hasSuffix("/data.json")
                let response = BiDi.Network.ProvideResponse(
                    request: event.request.request, statusCode: 200,
                    headers: [.init("Content-Type", isData ? "application/json" : "text/html")],
                    body: .string(isData ? #"{"animal":"lion"}"# : "<title>Made up</title><p id='out'>waiting</p><script>fetch('/data.json').then(r => r.json()).then(j => { document.querySelector('#out').textContent = j.animal })</script>"))
                Task { _ = try? await firefox.send(response) }
            }
            defer { observation.cancel() }
            try await firefox.send(BiDi.BrowsingContext.Navigate(context: tab, url: "http://lab.test/page"))
            #expect(try await firefox.evaluate("document.title", in: tab) == .string("Made up"))
            let filled = try await poll(until: .now + .seconds(10)) {
                try await firefox.evaluate("document.querySelector('#out').textContent", in: tab) == .string("lion")
            }
            #expect(filled)
            #expect(completed.withLock { $0 }.filter { $0 == 200 }.count >= 2)

            // With the intercept gone, the made-up host fails as a real request would.
            try await firefox.send(BiDi.Network.RemoveIntercept(intercept: intercept))
            await #expect(throws: BiDiError.self) {
                try await firefox.send(BiDi.BrowsingContext.Navigate(context: tab, url: "http://lab.test/page"))
            }
        }
    }

    @Test func rejectedCommandsAreTypedErrors() async throws {
        try await withFirefox { firefox, tab in
            await #expect { try await firefox.send(BiDi.BrowsingContext.Navigate(context: "no-such-context", url: "about:blank")) }
                throws: { ($0 as? BiDiError)?.code == .noSuchFrame }
            await #expect { try await firefox.send(BiDi.BrowsingContext.LocateNodes(context: tab, locator: .css("[[["))) }
                throws: { ($0 as? BiDiError)?.code == .invalidSelector }
            await #expect { _ = try await firefox.connection.call("lab.noSuchCommand", params: BiDi.Empty()) }
                throws: { ($0 as? BiDiError)?.code == .unknownCommand }
            await #expect { try await firefox.send(BiDi.Script.Evaluate("throw new Error('boom')", in: .context(tab))).value() }
                throws: { error in
                    guard case BiDiError.javaScriptException(let text, _, _) = error else { return false }
                    return text.contains("boom")
                }
            // The connection still works after each of them.
            let product = try await firefox.evaluate("6 * 7", in: tab)
            #expect(product == .number(42))
        }
    }

    @Test func aCommandWithNoReplyTimesOutAndTheConnectionGoesOn() async throws {
        try await withFirefox { firefox, tab in
            let started = ContinuousClock.now
            await #expect(throws: BiDiError.timeout(method: "script.evaluate", after: .milliseconds(300))) {
                try await firefox.send(BiDi.Script.Evaluate("new Promise(() => {})", in: .context(tab)), timeout: .milliseconds(300))
            }
            #expect(ContinuousClock.now - started < .seconds(5))
            let answer = try await firefox.evaluate("'still here'", in: tab)
            #expect(answer == .string("still here"))
        }
    }

    @Test func promptsLogsAndPreloadScripts() async throws {
        try await withFirefox(capabilities: ["unhandledPromptBehavior": .object(["default": .string("ignore")])]) { firefox, tab in
            try await firefox.connection.subscribe(
                [BiDi.BrowsingContext.UserPromptOpened.method, BiDi.Log.EntryAdded.method, BiDi.BrowsingContext.Load.method])
            let events = firefox.connection.events([BiDi.BrowsingContext.UserPromptOpened.method, BiDi.Log.EntryAdded.method, BiDi.BrowsingContext.Load.method])
            var iterator = events.makeAsyncIterator()
            func next<Event: BiDiEvent>(_ type: Event.Type) async throws -> Event {
                while let message = try await iterator.next() {
                    if message.method == Event.method { return try message.decode(Event.self) }
                }
                throw BiDiError.connectionClosed(reason: "events ended")
            }

            let script = try await firefox.send(BiDi.Script.AddPreloadScript("() => { window.preloaded = 'before the page' }", contexts: [tab])).script
            try await firefox.send(BiDi.BrowsingContext.Navigate(context: tab, url: page("<script>window.pageSaw = window.preloaded</script><p>hi</p>")))
            #expect(try await next(BiDi.BrowsingContext.Load.self).info.context == tab)
            #expect(try await firefox.evaluate("window.pageSaw", in: tab) == .string("before the page"))
            try await firefox.send(BiDi.Script.RemovePreloadScript(script: script))

            _ = try await firefox.evaluate("console.warn('hello', 42); 0", in: tab)
            let entry = try await next(BiDi.Log.EntryAdded.self)
            #expect(entry.level == "warn" && entry.method == "warn")
            #expect(entry.args == [.string("hello"), .number(42)])

            _ = try await firefox.evaluate("setTimeout(() => { window.answer = prompt('Your name?', 'nobody') }, 0); 0", in: tab)
            let prompt = try await next(BiDi.BrowsingContext.UserPromptOpened.self)
            #expect(prompt.type == .prompt && prompt.message == "Your name?" && prompt.context == tab)
            try await firefox.send(BiDi.BrowsingContext.HandleUserPrompt(context: tab, accept: true, userText: "Ada"))
            #expect(try await firefox.evaluate("window.answer", in: tab) == .string("Ada"))
        }
    }
}
