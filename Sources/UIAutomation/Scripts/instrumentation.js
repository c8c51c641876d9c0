// Installed in every new document (Page.addScriptToEvaluateOnNewDocument): counts requests in
// flight (fetch and XHR, each until its response is complete; an event stream only until its
// headers arrive) and answers "is the page idle?" — loaded, nothing in flight, no finite
// animation running that moves layout (colour, opacity and other paint-only animations do not
// count). Also keeps the change stamp PageDriver's snapshot cache relies on.
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
