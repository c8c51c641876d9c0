/// Fixture pages for the page under the test's control (issue 43): what the page reports about
/// itself, and requests for routes to answer.
extension FixturePages {
    static let networkPages: [String: String] = [
        "/signals": signals,
        "/network": network,
        "/clock": clock,
        "/cors": cors,
    ]

    /// Buttons that make the page report each kind of signal. Its policy forbids style
    /// attributes (`style-src-attr 'none'`), as the lab apps' nonce policy does.
    static let signals = page("Signals", """
        <button data-testid="log" onclick="console.log('saved', 2, {a: 1})">Log</button>
        <button data-testid="error" onclick="console.error('went <wrong>')">Error</button>
        <button data-testid="throw" onclick="setTimeout(() => { throw new Error('boom') }, 0)">Throw</button>
        <button data-testid="reject" onclick="Promise.reject(new TypeError('no answer'))">Reject</button>
        <button data-testid="missing" onclick="fetch('/no-such-thing').then(r => r.text())">Missing</button>
        <button data-testid="style" onclick="document.querySelector('p').setAttribute('style', 'color: red')">Style</button>
        <p data-testid="text">Text</p>
        """, head: "<meta http-equiv=\"Content-Security-Policy\" content=\"style-src-attr 'none'\">")

    /// A page that asks the network: `fetch`, XHR, an image and an event stream, each showing
    /// what it got.
    static let network = page("Network", """
        <button data-testid="fetch" onclick="load()">Fetch</button>
        <button data-testid="post" onclick="post()">Post</button>
        <button data-testid="xhr" onclick="xhr()">XHR</button>
        <button data-testid="image" onclick="image()">Image</button>
        <button data-testid="stream" onclick="stream()">Stream</button>
        <p data-testid="result">nothing yet</p>
        <ul data-testid="events" aria-label="Events"></ul>
        <script>
          const result = document.querySelector('[data-testid=result]');
          function show(text) { result.textContent = text; }
          function load() {
            fetch('/api/items?page=1').then(r => r.text().then(t => show(r.status + ' ' + t)), e => show('failed ' + e.name));
          }
          function post() {
            fetch('/api/items', {method: 'POST', headers: {'Content-Type': 'application/json', 'X-Lab': 'yes'}, body: JSON.stringify({name: 'Ada'})})
              .then(r => r.text().then(t => show(r.status + ' ' + t)), e => show('failed ' + e.name));
          }
          function xhr() {
            const request = new XMLHttpRequest();
            request.open('GET', '/api/xhr');
            request.onload = () => show('xhr ' + request.status + ' ' + request.responseText);
            request.onerror = () => show('xhr failed');
            request.send();
          }
          function image() {
            const img = new Image();
            img.alt = 'Picture';
            img.onload = () => show('image ' + img.naturalWidth + 'x' + img.naturalHeight);
            img.onerror = () => show('image failed');
            img.src = '/picture.png';
          }
          function stream() {
            const source = new EventSource('/__events');
            const list = document.querySelector('[data-testid=events]');
            source.onmessage = (event) => {
              const item = document.createElement('li');
              item.textContent = event.data;
              list.append(item);
            };
            source.onerror = () => show('stream error ' + source.readyState);
          }
        </script>
        """)

    /// Requests to another origin, one no machine can reach (`.invalid`), for routes to answer:
    /// a simple GET and a PUT with a JSON body, which the browser sends only after a CORS
    /// preflight. Each shows what it got.
    static let cors = page("CORS", """
        <button data-testid="get" onclick="send('GET')">Get</button>
        <button data-testid="put" onclick="send('PUT')">Put</button>
        <p data-testid="result">nothing yet</p>
        <script>
          function send(method) {
            const options = method === 'PUT'
              ? {method, headers: {'Content-Type': 'application/json', 'X-Lab': 'yes'}, body: JSON.stringify({name: 'Ada'})} : {};
            fetch('http://api.lab.invalid/comments/1', options)
              .then(r => r.text().then(t => show(method + ' ' + r.status + ' ' + t)), e => show('failed ' + e.name));
          }
          function show(text) { document.querySelector('[data-testid=result]').textContent = text; }
        </script>
        """)

    /// Timers, an interval, a frame and the date, each showing what happened.
    static let clock = page("Clock", """
        <button data-testid="later" onclick="setTimeout(() => out('fired'), 5000)">Later</button>
        <button data-testid="soon" onclick="setTimeout(() => out('soon'), 50)">Soon</button>
        <button data-testid="tick" onclick="setInterval(() => count.textContent = String(++ticks), 1000)">Tick</button>
        <button data-testid="frame" onclick="requestAnimationFrame(() => out('frame'))">Frame</button>
        <button data-testid="time" onclick="out(new Date().toISOString())">Time</button>
        <p data-testid="out">-</p>
        <p data-testid="count">0</p>
        <script>
          let ticks = 0;
          const count = document.querySelector('[data-testid=count]');
          function out(text) { document.querySelector('[data-testid=out]').textContent = text; }
        </script>
        """)
}
