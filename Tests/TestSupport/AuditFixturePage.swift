/// The accessibility audit's fixture page: a small settings screen that passes every audit,
/// and breaks one thing per word of its query string (`/audit?unlabelled&faint`), so a test
/// sees each issue appear when its cause is added:
///
/// - `unlabelled`: the Save button loses its text (no accessible name);
/// - `decorative`: the Save button's name is only a "✕" glyph;
/// - `faint`: the note's text turns #aaaaaa on white (2.32:1);
/// - `small`: the Save button shrinks to 30 × 30;
/// - `clickable`: a `<div onclick>` with no role;
/// - `clipped`: the title is cut off by `overflow: hidden`;
/// - `duplicate`: a second element with the identifier `save`;
/// - `hidden`: a button inside `aria-hidden="true"`.
public enum AuditFixturePage {
    public static let html = """
        <!doctype html><html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1"><title>Audit</title>
        <style>
          body { font-family: sans-serif; margin: 0; padding: 16px; color: #111; background: #fff; }
          button { min-width: 88px; min-height: 44px; color: #fff; background: #0a58ca; border: 0; font-size: 17px; }
          .small { min-width: 0; min-height: 0; width: 30px; height: 30px; padding: 0; }
          .clipped { width: 80px; white-space: nowrap; overflow: hidden; }
        </style></head>
        <body>
          <main>
            <h1 data-testid="title">Settings</h1>
            <p data-testid="note" style="color: #333">Changes are saved at once.</p>
            <button data-testid="save">Save</button>
            <img data-testid="logo" alt="AutomationLab" width="48" height="48"
                 src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'%3E%3Crect width='1' height='1' fill='%230a58ca'/%3E%3C/svg%3E">
            <div data-testid="extras"></div>
          </main>
          <script>
            const breaks = new Set(location.search.slice(1).split('&').filter(Boolean));
            const save = document.querySelector('[data-testid=save]');
            const extras = document.querySelector('[data-testid=extras]');
            if (breaks.has('unlabelled')) save.textContent = '';
            if (breaks.has('decorative')) save.textContent = '✕';
            if (breaks.has('faint')) document.querySelector('[data-testid=note]').style.color = '#aaaaaa';
            if (breaks.has('small')) save.classList.add('small');
            if (breaks.has('clickable')) extras.insertAdjacentHTML('beforeend', '<div data-testid="fake" onclick="void 0">Delete</div>');
            if (breaks.has('clipped')) {
              const title = document.querySelector('[data-testid=title]');
              title.classList.add('clipped');
              title.textContent = 'Settings for notifications';
            }
            if (breaks.has('duplicate')) extras.insertAdjacentHTML('beforeend', '<button data-testid="save">Save a copy</button>');
            if (breaks.has('hidden')) extras.insertAdjacentHTML('beforeend', '<div aria-hidden="true"><button data-testid="ghost">Ghost</button></div>');
          </script>
        </body></html>
        """
}
