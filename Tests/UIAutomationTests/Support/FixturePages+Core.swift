/// Fixture pages for the core mechanisms: one deadline per call, the one hit test (tall
/// elements, open shadow roots, covers named by the identifier attribute), fields and names.
extension FixturePages {
    static let corePages: [String: String] = [
        "/core/slow-idle": slowIdle,
        "/core/tall": tall,
        "/core/shadow": shadow,
        "/core/covered": covered,
        "/core/fields": fields,
        "/core/css-chain": cssChain,
    ]

    /// A tap starts a 30 s layout-moving slide: the app is busy (not idle) for 30 s after it.
    static let slowIdle = page("Slow idle", """
        <style>#panel { transition: transform 30s linear; } #panel.moved { transform: translateX(40px); }</style>
        <button data-testid="go" onclick="document.getElementById('panel').classList.add('moved')">Go</button>
        <div id="panel" data-testid="panel" role="group" aria-label="Panel">Panel</div>
        """)

    /// A button taller than two screens at the top of the page: its centre is below the screen
    /// while most of the screen is the button.
    static let tall = page("Tall", """
        <button data-testid="tall" style="display:block;width:100%;height:2000px" onclick="this.textContent = 'Tapped'">Tall</button>
        """)

    /// A button and a check box inside an open shadow root (as a Lit component renders them).
    static let shadow = page("Shadow", """
        <todo-app></todo-app>
        <p data-testid="log">nothing</p>
        <script>
          class TodoApp extends HTMLElement {
            constructor() {
              super();
              const root = this.attachShadow({ mode: 'open' });
              root.innerHTML = '<button data-testid="inner">Inner</button>'
                + '<label><input type="checkbox" data-testid="done"> Done</label>';
              root.querySelector('button').addEventListener('click', () => {
                document.querySelector('[data-testid=log]').textContent = 'inner tapped';
              });
            }
          }
          customElements.define('todo-app', TodoApp);
        </script>
        """)

    /// A button under a transparent scrim identified by `data-qa` (not `data-testid`).
    static let covered = page("Covered", """
        <button data-qa="save" style="position:absolute;top:100px;left:20px;width:120px;height:44px">Save</button>
        <div data-qa="scrim" style="position:fixed;inset:0;background:transparent"></div>
        """)

    /// Text fields: empty with a placeholder, empty without, and filled.
    static let fields = page("Fields", """
        <input data-testid="empty-placeholder" aria-label="Search" placeholder="Find a message">
        <input data-testid="empty" aria-label="Name">
        <input data-testid="filled" aria-label="City" value="Paris">
        <button data-testid="toggle-all" class="toggle-all">Mark all as complete</button>
        <style>.toggle-all::before { content: "❯"; }</style>
        """)

    /// A list for chains of CSS steps.
    static let cssChain = page("CSS chain", """
        <ul>
        \((1...12).map { "<li class=\"item\(($0 % 2 == 0) ? " done" : "")\" aria-label=\"Item \($0)\"><span class=\"title\">Item \($0)</span></li>" }.joined(separator: "\n"))
        </ul>
        """)
}
