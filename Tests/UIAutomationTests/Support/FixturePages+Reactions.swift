/// Pages that answer input late, as real apps do (a hash route re-rendering on `hashchange`, a
/// framework rendering its model in a later frame), and pages built like public apps' markup
/// that tripped actions and diagnoses up (a check box behind its own label, a `role="status"`
/// text, an element that appears late under a coordinate tap).
extension FixturePages {
    static let reactionPages: [String: String] = [
        "/hash-filter": hashFilter,
        "/render-before-return": renderBeforeReturn,
        "/label-covers-checkbox": labelCoversCheckbox,
        "/near-texts": nearTexts,
        "/late-target": lateTarget,
    ]

    /// TodoMVC's filters: links to `#/active` and `#/completed`; the list is rendered again a
    /// timer and a frame after `hashchange` (the builds of the public spec did it 7–24 ms after the click).
    static let hashFilter = page("Hash filter", """
        <ul data-testid="todos"></ul>
        <p data-testid="filter"></p>
        <nav><a href="#/">All</a> <a href="#/active">Active</a> <a href="#/completed">Completed</a></nav>
        <script>
          const todos = [{ title: 'Milk', done: false }, { title: 'Eggs', done: true }, { title: 'Bread', done: true }];
          function render() {
            const filter = location.hash.replace('#/', '') || 'all';
            const shown = todos.filter(t => filter === 'all' || (filter === 'active') === !t.done);
            document.querySelector('[data-testid=todos]').innerHTML =
              shown.map(t => '<li>' + t.title + '</li>').join('');
            document.querySelector('[data-testid=filter]').textContent = filter;
          }
          addEventListener('hashchange', () => setTimeout(() => requestAnimationFrame(render), 12));
          render();
        </script>
        """)

    /// A field whose Return handler reads what the app last rendered (as a framework reads its
    /// model): text typed and Return pressed in one burst find nothing rendered yet.
    static let renderBeforeReturn = page("Render before return", """
        <input data-testid="new" aria-label="New todo">
        <ul data-testid="items"></ul>
        <p data-testid="log">none</p>
        <script>
          const field = document.querySelector('[data-testid=new]');
          let rendered = '';
          field.addEventListener('input', () => requestAnimationFrame(() => { rendered = field.value; }));
          field.addEventListener('keydown', event => {
            if (event.key !== 'Enter') return;
            if (rendered !== field.value || rendered === '') {
              document.querySelector('[data-testid=log]').textContent = 'not rendered: ' + JSON.stringify(rendered);
              return;
            }
            const item = document.createElement('li');
            item.textContent = rendered;
            document.querySelector('[data-testid=items]').append(item);
            field.value = '';
            rendered = '';
          });
        </script>
        """)

    /// A check box drawn behind its own label (a custom toggle's markup): a touch on the label
    /// toggles it.
    static let labelCoversCheckbox = page("Label covers check box", """
        <div style="position:relative;height:48px">
          <input type="checkbox" id="terms" data-testid="terms" style="position:absolute;left:8px;top:12px;margin:0">
          <label for="terms" style="position:absolute;inset:0;padding:12px 40px;background:rgba(255,255,255,.01)">I agree</label>
        </div>
        <div style="position:relative;height:48px">
          <input type="checkbox" id="other" data-testid="other" aria-label="Other" style="position:absolute;left:8px;top:12px;margin:0">
          <div style="position:absolute;inset:0;background:rgba(255,255,255,.01)" data-testid="cover">Cover</div>
        </div>
        """)

    /// Texts near what a test may ask for: a `role="status"` message and a name a letter away.
    static let nearTexts = page("Near texts", """
        <p role="status" data-testid="status">Saved</p>
        <button data-testid="director">Steven Spielberg</button>
        """)

    /// A button that appears 300 ms after load, and logs touches.
    static let lateTarget = page("Late target", """
        <p data-testid="log">none</p>
        <script>setTimeout(() => { const b = document.createElement('button'); b.dataset.testid = 'late';
          b.textContent = 'Late'; b.onclick = () => document.querySelector('[data-testid=log]').textContent = 'tapped';
          document.body.append(b) }, 300);</script>
        """)
}
