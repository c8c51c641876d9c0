/// Fixture pages for the web verbs: reload, history, open, keys, hover, focus, DOM values and
/// JavaScript dialogs. Each needs the verb it is named for.
extension FixturePages {
    static let webVerbPages: [String: String] = [
        "/persist": persist,
        "/history/one": historyOne,
        "/history/two": historyTwo,
        "/edit": edit,
        "/keys": keys,
        "/hover": hover,
        "/blur": blur,
        "/values": values,
        "/dialogs": dialogs,
    ]

    /// Keeps a note in localStorage (restored on load) and counts loads in a cookie.
    static let persist = page("Persist", """
        <input data-testid="note" aria-label="Note">
        <p data-testid="loads"></p>
        <script>
          const note = document.querySelector('[data-testid=note]');
          note.value = localStorage.getItem('note') || '';
          note.addEventListener('input', () => localStorage.setItem('note', note.value));
          const loads = Number((document.cookie.match(/loads=(\\d+)/) || [])[1] || 0) + 1;
          document.cookie = 'loads=' + loads + '; path=/';
          document.querySelector('[data-testid=loads]').textContent = 'loads ' + loads;
        </script>
        """)

    static let historyOne = page("One", """
        <h1 data-testid="title">One</h1><a data-testid="next" href="/history/two">To two</a>
        """)

    /// A second page with a step of its own made by `history.pushState` (same document).
    static let historyTwo = page("Two", """
        <h1 data-testid="title">Two</h1>
        <button data-testid="tab" onclick="history.pushState({}, '', '?tab=2'); show()">Tab 2</button>
        <script>
          function show() {
            const tab = new URLSearchParams(location.search).get('tab');
            document.querySelector('[data-testid=title]').textContent = tab ? 'Two, tab ' + tab : 'Two';
          }
          addEventListener('popstate', show);
          show();
        </script>
        """)

    /// An item edited in place: Return commits, Escape cancels.
    static let edit = page("Edit", """
        <p data-testid="item">Buy milk</p>
        <button data-testid="edit" onclick="startEdit()">Edit</button>
        <input data-testid="editor" aria-label="Editor" hidden>
        <script>
          const item = document.querySelector('[data-testid=item]');
          const editor = document.querySelector('[data-testid=editor]');
          function startEdit() { editor.hidden = false; editor.value = item.textContent; editor.focus(); }
          editor.addEventListener('keydown', event => {
            if (event.key === 'Escape') editor.hidden = true;
            if (event.key === 'Enter') { item.textContent = editor.value; editor.hidden = true; }
          });
        </script>
        """)

    /// Shows the last keydown anywhere on the page: key, code, keyCode and modifiers.
    static let keys = page("Keys", """
        <input data-testid="field" aria-label="Field" value="hello world">
        <input data-testid="next" aria-label="Next">
        <p data-testid="log">none</p>
        <script>
          document.addEventListener('keydown', event => {
            const held = ['shiftKey', 'ctrlKey', 'altKey', 'metaKey'].filter(name => event[name]).join('+') || '-';
            document.querySelector('[data-testid=log]').textContent =
              JSON.stringify(event.key) + ' ' + event.code + ' ' + event.keyCode + ' ' + held;
          });
        </script>
        """)

    /// Rows whose Delete button shows only while the pointer is over the row.
    static let hover = page("Hover", """
        <style>
          ul{list-style:none;margin:0;padding:0} li{display:flex;justify-content:space-between;align-items:center;height:60px;border-bottom:1px solid #ccc}
          li .delete{visibility:hidden} li:hover .delete{visibility:visible}
        </style>
        <ul>
          <li data-testid="row-1">Milk <button class="delete" data-testid="delete-1" onclick="this.parentNode.remove()">Delete</button></li>
          <li data-testid="row-2">Eggs <button class="delete" data-testid="delete-2" onclick="this.parentNode.remove()">Delete</button></li>
        </ul>
        """)

    /// A field whose `change` handler runs when it loses focus.
    static let blur = page("Blur", """
        <input data-testid="city" aria-label="City">
        <p data-testid="changes">no change</p>
        <script>
          document.querySelector('[data-testid=city]').addEventListener('change', event =>
            document.querySelector('[data-testid=changes]').textContent = 'changed to ' + event.target.value);
        </script>
        """)

    /// Fields whose DOM value and accessibility value differ.
    static let values = page("Values", """
        <select data-testid="size" aria-label="Size"><option value="S">Small</option><option value="L" selected>Large</option></select>
        <input type="password" data-testid="pin" aria-label="PIN" value="1234">
        <input data-testid="name" aria-label="Name" value="Ada">
        <textarea data-testid="notes" aria-label="Notes">line one</textarea>
        <p data-testid="plain">Plain text</p>
        <button data-testid="rename" onclick="document.querySelector('[data-testid=name]').value = 'Grace'">Rename</button>
        """)

    /// Buttons that open each kind of JavaScript dialog and show what it returned; a page that
    /// asks before it is left.
    static let dialogs = page("Dialogs", """
        <button data-testid="alert" onclick="alert('Saved!'); show('alert closed')">Alert</button>
        <button data-testid="confirm" onclick="show('confirm ' + confirm('Delete everything?'))">Confirm</button>
        <button data-testid="prompt" onclick="show('prompt ' + JSON.stringify(prompt('Your name?', 'Bob')))">Prompt</button>
        <button data-testid="guard" onclick="addEventListener('beforeunload', event => { event.preventDefault(); event.returnValue = 'stay'; }); show('guarded')">Guard</button>
        <a data-testid="leave" href="/dialogs?left=1">Leave</a>
        <p data-testid="result">none</p>
        <script>
          function show(text) { document.querySelector('[data-testid=result]').textContent = text }
          if (location.search) show('left');
        </script>
        """)
}
