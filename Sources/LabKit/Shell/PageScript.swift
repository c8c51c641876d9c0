/// The shell's small vanilla scripts (no framework).
enum PageScript {
    /// Runs before the first paint: applies the push/pop transition the previous page asked
    /// for (links and buttons carry `data-transition`), and remembers the one to use next.
    static let head: StaticString = """
    (function () {
      var t = null;
      try { t = sessionStorage.getItem('lab-transition'); sessionStorage.removeItem('lab-transition'); } catch (e) {}
      if (t) document.documentElement.setAttribute('data-transition', t);
      function remember(el) {
        var d = el && el.getAttribute('data-transition');
        if (d) { try { sessionStorage.setItem('lab-transition', d); } catch (e) {} }
      }
      document.addEventListener('click', function (e) { remember(e.target.closest('a[data-transition], button[data-transition]')); }, true);
      document.addEventListener('submit', function (e) { remember(e.target); }, true);
    })();
    """

    /// Runs after the content: selection tables (tap a row to select it; single or multiple
    /// selection), "clear selection" buttons, forms that submit a table's selection, and the
    /// tint reporter, which puts each tinted button's computed colour into its accessible
    /// description ("green"; UIAutomation reads it as the button's value, as VoiceOver reads
    /// it after the name) so a test can check the colour the user really sees while the
    /// label stays the button's title. A button that has a description of its own keeps it.
    static let body: StaticString = """
    (function () {
      function toggle(option) {
        var list = option.closest('[role=listbox]');
        var on = option.getAttribute('aria-selected') !== 'true';
        if (list.getAttribute('aria-multiselectable') !== 'true') {
          list.querySelectorAll('[role=option]').forEach(function (o) { o.setAttribute('aria-selected', 'false'); });
          on = true;
        }
        option.setAttribute('aria-selected', on ? 'true' : 'false');
      }
      document.querySelectorAll('[role=listbox] [role=option]').forEach(function (option) {
        option.addEventListener('click', function () { toggle(option); });
        option.addEventListener('keydown', function (e) {
          if (e.key === ' ' || e.key === 'Enter') { e.preventDefault(); toggle(option); }
        });
      });
      document.querySelectorAll('[data-clears]').forEach(function (button) {
        button.addEventListener('click', function () {
          var list = document.getElementById(button.getAttribute('data-clears'));
          list.querySelectorAll('[role=option]').forEach(function (o) { o.setAttribute('aria-selected', 'false'); });
        });
      });
      document.querySelectorAll('form[data-selection-of]').forEach(function (form) {
        form.addEventListener('submit', function () {
          var list = document.getElementById(form.getAttribute('data-selection-of'));
          form.querySelectorAll('input[data-selection]').forEach(function (i) { i.remove(); });
          list.querySelectorAll('[role=option][aria-selected=true]').forEach(function (o) {
            var input = document.createElement('input');
            input.type = 'hidden'; input.name = list.getAttribute('data-name'); input.value = o.getAttribute('data-value');
            input.setAttribute('data-selection', '');
            form.appendChild(input);
          });
        });
      });
      function colourName(css) {
        var m = css.match(/[\\d.]+/g);
        if (!m || m.length < 3) return 'none';
        if (m.length > 3 && parseFloat(m[3]) === 0) return 'clear';
        var r = m[0] / 255, g = m[1] / 255, b = m[2] / 255;
        var max = Math.max(r, g, b), min = Math.min(r, g, b), d = max - min;
        if (d < 0.12) return max > 0.85 ? 'white' : max < 0.2 ? 'black' : 'gray';
        var h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
        h *= 60;
        if (h < 15 || h >= 340) return 'red';
        if (h < 40) return 'orange';
        if (h < 70) return 'yellow';
        if (h < 165) return 'green';
        if (h < 255) return 'blue';
        return 'purple';
      }
      document.querySelectorAll('[data-tint-report]').forEach(function (el) {
        if (el.hasAttribute('aria-description')) return;
        el.setAttribute('aria-description', colourName(getComputedStyle(el).backgroundColor));
      });
    })();
    """
}
