/// WebDriver new-session answers recorded from real servers, for the capability parsing tests.
enum RecordedWebDriverAnswers {
    /// Selenium Grid 4 (a Chrome 127 node in a container behind the router on port 4444): the
    /// session's capabilities as the Grid returned them, posted by a Selenium maintainer in
    /// https://github.com/SeleniumHQ/selenium/pull/14323 (2024-08-23; they were shown as the
    /// Grid's GraphQL `session.capabilities` string). Wrapped here in the W3C new-session
    /// envelope (`value.sessionId`, `value.capabilities`) with the session's own id; the
    /// capabilities after `timeouts`, cut off in the post, are left out.
    static let grid4 = #"""
        {
          "value": {
            "sessionId": "d83a88c7cd21da860faab12db2ce159c",
            "capabilities": {
              "acceptInsecureCerts": false,
              "browserName": "chrome",
              "browserVersion": "127.0.6533.120",
              "chrome": {
                "chromedriverVersion": "127.0.6533.119 (bdef6783a05f0b3f885591e7d2c7b2aec1a89dea-refs\/branch-heads\/6533@{#1999})",
                "userDataDir": "\/var\/folders\/r2\/3dlyvgq1275gthvnwn_c5qy40000gq\/T\/.org.chromium.Chromium.F0Seh7"
              },
              "fedcm:accounts": true,
              "goog:chromeOptions": {
                "debuggerAddress": "localhost:56775"
              },
              "networkConnectionEnabled": false,
              "pageLoadStrategy": "normal",
              "platformName": "mac",
              "proxy": {
              },
              "se:bidiEnabled": false,
              "se:cdp": "ws:\/\/192.168.31.67:4444\/session\/d83a88c7cd21da860faab12db2ce159c\/se\/cdp",
              "se:cdpVersion": "127.0.6533.120",
              "se:containerName": "my-chrome-node",
              "setWindowRect": true,
              "strictFileInteractability": false,
              "timeouts": {
                "implicit": 0,
                "pageLoad": 300000,
                "script": 30000
              }
            }
          }
        }
        """#

    /// Debian's chromedriver 156.0.8078.79 (package chromium-driver) answering
    /// `POST /session` on this project's machine, 2026-11-23 (scripts/with-chromedriver).
    static let chromedriver156 = #"""
        {"value":{"capabilities":{"acceptInsecureCerts":false,"browserName":"chrome","browserVersion":"156.0.8078.79","chrome":{"chromedriverVersion":"156.0.8078.79 (a21ce95c24ce3964416f09ae1862f53f319eb4d0-refs/branch-heads/8078@{#1704})","userDataDir":"/tmp/org.chromium.Chromium.scoped_dir.K7GI9J"},"fedcm:accounts":true,"goog:chromeOptions":{"debuggerAddress":"localhost:36633"},"goog:processID":15201,"networkConnectionEnabled":false,"pageLoadStrategy":"normal","platformName":"linux","proxy":{},"setWindowRect":true,"strictFileInteractability":false,"timeouts":{"implicit":0,"pageLoad":300000,"script":30000},"unhandledPromptBehavior":"dismiss and notify","webauthn:extension:cmtgKey":true,"webauthn:extension:credBlob":true,"webauthn:extension:largeBlob":true,"webauthn:extension:minPinLength":true,"webauthn:extension:prf":true,"webauthn:virtualAuthenticators":true},"sessionId":"0e9d03a470d8c3117dd6e07568826922"}}
        """#

    /// The same chromedriver refusing `browserName: firefox` (HTTP 500; stack trace shortened).
    static let chromedriverRefusal = #"""
        {"value":{"error":"session not created","message":"session not created: No matching capabilities found","stacktrace":"#0 0x5581abea7aae \u003Cunknown>\n#1 0x5581ab7b9264 \u003Cunknown>\n"}}
        """#
}
