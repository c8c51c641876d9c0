// swift-tools-version: 6.2
import PackageDescription

// Layers, dependencies pointing down:
//   lab (CLI) → AnimalsApp (and the other lab apps) → LabKit → ServerDefenses → Hummingbird;
//   lab → MessagesService → ServerDefenses
//   MessagesApp → MessagesClient (URLSession) → MessagesModel ← MessagesService (the wire types, shared)
//   UIAutomation → DevTools → CDevToolsSupport; UIAutomation → StepRecords ← Reports (the step log's records)
//   WebDriverBiDi → DevTools (its WebSocketTransport and SupervisedProcess): Firefox over WebDriver BiDi,
//   beside DevTools (CDP); nothing depends on it yet
//   UIAutomation's hosts for your own app: ProcessHost → DevTools' SupervisedProcess (cdt_spawn_supervised);
//   FolderHost → NIO (a static file server)
//   UIAutomationTesting → UIAutomation (the test libraries' glue; XCUIAutomation, UIFlows and the UI test targets use it);
//   it registers itself with UIAutomation at load (UIAutomationTesting → UIAutomationTestingLoader, a C constructor)
//   RemoteBrowsers → UIAutomation, DevTools (CDP and WebDriver sources, opted into; UIAutomation links no HTTP client;
//   TLS for https/wss only with the package's TLS trait, in DevTools' ClientTLS); RemoteBrowsers → RemoteBrowsersLoader
//   registers its parser at load the same way. Nothing below looks anything above it up by name.
//   LabSupport (time limits, the polling loop, Swift literals, HTML escaping, durations, JSON skipping)
//   sits under DevTools, UIAutomation (and the modules over it), Flows, Reports, LabKit, MessagesModel and
//   MessagesClient, and depends on nothing
//   lab → Reports (the run file, HTML report, JUnit XML; knows nothing of browsers or UIAutomation)
//   lab → Sharding (splits a test list into balanced shards; knows only test ids and durations)
//   UIFlows → Flows (the flow engine knows no browser) and UIFlows → UIAutomation
//   LabTesting → LabKit + UIAutomation (the bridge tests use; the apps never import UIAutomation)
//   lab → Recorder → UIAutomation (`lab record`, `lab inspect`; the recorder asks the engine, not CDP); UIAutomation
//   knows nothing of the recorder
//   XCUIAutomation → UIAutomation, UIAutomationTesting, CTypeRecords (finds a test target's UITestTarget in the type records)
//   Engines: UIAutomation's PageEngine/BrowserEngine protocols; the DevTools engine is UIAutomation's DevToolsEngine/
//   folder (UIAutomation → DevTools); an engine in a module of its own depends on UIAutomation, never the reverse
// The apps know nothing of UIAutomation; UIAutomation knows nothing of the apps.
let package = Package(
    name: "AutomationLab",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "DevTools", targets: ["DevTools"]),
        .library(name: "WebDriverBiDi", targets: ["WebDriverBiDi"]),
        .library(name: "UIAutomation", targets: ["UIAutomation"]),
        .library(name: "UIAutomationTesting", targets: ["UIAutomationTesting"]),
        .library(name: "RemoteBrowsers", targets: ["RemoteBrowsers"]),
        .library(name: "Flows", targets: ["Flows"]),
        .library(name: "UIFlows", targets: ["UIFlows"]),
        .library(name: "MessagesModel", targets: ["MessagesModel"]),
        .library(name: "MessagesClient", targets: ["MessagesClient"]),
        .library(name: "Reports", targets: ["Reports"]),
        .library(name: "Sharding", targets: ["Sharding"]),
        .library(name: "MessagesService", targets: ["MessagesService"]),
        .library(name: "LabKit", targets: ["LabKit"]),
        .library(name: "AnimalsApp", targets: ["AnimalsApp"]),
        .library(name: "TogglesApp", targets: ["TogglesApp"]),
        .library(name: "TriviaApp", targets: ["TriviaApp"]),
        .library(name: "MessagesApp", targets: ["MessagesApp"]),
        .library(name: "LabTesting", targets: ["LabTesting"]),
        .library(name: "XCUIAutomation", targets: ["XCUIAutomation"]),
        .library(name: "UIAutomationSnapshotTesting", targets: ["UIAutomationSnapshotTesting"]),
        .library(name: "Recorder", targets: ["Recorder"]),
        .executable(name: "lab", targets: ["lab"]),
    ],
    // https:// and wss:// to remote browsers. Off by default: TLS is swift-nio-ssl's BoringSSL,
    // 406 C files, the largest part of a fresh build (docs/decisions.md, "TLS as a trait").
    traits: [
        .trait(name: "TLS", description: "https:// and wss:// endpoints for remote browsers (swift-nio-ssl)"),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/swiftlang/swift-subprocess.git", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing.git", from: "1.19.7"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
    ],
    targets: [
        // MARK: Shared mechanisms

        // Small mechanisms written once for the layers above that share them: a time limit on an async
        // operation, the polling loop with back-off, Swift string literals, HTML escaping, durations in
        // seconds, JSONValue and JSON skipping. Depends on nothing.
        .target(name: "LabSupport"),

        // MARK: Browser automation

        // posix_spawn with fds 3/4, close-on-exec pipes and eventfd: C APIs Swift cannot reach or express.
        .target(name: "CDevToolsSupport", cSettings: [.define("_GNU_SOURCE")]),
        // Chrome DevTools Protocol: browser launch, transports, typed commands. Knows nothing of elements.
        .target(
            name: "DevTools",
            dependencies: [
                "CDevToolsSupport",
                "LabSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                // wss:// and https:// only with the TLS trait (ClientTLS).
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["TLS"])),
            ]
        ),
        // WebDriver BiDi: Firefox's launch (a profile per browser, its process group supervised),
        // the session over DevTools' WebSocketTransport, typed commands, events and errors.
        // Knows nothing of elements.
        .target(name: "WebDriverBiDi", dependencies: ["DevTools", "LabSupport"]),
        // XCUITest-shaped queries, elements, predicates and actions over DevTools. Knows nothing of the apps.
        // Records every step to observers (failure artifacts, step log, Swift Testing attachments).
        // DevTools is imported internally: no DevTools type is part of its public API (the compiler
        // checks it: imports are internal by default, as in every target; see the end of this file).
        .target(
            name: "UIAutomation",
            dependencies: [
                "DevTools", "StepRecords", "LabSupport",
                // FolderHost's static file server (NIO is already built for DevTools).
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            // The JavaScript run in pages, as real .js files (parsed by scripts/check-js).
            resources: [.copy("Scripts")]
        ),
        // UIAutomation in the test libraries, as HummingbirdTesting is Hummingbird's: which test a step
        // belongs to (Swift Testing's current test, the running XCTest case), failure screenshots as
        // Swift Testing attachments, XCTest's predicate expectations and the seed's toggle helpers
        // for XCTest, and the `.uiAutomation` trait that reports a failure at the failing call.
        // It registers itself with UIAutomation as the process loads it (UIAutomationTestingLoader's
        // constructor), so UIAutomation (and `lab`) links no test library and a test target that
        // links it needs no call.
        .target(name: "UIAutomationTesting", dependencies: ["UIAutomation", "LabSupport", "UIAutomationTestingLoader"]),
        // A C constructor that calls UIAutomationTesting's registration when the process loads
        // (a Swift module cannot run code at load time); only UIAutomationTesting depends on it.
        .target(name: "UIAutomationTestingLoader"),
        // Browsers from elsewhere, opted into: attached over CDP (`cdp:`), or obtained from a
        // WebDriver endpoint such as chromedriver or a Selenium Grid (`webdriver:`), with their
        // session clean-up and its signal handlers. Their few HTTP calls go over NIO's HTTP/1.1
        // codec (https with the TLS trait). Linked into a test process, `LAB_BROWSER_SOURCE` can name them:
        // the module registers its parser as the process loads it (RemoteBrowsersLoader's constructor).
        .target(
            name: "RemoteBrowsers",
            dependencies: [
                "UIAutomation",
                "DevTools",
                "RemoteBrowsersLoader",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // A C constructor that calls RemoteBrowsers' registration when the process loads; only
        // RemoteBrowsers depends on it.
        .target(name: "RemoteBrowsersLoader"),
        // Test reports: the run file (steps, outcomes, files), assembled from the test libraries'
        // JUnit XML and UIAutomation's step logs, merged across shards and reruns, rendered as a
        // self-contained HTML page and as Surefire-style JUnit XML. Knows nothing of browsers.
        .target(name: "Reports", dependencies: ["StepRecords", "LabSupport"]),
        // One step of a test as recorded (StepRecord, TestKey) and the step log's line format:
        // what UIAutomation writes and Reports reads, so the automation library does not link
        // the report's renderers.
        .target(name: "StepRecords"),
        // Sharded runs: a `swift test list` split into n deterministic shards by top-level suite,
        // balanced by recorded durations (or by count), and each shard's `--filter` expression.
        // Knows only test ids and seconds (lab reads the durations from a run file).
        .target(name: "Sharding"),
        // XCUITest's own API (Apple's module name, synchronous) over UIAutomation, so XCUITest code
        // runs here unchanged: a facade — every wait, action and failure is UIAutomation's.
        // A test target's `UITestTarget` is found among the Swift type records (CTypeRecords).
        .target(name: "XCUIAutomation", dependencies: ["UIAutomation", "UIAutomationTesting", "LabSupport", "CTypeRecords"]),
        // Reads the Swift type records of the loaded images: the top-level type of a module by
        // its name, for XCUIAutomation's `UITestTarget` (no lookup by mangled name).
        .target(name: "CTypeRecords"),
        // Snapshot assertions on pointfree's swift-snapshot-testing: the element tree as text and
        // screenshots (PNG decoded and diffed in Swift; zlib through CompressNIO). Its own module,
        // so UIAutomation does not link swift-snapshot-testing.
        .target(
            name: "UIAutomationSnapshotTesting",
            dependencies: [
                "UIAutomation",
                "UIAutomationTesting",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // `lab record` and `lab inspect` over UIAutomation: the query chooser (the shortest query
        // unique in the live tree), the capture of what a person does (a script in an isolated
        // world, Scripts/capture.js), and the code written from it (XCUITest, UIAutomation, flow).
        .target(name: "Recorder", dependencies: ["UIAutomation", "LabSupport"], resources: [.copy("Scripts")]),
        // The conditional flow engine (the KIF seed's scenarios, steps, results, state and
        // transitions): validation, budgets, traces, diagrams. Knows nothing of browsers.
        .target(name: "Flows", dependencies: ["LabSupport"]),
        // Flows over UIAutomation: UI steps (tap, type, wait, store a count or a label, process
        // the row at an index) and XCTest / Swift Testing reporting. Testers import this one.
        .target(name: "UIFlows", dependencies: ["Flows", "UIAutomation", "UIAutomationTesting", "LabSupport"]),

        // MARK: Lab apps and the CLI

        // What every lab HTTP server runs with against hostile clients: a connection cap, per-request
        // deadlines, idle and write-progress clocks, malformed HTTP answered 400, a bounded shutdown,
        // and the warning for binds beyond loopback.
        .target(
            name: "ServerDefenses",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        // The Messages API's model and wire format (Message, the envelopes, the error codes), shared
        // by the server and the app's client so the JSON shapes exist once. Foundation and LabSupport only.
        .target(name: "MessagesModel", dependencies: ["LabSupport"]),
        // The app's network layer: a typed client of /proto/messages over Foundation's URLSession.
        .target(name: "MessagesClient", dependencies: ["MessagesModel", "LabSupport"]),
        // The seed's Messages REST API: Hummingbird routes, validation, error envelope, SQLite via GRDB.
        .target(
            name: "MessagesService",
            dependencies: [
                "ServerDefenses",
                "MessagesModel",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            exclude: ["openapi.yaml"]
        ),
        // What every lab app shares: the app host (Hummingbird on 127.0.0.1), launch options,
        // an HTML builder that escapes by construction, the iOS-like page shell and widgets.
        .target(
            name: "LabKit",
            dependencies: [
                "ServerDefenses",
                "LabSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The seed's Automation Animals: gallery, detail, filters, favourites; exports its identifiers.
        .target(name: "AnimalsApp", dependencies: ["LabKit", .product(name: "Hummingbird", package: "hummingbird")]),
        // The toggle seed's settings form: toggles whose rows ignore taps (only the inner switch reacts).
        .target(name: "TogglesApp", dependencies: ["LabKit", .product(name: "Hummingbird", package: "hummingbird")]),
        // The seed's Movie Trivia: questions from TriviaQuestions.json, wrong answers marked, a score;
        // exports its identifiers.
        .target(
            name: "TriviaApp",
            dependencies: ["LabKit", "LabSupport", .product(name: "Hummingbird", package: "hummingbird")],
            resources: [.copy("Resources/TriviaQuestions.json")]
        ),
        // The seed's Messages app in three layers: screens rendered from view models, the action
        // layer (MessageActions: over the API, or the mock), and the network layer (MessagesClient).
        // Reaches the API only over HTTP; exports its identifiers.
        .target(
            name: "MessagesApp",
            dependencies: [
                "LabKit", "MessagesModel", "MessagesClient", "ServerDefenses",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The `lab` command line: `lab serve` (every lab app under one origin) and `lab messages-api`.
        .executableTarget(
            name: "lab",
            dependencies: [
                "MessagesService",
                "LabKit",
                "AnimalsApp",
                "TogglesApp",
                "TriviaApp",
                "MessagesApp",
                "ServerDefenses",
                "Reports",
                "StepRecords",
                "Sharding",
                "Recorder",
                "LabTesting",
                "UIAutomation",
                "DevTools",
                "LabSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: Testing lab apps

        // `LabAppHost`: UIAutomation's AppHost for any LabKit app (a fresh server per launch).
        .target(name: "LabTesting", dependencies: ["LabKit", "ServerDefenses", "UIAutomation"]),

        // MARK: Tests

        // Test fixtures: a tiny HTTP server of fixed pages (NIO only, no web framework), and child
        // processes (swift-subprocess; Foundation's Process.run can crash on Linux in 6.3.1).
        .target(
            name: "TestSupport",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Tests/TestSupport"
        ),
        // Runs the built `lab` as a separate process (`lab messages-api`, `lab serve`) for the Messages tests.
        .target(name: "MessagesTestSupport", dependencies: ["TestSupport", "LabSupport"], path: "Tests/MessagesTestSupport"),
        // The shared mechanisms: time limits, polling, Swift literals, HTML escaping, JSON skipping.
        .testTarget(name: "LabSupportTests", dependencies: ["LabSupport"]),
        // The fixtures themselves: child processes' ready lines, signals, deadlines.
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"]),
        // DevTools against real Chromium, and its WebSocket transport against a scripted NIO server.
        .testTarget(
            name: "DevToolsTests",
            dependencies: [
                "DevTools", "TestSupport", "LabSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // WebDriverBiDi against the real firefox-esr (skipped, saying why, without one).
        .testTarget(name: "WebDriverBiDiTests", dependencies: ["WebDriverBiDi", "DevTools", "LabSupport", "TestSupport"]),
        .testTarget(name: "UIAutomationTests", dependencies: ["UIAutomation", "UIAutomationTesting", "LabSupport", "TestSupport"]),
        // RemoteBrowsers: browser sources chosen from the environment, WebDriver answers recorded and
        // over the wire, a real chromedriver (skipped, saying why, without one) and a CDP endpoint.
        .testTarget(name: "RemoteBrowsersTests", dependencies: ["RemoteBrowsers", "UIAutomation", "DevTools", "TestSupport"]),
        // The run file, merging, JUnit XML (parsed back) and the HTML page's escaping, without a browser.
        .testTarget(name: "ReportsTests", dependencies: ["Reports", "StepRecords", "TestSupport"]),
        // The split: every test in exactly one shard, deterministic, balanced; the filters; typed errors.
        .testTarget(name: "ShardingTests", dependencies: ["Sharding", "TestSupport"]),
        // The whole path: a failing sample test run in a child process, its run assembled, the HTML
        // report opened in the real browser with UIAutomation; step events and their observers.
        .testTarget(name: "ReportsUITests", dependencies: ["Reports", "StepRecords", "UIAutomation", "UIAutomationTesting", "TestSupport"]),
        // The flow engine alone: the seed's example, every validation problem, budgets, traces, diagrams.
        .testTarget(name: "FlowsTests", dependencies: ["Flows"]),
        // The flow proofs in the real apps: the seed's example over a gallery of unknown size, the
        // quiz played without reading its questions, a sub-scenario shared by two scenarios.
        .testTarget(name: "FlowsUITests", dependencies: ["UIFlows", "AnimalsApp", "TriviaApp", "LabTesting"]),
        // Real-HTTP tests against the real server; responses are checked against openapi.yaml.
        // Also runs the built `lab` executable (`lab messages-api`, `lab serve`).
        .testTarget(
            name: "MessagesServiceTests",
            dependencies: [
                "MessagesService",
                "ServerDefenses",
                "MessagesTestSupport",
                "TestSupport",
                "lab",
                "AnimalsApp",
                "TogglesApp",
                "TriviaApp",
                "MessagesApp",
                "LabKit",
                "LabSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),

        // ServerDefenses on its own: the warning for binds beyond loopback (BindExposure), from the
        // real `lab`. (Its limits and clocks are still tested in MessagesServiceTests, through the
        // servers, with that target's raw HTTP clients.)
        .testTarget(name: "ServerDefensesTests", dependencies: ["ServerDefenses", "MessagesTestSupport", "TestSupport", "lab"]),
        .testTarget(
            name: "LabKitTests",
            dependencies: [
                "LabKit", "LabTesting", "ServerDefenses", "UIAutomation", "UIAutomationTesting", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .testTarget(name: "AnimalsAppTests", dependencies: ["AnimalsApp", "LabKit"]),
        // Every user journey of the Automation Animals seed, in the real app in the real browser.
        .testTarget(name: "AnimalsUITests", dependencies: ["AnimalsApp", "LabTesting", "UIAutomation", "UIAutomationTesting"]),
        // The toggle seed: the centre-tap gotcha, the toggle helpers (Swift Testing and XCTest), the Toggles app.
        .testTarget(name: "TogglesUITests", dependencies: ["TogglesApp", "LabTesting", "UIAutomation", "UIAutomationTesting"]),
        // The typed client against the real API server (in-process): the three calls, the error
        // envelope as typed errors, a closed port, a server that never answers.
        .testTarget(name: "MessagesClientTests", dependencies: ["MessagesClient", "MessagesModel", "MessagesTestSupport", "TestSupport", "lab"]),
        // The Messages app's view models with a fake action layer: no browser, no server.
        .testTarget(name: "MessagesAppTests", dependencies: ["MessagesApp", "MessagesModel"]),
        // The Messages seed's journeys (add, find, all messages, validation, arbitrary text, live
        // updates, the API down or silent), in the real app in the real browser, against the API
        // run as a second process (`lab messages-api`); and the seed's mock target as a suite:
        // the same journeys in mock mode, with nothing reaching any API.
        .testTarget(
            name: "MessagesUITests",
            dependencies: [
                "MessagesApp", "MessagesModel", "MessagesClient", "MessagesService", "MessagesTestSupport", "LabTesting", "UIAutomation", "UIAutomationTesting",
                "lab",
            ]
        ),
        // Questions-file loading and its errors, the game's rules, the routes over HTTP.
        .testTarget(name: "TriviaAppTests", dependencies: ["TriviaApp", "LabKit", "LabSupport"]),
        // The seed's MovieTriviaUITests (XCTest) and the whole quiz played from the JSON. Its own
        // TriviaQuestions.json is a symlink to the app's: the tests read the data the app shows.
        .testTarget(
            name: "TriviaUITests",
            dependencies: ["TriviaApp", "LabTesting", "UIAutomation", "UIAutomationTesting"],
            resources: [.copy("Resources/TriviaQuestions.json")]
        ),

        // The seed's two MovieTrivia tests exactly as printed, in plain XCUITest (synchronous, Swift 5
        // mode as Xcode compiles them), against XCUIAutomation; UITestTarget.swift names the target app.
        .testTarget(
            name: "TriviaXCUITests",
            dependencies: ["XCUIAutomation", "TriviaApp", "LabTesting"],
            resources: [.copy("Resources/TriviaQuestions.json")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),

        // The toggle seed's XCTestCase helpers written with XCUITest's API only, and its tests.
        .testTarget(
            name: "TogglesXCUITests", dependencies: ["XCUIAutomation", "TogglesApp", "LabTesting"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // Every Automation Animals journey in plain XCUITest (synchronous, XCUIApplication()).
        .testTarget(
            name: "AnimalsXCUITests", dependencies: ["XCUIAutomation", "AnimalsApp", "LabTesting"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),

        // Every lab app screen: the accessibility audit passes, and its element tree and screenshot
        // match the committed references (__Snapshots__); PNG and image comparison unit tests.
        .testTarget(
            name: "LabScreenTests",
            dependencies: [
                "UIAutomationSnapshotTesting", "UIAutomation", "UIAutomationTesting", "LabKit", "LabTesting", "AnimalsApp", "TriviaApp", "TogglesApp", "MessagesApp",
                "TestSupport",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                // PNGDecodingTests deflate the PNGs they build.
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            exclude: ["__Snapshots__"]
        ),

        // The recorder without a display: the query chooser on fixture pages (every candidate
        // checked in the live tree), the code generator's three formats and its literals.
        .testTarget(name: "RecorderTests", dependencies: ["Recorder", "UIAutomation", "UIAutomationTesting", "TestSupport"]),
        // The recorder in a headed Chromium under Xvfb, driven with real input: the seeds'
        // journeys recorded, the code compared with RecordedXCUITests' files.
        .testTarget(
            name: "RecorderUITests",
            dependencies: ["Recorder", "UIAutomation", "UIAutomationTesting", "LabTesting", "AnimalsApp", "TriviaApp", "TogglesApp", "TestSupport"]
        ),
        // Code written by `lab record` exactly as it came out (RecorderUITests checks that a fresh
        // recording gives the same), compiled and run as plain XCUITest against the lab apps.
        .testTarget(
            name: "RecordedXCUITests",
            dependencies: [
                "XCUIAutomation", "UIAutomation", "AnimalsApp", "TriviaApp", "LabKit", "LabTesting", .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The same recording written as async Swift Testing code and as a flow (`--format
        // uiautomation`, `--format flow`), exactly as it came out, compiled and run.
        .testTarget(name: "RecordedAsyncTests", dependencies: ["UIAutomation", "UIAutomationTesting", "UIFlows", "TriviaApp", "TogglesApp", "LabTesting"]),

        // XCUIAutomation itself on fixture pages: failures at the caller's line, calls refused where
        // blocking is unsafe, predicates and expectations, gestures, element types, two apps.
        .testTarget(
            name: "XCUIAutomationTests", dependencies: ["XCUIAutomation", "UIAutomation", "UIAutomationTesting", "TestSupport"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),

        // MARK: Benchmarks (bench/; release builds)

        .executableTarget(name: "DevToolsBench", dependencies: ["DevTools"], path: "bench/DevToolsBench"),
        // The flow engine alone: ns per step over a 1,000,000-step loop.
        .executableTarget(name: "FlowsBench", dependencies: ["Flows"], path: "bench/FlowsBench"),
        // Hummingbird hello-world: the throughput ceiling the messages benchmark is compared against.
        .executableTarget(
            name: "HelloBench",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
            path: "bench/HelloBench"
        ),
        // UIAutomation benchmark: serves the journey app (--serve) and measures actions and the journey.
        .executableTarget(
            name: "UIAutomationBench",
            dependencies: ["UIAutomation", "DevTools", "TestSupport"],
            path: "bench/UIAutomationBench"
        ),
        // What the real-world benchmarks share: a case run in a fresh launch and timed, the rounds,
        // the JSON per case, the command line, the step timer and the web-first expectation.
        .target(name: "RealWorldSupport", dependencies: ["UIAutomation", "DevTools"], path: "bench/RealWorldSupport"),
        // Real-world benchmark: TodoMVC's Playwright spec ported to UIAutomation (bench/realworld.sh).
        .executableTarget(name: "RealWorldBench", dependencies: ["RealWorldSupport", "UIAutomation"], path: "bench/RealWorldBench"),
        // Second real-world benchmark: Cypress's kitchen sink app and its own Cypress specs
        // (actions, navigation, storage, network requests) ported to UIAutomation (bench/kitchensink.sh).
        .executableTarget(name: "KitchenSinkBench", dependencies: ["RealWorldSupport", "UIAutomation", "LabSupport"], path: "bench/KitchenSinkBench"),
        // Our accessibility audit beside axe-core on the same pages (bench/audit-vs-axe.sh).
        .executableTarget(name: "AuditBench", dependencies: ["UIAutomation"], path: "bench/AuditBench"),
    ],
    swiftLanguageModes: [.v6]
)

// The compiler's help on every Swift target, from one list: imports are internal unless marked
// `public import` (a module's public API says which modules it exposes), a member is visible only
// where its module is imported, and every existential is spelled `any`.
let upcomingFeatures: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("ExistentialAny"),
]
let cTargets: Set = ["CDevToolsSupport", "UIAutomationTestingLoader", "RemoteBrowsersLoader", "CTypeRecords"]
for target in package.targets where !cTargets.contains(target.name) {  // C: no Swift settings
    target.swiftSettings = (target.swiftSettings ?? []) + upcomingFeatures
}
