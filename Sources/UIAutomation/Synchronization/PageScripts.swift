/// The JavaScript UIAutomation runs in pages. Kept in one place so what runs in the
/// app under test is easy to review.
enum PageScripts {
    /// Installed in every new document: counts requests in flight (fetch and XHR, each until its
    /// response is complete; an event stream only until its headers arrive) and
    /// answers "is the page idle?" — loaded, nothing in flight, no finite animation running
    /// that moves layout (colour, opacity and other paint-only animations do not count).
    static let instrumentation = #"""
    (() => {
      if (window.__lab) return;
      const lab = { inflight: 0 };
      Object.defineProperty(window, '__lab', { value: lab, enumerable: false });
      const originalFetch = window.fetch;
      if (originalFetch) {
        window.fetch = function (...args) {
          lab.inflight++;
          return originalFetch.apply(this, args).finally(() => { lab.inflight--; });
        };
      }
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (...args) {
        lab.inflight++;
        let counted = true;
        const done = () => { if (counted) { counted = false; lab.inflight--; } };
        // An event stream read through XHR (EventSource polyfills) stays open for the page's
        // life: like an EventSource or a fetch, it counts only until its headers arrive.
        this.addEventListener('readystatechange', () => {
          if (this.readyState === 2 && /^text\/event-stream/i.test(this.getResponseHeader('Content-Type') || '')) done();
        });
        this.addEventListener('loadend', done, { once: true });
        return send.apply(this, args);
      };
      // Which animations matter: those that can change what a touch hits or where. A property
      // that only paints (colour, opacity, shadow, outline, decoration, filter) does not; any
      // other property, a custom property, or an effect that cannot be read, does.
      const decorative = new Set([
        'color', 'backgroundColor', 'backgroundImage', 'backgroundPosition', 'backgroundSize', 'opacity',
        'boxShadow', 'textShadow', 'outline', 'outlineColor', 'outlineWidth', 'outlineStyle', 'outlineOffset',
        'borderColor', 'borderTopColor', 'borderRightColor', 'borderBottomColor', 'borderLeftColor',
        'borderBlockColor', 'borderBlockStartColor', 'borderBlockEndColor', 'borderInlineColor',
        'borderInlineStartColor', 'borderInlineEndColor', 'textDecoration', 'textDecorationColor',
        'textDecorationLine', 'textDecorationStyle', 'textDecorationThickness', 'textUnderlineOffset',
        'textEmphasisColor', 'caretColor', 'accentColor', 'columnRuleColor', 'fill', 'fillOpacity', 'stroke',
        'strokeOpacity', 'stopColor', 'stopOpacity', 'floodColor', 'floodOpacity', 'lightingColor', 'filter',
        'backdropFilter', 'webkitTextFillColor', 'webkitTextStrokeColor', 'cursor',
      ]);
      const camel = name => name.startsWith('--') ? name : name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
      const timingKeys = new Set(['offset', 'computedOffset', 'easing', 'composite']);
      lab.movesLayout = animation => {
        const effect = animation.effect;
        if (!effect) return false;
        let names = [];
        if (typeof animation.transitionProperty === 'string') {
          names = [animation.transitionProperty];
        } else {
          try {
            for (const frame of effect.getKeyframes()) for (const name in frame) if (!timingKeys.has(name)) names.push(name);
          } catch (error) { return true; }
        }
        return names.some(name => !decorative.has(camel(name)));
      };
      const isFinite_ = a => {
        const end = a.effect && a.effect.getComputedTiming().endTime;
        return end !== undefined && isFinite(end);
      };
      lab.isFinite = isFinite_;
      const finiteRunning = () => document.getAnimations()
        .filter(a => a.playState === 'running' && isFinite_(a) && lab.movesLayout(a)).length;
      // A form submission starts its navigation in a task after the click, so just after a tap
      // the page can look idle before the browser reports any navigation. From a submit event
      // into this frame that nothing cancelled, the page is busy until this document goes away;
      // one that never replaces it (a 204 answer, a dropped navigation) stops counting after 1 s.
      let submission = null;
      addEventListener('submit', event => {
        const submitter = event.submitter;
        const target = (submitter && submitter.getAttribute('formtarget')) || event.target.getAttribute('target') || '';
        const method = ((submitter && submitter.getAttribute('formmethod')) || event.target.getAttribute('method') || '').toLowerCase();
        if ((target === '' || target === '_self') && method !== 'dialog') submission = { event, at: performance.now() };
      });
      const submitting = () =>
        submission !== null && !submission.event.defaultPrevented && performance.now() - submission.at < 1000;
      lab.problem = () => {
        if (submitting()) return 'a form submission is starting';
        if (document.readyState !== 'complete') return 'the document is ' + document.readyState;
        if (lab.inflight > 0) return lab.inflight + ' request(s) in flight';
        const running = finiteRunning();
        if (running > 0) return running + ' layout-moving animation(s) running';
        return null;
      };
      // Change tracking, so an unchanged page need not be read again (PageDriver's snapshot
      // cache). Anything that can change the accessibility tree or a box bumps the version:
      // DOM mutations (shadow roots too), form values set from script, focus, input, scroll,
      // resize, loads, fonts, toggles, transitions and animations.
      lab.version = 0;
      lab.document = Math.random().toString(36).slice(2);
      const bump = () => { lab.version++; };
      const observer = new MutationObserver(bump);
      const watch = root => observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
      watch(document);
      const attachShadow = Element.prototype.attachShadow;
      Element.prototype.attachShadow = function (...args) {
        const root = attachShadow.apply(this, args);
        watch(root);
        return root;
      };
      for (const [proto, names] of [
        [HTMLInputElement.prototype, ['value', 'checked', 'indeterminate']],
        [HTMLTextAreaElement.prototype, ['value']],
        [HTMLSelectElement.prototype, ['value', 'selectedIndex']],
        [HTMLOptionElement.prototype, ['selected']],
      ]) {
        for (const name of names) {
          const property = Object.getOwnPropertyDescriptor(proto, name);
          if (!property || !property.set) continue;
          Object.defineProperty(proto, name, { ...property, set(value) { bump(); property.set.call(this, value); } });
        }
      }
      for (const type of ['input', 'change', 'focusin', 'focusout', 'scroll', 'resize', 'load', 'error', 'toggle',
                          'transitionrun', 'transitionend', 'transitioncancel', 'animationstart', 'animationend',
                          'animationcancel', 'pageshow', 'visibilitychange', 'fullscreenchange']) {
        addEventListener(type, bump, true);
      }
      if (document.fonts) document.fonts.addEventListener('loadingdone', bump);
      // The page's state as a string, or null while anything that moves layout animates (then
      // nothing is cached; a colour or opacity change is in neither the tree nor the boxes).
      lab.stamp = () => {
        if (observer.takeRecords().length > 0) bump();
        if (document.getAnimations().some(a => a.playState === 'running' && lab.movesLayout(a))) return null;
        return lab.document + ':' + lab.version + ':' + scrollX + ',' + scrollY + ':' + innerWidth + 'x' + innerHeight;
      };
      lab.idle = async (budget) => {
        const end = performance.now() + budget;
        let problem = lab.problem();
        while (problem !== null && performance.now() < end) {
          await new Promise(done => requestAnimationFrame(() => done()));
          problem = lab.problem();
        }
        return problem;
      };
    })();
    """#

    /// Evaluates to the page's change stamp (see `lab.stamp` above), or `null`.
    static let stamp = "window.__lab ? window.__lab.stamp() : null"

    /// Evaluates to `null` once idle, else (after `budget` ms) what keeps the page busy.
    static func idle(budgetMilliseconds: Int) -> String {
        "window.__lab ? window.__lab.idle(\(budgetMilliseconds)) : (document.readyState === 'complete' ? null : 'the document is ' + document.readyState)"
    }

    /// Called on an element: blurs it, or whatever inside it has focus (shadow roots
    /// included). Returns whether something lost focus.
    static let resignFocus = #"""
    function () {
      let active = document.activeElement;
      while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
      if (!active || active === document.body) return false;
      const within = node => node === this || (this.contains && this.contains(node));
      let node = active;
      while (node && !within(node)) node = node.parentNode || node.host;
      if (!node) return false;
      active.blur();
      return true;
    }
    """#

    /// Called on an element: the live `value` property of an input, text area or select
    /// (what the page's scripts read), else `null`.
    /// `this`'s element: itself, or a text node's parent. The web-only reads start from it.
    private static let elementOfThis = "const element = this.nodeType === Node.ELEMENT_NODE ? this : this.parentElement;"

    static let attribute = #"""
    function (name) {
      \#(elementOfThis)
      return element ? element.getAttribute(name) : null;
    }
    """#

    static let classes = #"""
    function () {
      \#(elementOfThis)
      return element ? Array.from(element.classList) : [];
    }
    """#

    static let textContent = #"""
    function () { return this.textContent; }
    """#

    static let matchesSelector = #"""
    function (selector) {
      \#(elementOfThis)
      try { return element ? element.matches(selector) : false; }
      catch (error) { return { invalidSelector: String(error.message) }; }
    }
    """#

    /// For `this` and every further node argument, whether its element matches `selector`
    /// (an array of booleans in argument order), or `{ invalidSelector }`.
    static let nodesMatchingSelector = #"""
    function (selector, ...others) {
      const elementOf = (node) => node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement;
      try {
        return [this, ...others].map((node) => { const element = elementOf(node); return element ? element.matches(selector) : false; });
      } catch (error) { return { invalidSelector: String(error.message) }; }
    }
    """#

    /// Removes the hit guard the last actionability check installed and says what the press
    /// hit instead of the element (a description), or `null` when it hit the element or no
    /// pointer event came.
    static let takeHitGuard = #"""
    (() => {
      const guard = window.__labHitGuard;
      if (!guard) return null;
      guard.remove();
      window.__labHitGuard = null;
      return guard.missed || null;
    })()
    """#

    /// Selects all the text of the focused field (or editable region).
    static let selectAllInFocus = #"""
    (() => {
      const field = document.activeElement;
      if (field && typeof field.select === 'function') field.select();
      else document.execCommand('selectAll');
    })()
    """#

    static let domValue = #"""
    function () {
      const element = this.nodeType === Node.ELEMENT_NODE ? this : this.parentElement;
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement)
        return element.value;
      return null;
    }
    """#

    /// Called on an element: scrolls it into view, checks it is visible, stable and the hit
    /// target at the action point (offsets are fractions of its box). Returns
    /// `{state, x, y, by}` with state `ok`, `detached`, `invisible`, `unstable`, `offscreen`
    /// or `covered` (then `by` describes what covers it).
    static let actionability = #"""
    async function (offsetX, offsetY, guardHits) {
      const element = this.nodeType === Node.ELEMENT_NODE ? this : this.parentElement;
      if (!element || !element.isConnected) return { state: 'detached' };
      const box = () => element.getBoundingClientRect();
      let rect = box();
      // Scroll only when needed: off screen, or cut off while it would fit. An element larger
      // than the screen that is already on it (a list being swiped) stays where it is.
      const onScreen = rect.bottom > 0 && rect.right > 0 && rect.top < innerHeight && rect.left < innerWidth;
      const fits = rect.width <= innerWidth && rect.height <= innerHeight;
      const inside = rect.top >= 0 && rect.left >= 0 && rect.bottom <= innerHeight && rect.right <= innerWidth;
      if (!onScreen || (fits && !inside)) {
        if (element.scrollIntoViewIfNeeded) element.scrollIntoViewIfNeeded(true);
        else element.scrollIntoView({ block: 'center', inline: 'center' });
        rect = box();
      }
      // Only animations that can move layout matter (see lab.movesLayout); a page without the
      // instrumentation counts every animation.
      const lab = window.__lab;
      const running = document.getAnimations()
        .filter(a => a.playState === 'running' && (!lab || lab.movesLayout(a)));
      // A finite animation on the element or an ancestor (a push transition, a slide-in)
      // moves it until it ends: not stable, whatever two frames say (under load two frames
      // can show the same animation time).
      const carried = running.some(a => {
        const target = a.effect && a.effect.target;
        if (!target || !(target === element || target.contains(element))) return false;
        return isFinite(a.effect.getComputedTiming().endTime);
      });
      if (carried) return { state: 'unstable' };
      if (running.length > 0) {
        await new Promise(done => requestAnimationFrame(() => done()));
        const next = box();
        if (next.x !== rect.x || next.y !== rect.y || next.width !== rect.width || next.height !== rect.height)
          return { state: 'unstable' };
        rect = next;
      }
      const style = getComputedStyle(element);
      if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden') return { state: 'invisible' };
      let x = rect.left + rect.width * offsetX, y = rect.top + rect.height * offsetY;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) {
        // Larger than the screen: aim within the part that is on screen.
        const left = Math.max(rect.left, 0), top = Math.max(rect.top, 0);
        const right = Math.min(rect.right, innerWidth), bottom = Math.min(rect.bottom, innerHeight);
        if (right <= left || bottom <= top) return { state: 'offscreen' };
        x = left + (right - left) * offsetX;
        y = top + (bottom - top) * offsetY;
      }
      const describe = node => {
        if (!node) return 'nothing';
        let text = node.tagName.toLowerCase();
        const id = node.getAttribute('data-testid') || node.id;
        if (id) text += ' "' + id + '"';
        if (node.classList.length) text += ' .' + [...node.classList].join('.');
        const words = (node.innerText || '').trim().slice(0, 40);
        if (words) text += ' (' + JSON.stringify(words) + ')';
        return text;
      };
      const hit = document.elementFromPoint(x, y);
      if (hit === element || (hit && element.contains(hit))) {
        if (guardHits) guardHitTarget(element, describe);
        return { state: 'ok', x, y };
      }
      return { state: 'covered', x, y, by: describe(hit) };
      // The layout can change between this check and the press (a framework re-rendering after
      // the previous action, a hash route): the press then lands on something else. Until the
      // next check, the first pointer event decides: if its target is not the element, that
      // event and the rest of the press are stopped before the page sees them, and the action
      // is retried (see PageScripts.takeHitGuard).
      function guardHitTarget(element, describe) {
        if (window.__labHitGuard) window.__labHitGuard.remove();
        const types = ['pointerdown', 'mousedown', 'touchstart', 'pointerup', 'mouseup', 'touchend', 'click'];
        const guard = { missed: null };
        const handler = event => {
          if (guard.missed === null) {
            const path = event.composedPath(), target = path[0];
            guard.missed = path.includes(element) ? '' : (target && target.tagName ? describe(target) : 'another node');
          }
          if (guard.missed) { event.preventDefault(); event.stopImmediatePropagation(); }
        };
        types.forEach(type => window.addEventListener(type, handler, true));
        guard.remove = () => types.forEach(type => window.removeEventListener(type, handler, true));
        window.__labHitGuard = guard;
      }
    }
    """#
}
