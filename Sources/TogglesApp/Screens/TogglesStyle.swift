/// The app's own styles and script, on top of LabKit's shell.
enum TogglesStyle {
    /// Toggle rows (the outer switch spans the row; the inner iOS switch is 51×31 with a
    /// knob that slides in 0.2 s), the disabled look, section footers, the status label and
    /// the root screen's navigation row.
    static let css: StaticString = """
    [hidden] { display: none !important; }
    .toggles-status { margin: 0 16px 16px; color: var(--secondary); font-size: 15px; }
    .toggles-list { margin-bottom: 6px; }
    .toggles-row { position: relative; }
    .toggles-toggle { display: flex; align-items: center; gap: 12px; width: 100%; min-height: 44px; padding: 6px 16px; cursor: default; user-select: none; }
    .toggles-title { flex: 1; min-width: 0; }
    .toggles-form { display: flex; flex: none; margin: 0; }
    .toggles-switch {
      appearance: none; -webkit-appearance: none; position: relative; flex: none; width: 51px; height: 31px;
      margin: 0; padding: 0; border: 0; border-radius: 15.5px; background: var(--fill); cursor: pointer;
      transition: background-color .2s ease;
    }
    .toggles-switch[aria-checked=true] { background: var(--green); }
    .toggles-knob {
      position: absolute; top: 2px; left: 2px; width: 27px; height: 27px; border-radius: 50%; background: #fff;
      box-shadow: 0 3px 8px rgba(0,0,0,.15), 0 3px 1px rgba(0,0,0,.06); transition: transform .2s ease;
    }
    .toggles-switch[aria-checked=true] .toggles-knob { transform: translateX(20px); }
    .toggles-switch:focus-visible { outline: 2px solid var(--tint); outline-offset: 2px; }
    .toggles-toggle[aria-disabled=true] { opacity: .4; }
    .toggles-switch:disabled { cursor: default; }
    .toggles-footer { margin: 0 16px 24px; color: var(--secondary); font-size: 13px; }
    .toggles-nav-link { flex-direction: row; align-items: center; justify-content: space-between; }
    .toggles-nav-text { display: flex; flex-direction: column; }
    .toggles-chevron { color: var(--secondary); font-size: 22px; font-weight: 600; opacity: .6; }
    """

    /// Flips a toggle when its inner switch is clicked (a tap, or Space/Enter when it is
    /// focused): both switches' `aria-checked` at once (the knob slides), the dependent
    /// rows shown or hidden, the status label recomputed, then the new value posted with
    /// `fetch` (a failed post reloads the page to show the server's state). Disabled
    /// switches do nothing. Nothing else on the row listens.
    static let script: StaticString = """
    (function () {
      var status = document.querySelector('.toggles-status');
      function rows() { return Array.prototype.slice.call(document.querySelectorAll('li[data-toggle]')); }
      function isOn(row) { return row.querySelector('.toggles-toggle').getAttribute('aria-checked') === 'true'; }
      function refreshStatus() {
        var shown = rows().filter(function (row) { return !row.hidden; });
        var on = shown.filter(isOn).map(function (row) { return row.querySelector('.toggles-title').textContent; });
        status.textContent = on.length + ' of ' + shown.length + ' on';
        status.setAttribute('aria-description', on.length ? on.join(', ') : 'None');
      }
      function set(row, on) {
        row.querySelectorAll('[role=switch]').forEach(function (s) { s.setAttribute('aria-checked', on ? 'true' : 'false'); });
        row.querySelector('button').value = on ? '0' : '1';
        var id = row.getAttribute('data-toggle');
        rows().forEach(function (other) { if (other.getAttribute('data-parent') === id) other.hidden = !on; });
      }
      document.querySelectorAll('li[data-toggle] button.toggles-switch').forEach(function (button) {
        button.addEventListener('click', function (event) {
          event.preventDefault();
          if (button.disabled || button.getAttribute('aria-disabled') === 'true') return;
          var row = button.closest('li[data-toggle]');
          var on = button.getAttribute('aria-checked') !== 'true';
          set(row, on);
          refreshStatus();
          fetch(button.form.action, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Lab-Fetch': '1' },
            body: 'on=' + (on ? '1' : '0')
          }).then(function (response) { if (!response.ok) location.reload(); }, function () { location.reload(); });
        });
      });
    })();
    """
}
