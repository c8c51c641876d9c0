import Foundation
import TestSupport
import UIAutomation
import XCUIAutomation

/// The apps this target's tests drive: the controls page (`XCUIApplication()`) and a second
/// app with another bundle identifier, both fixture pages served fresh for every launch.
enum UITestTarget: UITestTargetConfiguration {
    static let applications = [
        TargetApplication(bundleIdentifier: "org.automationlab.fixture.controls", configuration: configuration) {
            FixtureHost(path: "/controls")
        },
        TargetApplication(bundleIdentifier: "org.automationlab.fixture.second", configuration: configuration) {
            FixtureHost(path: "/second")
        },
        TargetApplication(bundleIdentifier: "org.automationlab.fixture.audit", configuration: configuration) {
            FixtureHost(path: "/audit")
        },
    ]

    /// Failures of missing elements come after 3 s rather than the default 10 (the pages are
    /// static: anything there is there at once).
    static var configuration: Configuration {
        var configuration = Configuration()
        configuration.actionTimeout = .seconds(3)
        return configuration
    }
}

/// Serves the fixture pages on a fresh server for every launch and opens `path`.
struct FixtureHost: AppHost {
    let path: String

    func launch(arguments: [String], environment: [String: String]) async throws -> any RunningApp {
        let server = try await FixtureServer.start(pages: FacadePages.all)
        let query = arguments.isEmpty ? "" : "?" + arguments.joined(separator: "&")
        return Running(server: server, url: server.url(path + query))
    }

    private struct Running: RunningApp {
        let server: FixtureServer
        let url: String
        func terminate() async { await server.stop() }
    }
}

/// The pages: one of every control the facade's gestures and element types reach.
enum FacadePages {
    static let all: [String: String] = ["/controls": controls, "/second": second, "/audit": AuditFixturePage.html]

    static let controls = """
        <!doctype html><html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1"><title>Controls</title>
        <style>body{font-family:sans-serif;margin:0;padding:8px} button{min-height:44px}
          #tall{height:1600px;background:linear-gradient(#fff,#ccc)} [data-testid=tap-zone]{height:60px;background:#eef}</style></head>
        <body>
        <h1 data-testid="title">Controls</h1>
        <button data-testid="save" onclick="log('saved')">Save</button>
        <button data-testid="load" onclick="fetch('/api/data').then(r => r.text()).then(t => log('loaded ' + t), () => log('load failed'))">Load</button>
        <button data-testid="apple">Apple</button><button data-testid="apricot">Apricot</button><button data-testid="banana">Banana</button>
        <p data-testid="log">none</p>
        <p data-testid="size"></p>
        <input data-testid="name" placeholder="Your name">
        <textarea data-testid="notes" aria-label="Notes"></textarea>
        <input type="range" data-testid="volume" aria-label="Volume" min="0" max="100" value="50"
          oninput="log('volume ' + this.value)" style="width:300px">
        <select data-testid="flavour" aria-label="Flavour" onchange="log('flavour ' + this.value)">
          <option value="v">Vanilla</option><option value="c">Chocolate</option><option value="s">Strawberry</option></select>
        <input type="date" data-testid="day" aria-label="Day">
        <div role="progressbar" aria-label="Loading" data-testid="spinner"></div>
        <progress data-testid="upload" aria-label="Upload" value="30" max="100"></progress>
        <div data-testid="tap-zone" aria-label="Zone" role="group"
          ontouchstart="log('touches ' + event.touches.length)"
          onmousedown="window.from = event.clientX" onmouseup="log('drag ' + Math.round(event.clientX - window.from))"></div>
        <button data-testid="show" onclick="setTimeout(() => { const b = document.createElement('button');
          b.dataset.testid = 'late'; b.textContent = 'Late'; document.body.prepend(b) }, 300)">Show later</button>
        <iframe data-testid="frame" title="Inner" srcdoc="<button>Inside</button>" style="height:60px"></iframe>
        <div id="tall"></div>
        <p data-testid="bottom">Bottom</p>
        <div role="dialog" aria-label="Cookies" data-testid="banner" hidden
          style="position:fixed;inset:0;background:rgba(0,0,0,.4);padding-top:400px">
          <p>We use cookies</p><button data-testid="accept" onclick="this.parentElement.remove()">Accept</button></div>
        <script>function log(text) { document.querySelector('[data-testid=log]').textContent = text }
          const size = () => document.querySelector('[data-testid=size]').textContent = innerWidth + 'x' + innerHeight;
          size(); addEventListener('resize', size);
          if (location.search.includes('banner')) document.querySelector('[data-testid=banner]').hidden = false;
          addEventListener('keydown', e => { if (e.key === 'Escape') log('escape') });</script>
        </body></html>
        """

    static let second = """
        <!doctype html><html lang="en"><head><meta charset="utf-8"><title>Second</title></head>
        <body><h1 data-testid="second-title">Second app</h1></body></html>
        """
}
