/// Fixture pages for the web-only reads (attributes, classes, raw text, CSS matching) and the
/// auto-retrying expectations.
extension FixturePages {
    static let webReadPages: [String: String] = [
        "/todo": todo,
        "/jump": jump,
        "/fill": fill,
        "/stream": stream,
    ]

    /// Keeps two event streams open for the page's life — one read through XHR (as EventSource
    /// polyfills do), one through EventSource — and shows what arrived.
    static let stream = page("Stream", """
        <p data-testid="received">nothing yet</p>
        <button data-testid="tap" onclick="this.textContent = 'Tapped'">Tap me</button>
        <script>
          const seen = [];
          const show = (what) => { seen.push(what); document.querySelector('[data-testid=received]').textContent = seen.sort().join(', '); };
          const xhr = new XMLHttpRequest();
          xhr.open('GET', '/__events');
          xhr.onprogress = () => { if (xhr.responseText.includes('hello') && !seen.includes('xhr')) show('xhr'); };
          xhr.send();
          new EventSource('/__events').onmessage = () => { if (!seen.includes('eventsource')) show('eventsource'); };
        </script>
        """)

    /// A field that counts its key and input events.
    static let fill = page("Fill", """
        <input data-testid="field" aria-label="Field" value="old text">
        <p data-testid="events">keys 0, inputs 0</p>
        <script>
          let keys = 0, inputs = 0;
          const field = document.querySelector('[data-testid=field]');
          const show = () => document.querySelector('[data-testid=events]').textContent = 'keys ' + keys + ', inputs ' + inputs;
          field.addEventListener('keydown', () => { keys++; show(); });
          field.addEventListener('input', () => { inputs++; show(); });
        </script>
        """)

    /// The layout changes between the actionability check and the press: the first time the
    /// pointer moves over the button, a banner is inserted above the button and pushes it down,
    /// so a press at the checked point lands on the banner.
    static let jump = page("Jump", """
        <div id="slot"></div>
        <button data-testid="target" style="display:block;width:100%;height:60px"
          onclick="document.querySelector('[data-testid=clicks]').textContent = 'target ' + (++window.targetClicks) + (window.bannerShown ? ' after the banner' : ' before the banner')">Target</button>
        <p data-testid="clicks">none</p>
        <p data-testid="banner-clicks">banner 0</p>
        <script>
          window.targetClicks = 0; window.bannerShown = false; let bannerClicks = 0;
          // Only a move over the button itself: the tap's own move, not one at launch.
          document.querySelector('[data-testid=target]').addEventListener('pointermove', () => {
            if (window.bannerShown) return;
            window.bannerShown = true;
            const banner = document.createElement('div');
            banner.style.height = '120px';
            banner.textContent = 'Banner';
            banner.onclick = () => { document.querySelector('[data-testid=banner-clicks]').textContent = 'banner ' + (++bannerClicks); };
            document.querySelector('#slot').append(banner);
          });
        </script>
        """)

    /// A small to-do list whose items carry state only in CSS classes, with generated content,
    /// untrimmed text, and changes that arrive late (after 300 ms) like a slow app's.
    static let todo = page("Todo", """
        <style>
          li.completed label { text-decoration: line-through; }
          p.done::before { content: "✓ "; }
        </style>
        <p data-testid="status" class="done">Saved</p>
        <ul data-testid="list">
          <li data-testid="item-1" data-id="1"><input type="checkbox" data-testid="toggle-1" aria-label="Done 1"><label>  Buy   milk  </label></li>
          <li data-testid="item-2" data-id="2" class="editing"><input type="checkbox" data-testid="toggle-2" aria-label="Done 2"><label>Walk</label></li>
        </ul>
        <button data-testid="complete-later" onclick="setTimeout(() => {
            document.querySelector('[data-testid=item-1]').classList.add('completed');
            document.querySelector('[data-testid=item-1]').setAttribute('data-state', 'done');
          }, 300)">Complete later</button>
        <button data-testid="add-later" onclick="setTimeout(() => {
            const item = document.createElement('li');
            item.setAttribute('data-testid', 'item-3');
            item.textContent = 'Read';
            document.querySelector('[data-testid=list]').append(item);
            document.querySelector('[data-testid=status]').textContent = 'Added';
          }, 300)">Add later</button>
        """)
}
