// Installed in every new document (Page.addScriptToEvaluateOnNewDocument): counts requests in
// flight (fetch and XHR, each until its response is complete, a fetch's body read included; an
// event stream only until its headers arrive) and answers "is the page idle?" — loaded, nothing in flight, no finite
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
  // A fetch settles when the headers arrive; the body is read after. A read the app starts
  // (in the same microtask checkpoint, so no idle check falls between) counts until it ends.
  if (window.Response) {
    for (const name of ['arrayBuffer', 'blob', 'bytes', 'formData', 'json', 'text']) {
      const read = Response.prototype[name];
      if (typeof read !== 'function') continue;
      Response.prototype[name] = function (...args) {
        lab.inflight++;
        return read.apply(this, args).finally(() => { lab.inflight--; });
      };
    }
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
  // The app's own reaction to input. A tap or a key is handled at once, but an app often answers
  // it a little later: a hash route re-renders on `hashchange` (a task after the click), a
  // framework renders in the next animation frame or a short timer. A read straight after the
  // action must see that answer, as XCUITest's wait for the app's run loop to go quiet sees an
  // iOS app's. So: a fragment navigation whose `hashchange` has not fired yet keeps the page
  // busy, and so do the short timers (≤ 100 ms) and animation frames the page queues while it
  // handles input (for 50 ms after an input event) and, from those, up to three tasks deep — a
  // chain a perpetual loop cannot stretch past three frames. Untracked after a second at most.
  const rawSetTimeout = window.setTimeout.bind(window), rawClearTimeout = window.clearTimeout.bind(window);
  const rawRequestFrame = window.requestAnimationFrame.bind(window), rawCancelFrame = window.cancelAnimationFrame.bind(window);
  lab.rawSetTimeout = rawSetTimeout;
  lab.rawRequestFrame = rawRequestFrame;
  const reaction = { until: 0, started: -Infinity, pending: 0, depth: 0 };
  const startReaction = () => {
    reaction.started = performance.now();
    reaction.until = reaction.started + 50;
  };
  for (const type of ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click', 'touchstart', 'touchend', 'keydown',
                      'keyup', 'input', 'change', 'submit', 'hashchange', 'popstate']) {
    addEventListener(type, startReaction, true);
  }
  // Wraps a scheduler (setTimeout, requestAnimationFrame) so that what is queued in reaction to
  // input is counted until it has run or been cancelled.
  const tracking = (schedule, cancel, delayOf) => {
    const tracked = new Set();
    const wrapped = function (callback, ...rest) {
      const depth = reaction.depth + 1;
      const reacting = reaction.depth > 0 || performance.now() < reaction.until;
      if (typeof callback !== 'function' || !reacting || depth > 3 || delayOf(rest) > 100) return schedule(callback, ...rest);
      reaction.pending++;
      const id = schedule(function (...args) {
        if (!tracked.delete(id)) return callback.apply(this, args);
        const outer = reaction.depth;
        reaction.depth = depth;
        try { return callback.apply(this, args); } finally { reaction.depth = outer; reaction.pending--; }
      }, ...rest);
      tracked.add(id);
      return id;
    };
    const cancelling = function (id) {
      if (tracked.delete(id)) reaction.pending--;
      return cancel(id);
    };
    return [wrapped, cancelling];
  };
  [window.setTimeout, window.clearTimeout] = tracking(rawSetTimeout, rawClearTimeout, rest => +rest[0] || 0);
  [window.requestAnimationFrame, window.cancelAnimationFrame] = tracking(rawRequestFrame, rawCancelFrame, () => 0);
  // The URL as of the last hash change, history entry or load the page has handled.
  let settledHref = location.href, unsettledSince = null;
  const settle = () => { settledHref = location.href; unsettledSince = null; };
  for (const type of ['hashchange', 'load']) addEventListener(type, settle, true);
  // A fragment navigation fires `popstate` and then, a task later, `hashchange`: only the
  // second means the page has handled it. A history step within the same fragment fires only
  // `popstate`.
  const hashOf = href => { const at = href.indexOf('#'); return at < 0 ? '' : href.slice(at); };
  addEventListener('popstate', () => { if (hashOf(location.href) === hashOf(settledHref)) settle(); }, true);
  for (const name of ['pushState', 'replaceState']) {
    const original = history[name];
    history[name] = function (...args) {
      const result = original.apply(this, args);
      settle();
      startReaction();
      return result;
    };
  }
  const reactionProblem = () => {
    if (location.href !== settledHref) {
      if (unsettledSince === null) unsettledSince = performance.now();
      if (performance.now() - unsettledSince < 1000) return 'the page has not handled its hash change yet';
    }
    if (reaction.pending > 0 && performance.now() - reaction.started < 1000)
      return reaction.pending + ' task(s) the app queued in reaction to input still to run';
    return null;
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
  // A CSS longhand (kebab-case) that changes neither a box nor the accessibility tree.
  const paintsOnly = name => decorative.has(camel(name)) || name === 'z-index' ||
    /^(background|transition|text-decoration|outline)(-|$)|^border-[a-z-]*color$/.test(name);
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
    const reacting = reactionProblem();
    if (reacting) return reacting;
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
  // Since the last read (lab.beginRead), which elements' accessibility subtrees DOM mutations
  // may have changed (`roots`), or `full` when a change may reach beyond those subtrees and
  // their ancestors (anything but a mutation, a mutation in a shadow tree or the head, an
  // attribute CSS or accessibility reads, ...). PageDriver refreshes only those subtrees.
  // A childList change logs its parent in `parents` and the elements it added in `added`: a
  // block container's own node and its new children are read, not all it holds.
  let log = { full: true, roots: new Set(), parents: new Set(), added: new Set(), ids: [], elements: false, attributes: [], states: new Set(), scrolled: false };
  const bump = () => { lab.version++; log.full = true; };
  const note = records => {
    lab.version++;
    for (const record of records) {
      if (log.full) return;
      const target = record.target;
      if (!target.isConnected || target.getRootNode() !== document) { log.full = true; return; }
      if (record.type === 'attributes') {
        log.attributes.push(record);
        continue;
      }
      const root = record.type === 'characterData' ? target.parentElement : target;
      if (!(root instanceof Element)) { log.full = true; return; }
      if (record.type === 'childList') {
        for (const node of [...record.addedNodes, ...record.removedNodes]) {
          if (node.nodeType !== Node.ELEMENT_NODE) continue;
          log.elements = true;
          // A label that comes or goes renames the control its `for` names, wherever that is. A
          // control nested in it, or named inside the same subtree, comes and goes with it;
          // a label that names nothing (a todo item's text) renames nothing.
          for (const label of node.tagName === 'LABEL' ? [node, ...node.querySelectorAll('label')] : node.querySelectorAll('label')) {
            const control = label.htmlFor ? document.getElementById(label.htmlFor) : null;
            if (control && !node.contains(control)) { log.full = true; return; }
          }
        }
        for (const node of record.addedNodes) if (node.nodeType === Node.ELEMENT_NODE) log.added.add(node);
        for (const node of [...record.addedNodes, ...record.removedNodes]) {
          if (node.nodeType !== Node.ELEMENT_NODE) continue;
          if (node.id) log.ids.push({ id: node.id, within: node });
          for (const inner of node.querySelectorAll('[id]')) log.ids.push({ id: inner.id, within: node });
        }
        log.parents.add(root);
      } else {
        log.roots.add(root);
      }
      if (log.roots.size + log.parents.size + log.added.size + log.states.size > 32) { log.full = true; return; }
    }
  };
  const observer = new MutationObserver(note);
  const watch = root => observer.observe(root, {
    subtree: true, childList: true, attributes: true, attributeOldValue: true, characterData: true,
  });
  watch(document);
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (...args) {
    const root = attachShadow.apply(this, args);
    lab.shadowRoots = true;
    watch(root);
    return root;
  };
  // Something worked out from each style sheet's rules (`work`), kept in `cache` while the
  // sheet's rules and the viewport stay (serializing a framework's thousands of rules took
  // ~10 ms a read); `null` for a sheet that cannot be read.
  const perSheet = (cache, work) => [...document.styleSheets, ...(document.adoptedStyleSheets || [])].map(sheet => {
    let rules;
    try { rules = sheet.cssRules; } catch (error) { return null; }
    const key = rules.length + ':' + innerWidth + 'x' + innerHeight;
    let known = cache.get(sheet);
    if (!known || known.key !== key) cache.set(sheet, known = { key, value: work(rules) });
    return known.value;
  });
  // Rules for other media (print: Bootstrap prints links' addresses after them) do not apply.
  const forThisMedium = rule => !(rule instanceof CSSMediaRule) || matchMedia(rule.conditionText).matches;
  // All the page's CSS as text (null when a sheet cannot be read), for "can CSS see this?";
  // rules for other media are left out.
  const sheetTexts = new WeakMap();
  const cssText = () => {
    const texts = perSheet(sheetTexts, rules => [...rules].filter(forThisMedium).map(rule => rule.cssText + '\n').join(''));
    return texts.includes(null) ? null : texts.join('');
  };
  // Whether a rule generates text (::before, ::after `content`) with collapsible white space at
  // an edge of other text, or from an attribute: Chrome trims such text where a line ends, so
  // any change that moves a line break — anywhere in its formatting context — renames it
  // (measured on the randomized read-equivalence pages). Such pages are read whole. White space
  // alone (a clearfix's `content: " "`) and no-break spaces do not count. A sheet that cannot be
  // read counts as none (as for text changes, whose reads never look at the CSS).
  const spacedIn = rules => {
    for (const rule of rules) {
      const content = rule.style && rule.style.getPropertyValue('content');
      if (content && (/attr\(/.test(content) || [...content.matchAll(/"((?:[^"\\]|\\.)*)"/g)].some(m => /[^ \t\n\r\f]/.test(m[1]) && /^[ \t\n\r\f]|[ \t\n\r\f]$/.test(m[1])))) return true;
      try { if (rule.styleSheet && spacedIn(rule.styleSheet.cssRules)) return true; } catch (error) { /* unreadable */ }
      if (forThisMedium(rule) && rule.cssRules && spacedIn(rule.cssRules)) return true;
    }
    return false;
  };
  const spacedSheets = new WeakMap();
  const spacedContent = () => perSheet(spacedSheets, spacedIn).includes(true);
  const relations = ['aria-labelledby', 'aria-describedby', 'aria-owns', 'aria-controls', 'aria-activedescendant',
                     'aria-details', 'aria-errormessage', 'aria-flowto', 'aria-actions'];
  // Whitespace at the edges of a text collapses or not with its neighbours in the same line
  // box (measured: adding an element after a text trims its trailing space), so a change is
  // widened to its nearest block container: the whole inline formatting context it is in.
  // An inline-block (a button, a field) holds a formatting context of its own: a change inside
  // it collapses no white space outside it, so it is a container here.
  const inline = node => {
    const display = getComputedStyle(node).display;
    return (display.startsWith('inline') && !/^inline-(block|flex|grid|table)$/.test(display)) || display === 'contents';
  };
  const block = node => {
    while (node.parentElement && node.parentElement !== document.documentElement && inline(node)) node = node.parentElement;
    return node;
  };
  // Attributes whose change reaches beyond the element's parent's subtree and its ancestors:
  // ids and the relations that name them, form and radio-group membership, checked and
  // selected (a radio's group, a select's options), slots, table headers and spans.
  const farReaching = new Set(['id', 'for', 'form', 'name', 'type', 'checked', 'selected', 'slot', 'list', 'headers',
                               'usemap', 'colspan', 'rowspan', 'span', 'is', 'part', 'exportparts',
                               'aria-modal', 'aria-posinset', 'aria-setsize', ...relations]);
  // Whether the logged mutations can be read as "these subtrees changed, and their
  // ancestors' names": false sends the read to the whole tree; else `{ siblingStyles,
  // restyled, restyledControls }` (below). `byState`: elements a state rule restyled.
  const partial = byState => {
    let siblingStyles = false;
    if (log.full || lab.shadowRoots || document.querySelector('[aria-owns]') || spacedContent()) return false;
    let css;
    const css_ = () => (css === undefined ? (css = cssText()) : css);
    // An attribute nothing reads (a data-* attribute CSS does not mention, class names CSS
    // does not mention, with no attribute selector in it) changes nothing. Any other attribute
    // changes the element's own node and what CSS reaches from it: its subtree (descendant
    // combinators, inherited styles) and its later siblings' (`+`, `~`), all inside its parent,
    // read whole (`restyled`) — unless it is one that reaches further (`farReaching`), a
    // dialog's `open` (a modal one makes the rest inert), or an inline style with a counter.
    const restyled = new Set();
    // Roots a deep read at the element's parent's block container; false past 32 roots, or at
    // the document's root or body (the whole page).
    const restyle = element => {
      const root = block(element.parentElement || element);
      if (root === document.documentElement || root === document.body) return false;
      restyled.add(root);
      return restyled.size <= 32;
    };
    for (const record of log.attributes) {
      const name = record.attributeName, target = record.target;
      const text = css_();
      if (text === null) return false;
      if (!target.isConnected) continue;
      if (name === 'class' && !text.includes('[')) {
        const before = new Set((record.oldValue || '').split(/\s+/).filter(Boolean));
        const after = new Set((target.getAttribute('class') || '').split(/\s+/).filter(Boolean));
        if (![...before, ...after].some(token => before.has(token) !== after.has(token) && text.includes(token))) continue;
      } else if (name.startsWith('data-') && !text.includes(name)) {
        continue;
      }
      if (farReaching.has(name) || (name === 'open' && target.tagName === 'DIALOG') ||
          (name === 'style' && /counter/.test((record.oldValue || '') + (target.getAttribute('style') || '')))) return false;
      if (!restyle(target)) return false;
    }
    // An element a state rule (`:hover`, `:focus-within`, …) restyled, as if its attributes had changed.
    for (const element of byState) if (!restyle(element)) return false;
    // `:has` restyles ancestors and earlier siblings; a counter, anything after.
    if (restyled.size > 0 && /:has|counter/.test(css_())) return false;
    // Elements added or removed can restyle their ancestors and anything after them through
    // `:has`, `:empty` and counters: the read is whole. Sibling and position selectors (`+`,
    // `~`, `:nth-…`, `:first-…`, …, and `:not`/`:is`/`:where`, attribute selectors, which may hold
    // them) reach only the changed parent's children and what lies inside them: such a parent
    // is read whole (`siblingStyles`), never shallow.
    if (log.elements) {
      const text = css_();
      if (text === null || /:(has|empty)|counter/.test(text)) return false;
      siblingStyles = /[+~]|:(nth|first|last|only|not|is|where)|\[/.test(text);
    }
    // The elements that name the one with this id through a relation (aria-labelledby, …), or
    // with `labels`, as a <label for>: every naming element is found once per read (a restyled
    // subtree may hold many ids), not a query per id.
    let naming;
    const namers = (id, labels) => {
      if (naming === undefined) {
        naming = new Map();
        const add = (id, namer, label) => { if (!naming.has(id)) naming.set(id, []); naming.get(id).push({ namer, label }); };
        for (const namer of document.querySelectorAll(relations.map(name => '[' + name + ']').join(',') + ',label[for]')) {
          for (const name of relations) for (const id of (namer.getAttribute(name) || '').split(/\s+/)) if (id) add(id, namer, false);
          if (namer instanceof HTMLLabelElement && namer.htmlFor) add(namer.htmlFor, namer, true);
        }
      }
      return (naming.get(id) || []).filter(entry => labels || !entry.label).map(entry => entry.namer);
    };
    const named = (id, labels) => namers(id, labels).length > 0;
    // A mutation inside a label renames its control; a focus or value change stays in the
    // element and its ancestors (read with it), even inside a label.
    const mutated = [...log.roots, ...log.parents, ...restyled].map(root => [root, 'head, style, script, template, label, legend, slot']);
    const states = [...log.states].map(root => [root, 'head, template, slot']);
    for (const [root, outside] of [...mutated, ...states]) {
      if (!root.isConnected) continue;
      if (root.closest(outside)) return false;
      // A value inside a label that names another control is part of that control's name.
      const label = root.closest('label');
      if (label && label.control && label.control !== root) return false;
      // Text that names or describes another element (aria-labelledby, ...). A <label for> of
      // the root or an ancestor names that control with the label's own text, which did not change.
      for (let node = root; node; node = node.parentElement) {
        if (node.id && named(node.id, false)) return false;
      }
    }
    // A restyled subtree may hide or show text that names an element outside it: a label of a
    // control outside it, an element another one outside it names by id.
    for (const root of restyled) {
      for (const label of root.querySelectorAll('label')) {
        if (label.control && !root.contains(label.control)) return false;
      }
      for (const inner of root.querySelectorAll('[id]')) {
        if (namers(inner.id, true).some(namer => !root.contains(namer))) return false;
      }
    }
    // Elements that came or went with an id an element outside them names (a label and its
    // control added together, as a list's first item brings a "toggle all" box, rename nothing
    // outside what is read whole).
    if (log.ids.some(({ id, within }) => namers(id, true).some(namer => !within.contains(namer)))) return false;
    // A restyled form control or form part may change its form's validity, which CSS reads
    // on the form and fieldsets (`:invalid`): as for a value, the read is partial only when
    // what such rules restyle is known (`stateRestyled`).
    const restyledControls = [...restyled].some(root =>
      root.closest('form, fieldset') !== null || root.querySelector('input, select, textarea, button, fieldset, form') !== null);
    return { siblingStyles, restyled: [...restyled], restyledControls };
  };
  // Input — the pointer moving, a press, a key — changes no DOM and fires none of the events
  // counted below when all it changes is `:hover` or `:focus-visible` styling (`:target` comes
  // with hashchange, and `:active` ends with the release, before any read). Focus moving and a
  // field's value changing (typing, a check box, a choice) are logged as changes to the elements
  // concerned (`changed` below), but they also change `:focus…`, `:checked`, `:invalid` and like
  // styling. Such styling changes the tree or a box only through a rule under one of those
  // pseudo-classes that sets more than paint (a menu shown on hover or on focus-within, an error
  // shown while a field is invalid), and only on the elements that selector matches. So each
  // read notes what every such selector matches (`stateMatches`); an element matched at one read
  // and not at the next, or the reverse, was restyled (`stateRestyled`) and is read again as if
  // its attributes had changed — a hovered list item's delete button, shown by
  // `li:hover .destroy { display: block }`, reads that item's row again, not the page. Sheets
  // that cannot be read, rules nested under such a selector, selectors that cannot be queried
  // and shadow trees (whose sheets are not here) leave it unknown: after input, or after a
  // focus or value change, such a page is read whole.
  const stateful = /:(hover|focus|focus-visible|focus-within|checked|indeterminate|placeholder-shown|valid|invalid|user-valid|user-invalid|in-range|out-of-range|blank|autofill)(?![\w-])/;
  const always = {};
  // The complex selectors of a selector list (split at top-level commas).
  const complexSelectors = list => {
    const parts = [];
    let depth = 0, quote = null, start = 0;
    for (let i = 0; i < list.length; i++) {
      const c = list[i];
      if (quote) { if (c === '\\') i++; else if (c === quote) quote = null; continue; }
      if (c === '"' || c === "'") quote = c;
      else if (c === '(' || c === '[') depth++;
      else if (c === ')' || c === ']') depth--;
      else if (c === ',' && depth === 0) { parts.push(list.slice(start, i)); start = i + 1; }
    }
    parts.push(list.slice(start));
    return parts.map(part => part.trim()).filter(Boolean);
  };
  const setsLayout = style => {
    for (let i = 0; i < style.length; i++) if (!paintsOnly(style[i])) return true;
    return false;
  };
  // Collects into `out` the selectors under which a rule sets more than paint (`always` for a
  // relative one, nested in a style rule); false when a sheet cannot be read.
  const collect = (rules, nested, inherited, out) => {
    for (const rule of rules) {
      const own = typeof rule.selectorText === 'string';
      let under = inherited;
      if (own && stateful.test(rule.selectorText)) under = true;
      if (typeof rule.start === 'string' && stateful.test(rule.start + ' ' + (rule.end || ''))) under = true;  // @scope
      if (under && rule.style && setsLayout(rule.style)) {
        if (nested || !own) { out.push(always); } else {
          for (const selector of complexSelectors(rule.selectorText)) if (stateful.test(selector)) out.push(selector);
        }
      }
      try {
        if (rule.styleSheet && !collect(rule.styleSheet.cssRules, nested, under, out)) return false;  // @import
      } catch (error) { return false; }
      // @media, @layer, @supports keep their rules' own selectors; a style rule's nested rules are relative.
      if (rule.cssRules && !collect(rule.cssRules, nested || own, under, out)) return false;
    }
    return true;
  };
  const layoutStateful = new WeakMap();  // sheet → its selectors (null: a sheet that cannot be read)
  // What each such selector matches now: selector → its elements, or null when that cannot be
  // known (a sheet that cannot be read, a nested rule, a shadow tree, a selector this engine
  // cannot query, such as one with a pseudo-element).
  const stateSelectors = () => perSheet(layoutStateful, rules => { const out = []; return collect(rules, false, false, out) ? out : null; });
  const stateMatches = () => {
    if (lab.shadowRoots) return null;
    const matches = new Map();
    for (const selectors of stateSelectors()) {
      if (selectors === null) return null;
      for (const selector of selectors) {
        if (selector === always) return null;
        if (matches.has(selector)) continue;
        try { matches.set(selector, new Set(document.querySelectorAll(selector))); } catch (error) { return null; }
      }
    }
    return matches;
  };
  // The elements such a rule restyled between two reads — matched by a selector at one and not
  // at the other (a rule that matches the same element at both changed nothing there) — or null
  // when either side is unknown.
  const stateRestyled = (before, now) => {
    if (before === null || now === null) return null;
    const out = new Set();
    const compare = (from, to) => {
      for (const [selector, elements] of from) {
        const other = to.get(selector);
        for (const element of elements) if (element.isConnected && !(other && other.has(element))) out.add(element);
      }
    };
    compare(before, now);
    compare(now, before);
    return out;
  };
  let stateMatched = null;  // at this document's last read; unknown before the first
  // Starts a read: the stamp, and what changed since read `base` (this is read `read`). The
  // changed subtrees' roots stay in lab.readRoots (the outermost ones only) until the next read.
  // `identifiers`: whether an element's `identifierAttribute` (a data-* attribute, else any
  // change to it sends the read whole) changed, which no subtree root records.
  lab.reads = 0;
  // `afterInput`: the driver sent input since the tree it holds was read; `inputSafe` answers
  // whether that tree can still be reused or refreshed in part (see `stateRestyled`).
  lab.beginRead = (identifierAttribute, afterInput) => {
    const matches = stateMatches();
    const byState = stateRestyled(stateMatched, matches);
    if (byState !== null && byState.size > 0) lab.version++;  // no event told of it
    const stamp = lab.stamp();
    const bounds = partial(byState || []);
    const canPartial = bounds !== false && !((log.states.size > 0 || bounds.restyledControls) && byState === null);
    const deep = new Set([...log.roots, ...log.states].filter(root => root.isConnected).map(block));
    if (bounds) for (const root of bounds.restyled) deep.add(root);
    // A block container whose children came or went: its own node (with its children's nodes)
    // is read, and in full only its new element children and its inline ones (whose text
    // may collapse differently); its block children's subtrees did not change. Too many inline
    // children, or an inline parent: the whole formatting context is read; so is a list,
    // whose items' markers count their siblings.
    // A container with block children only and no text of its own that renders (collapsible
    // white space only; generated content sends it whole, below) is *lean*: its children's
    // nodes cannot have changed (its new children are read whole anyway), so only its own node
    // and its ancestors are read — its children list may be thousands long.
    // Generated content (::before, ::after) is an inline child whose text collapses with its
    // neighbours': its container is read whole.
    const generates = element => ['::before', '::after'].some(pseudo => {
      const content = getComputedStyle(element, pseudo).content;
      return content !== 'none' && content !== 'normal';
    });
    const rendersNoText = (parent, displays) => {
      const style = getComputedStyle(parent);
      const collapse = style.whiteSpaceCollapse ? style.whiteSpaceCollapse === 'collapse' : /^(normal|nowrap)$/.test(style.whiteSpace);
      if (!collapse || displays.some(display => display.startsWith('inline') || display === 'contents')) return false;
      for (const node of parent.childNodes) {
        if (node.nodeType === Node.TEXT_NODE && /[^ \t\n\r\f]/.test(node.data)) return false;
      }
      return true;
    };
    const shallow = new Set(), lean = new Set();
    for (const parent of log.parents) {
      if (!parent.isConnected) continue;
      const container = block(parent);
      const children = [...parent.children];
      const styles = container === parent ? children.map(child => getComputedStyle(child)) : [];
      const displays = styles.map(style => style.display);
      // A hidden child (an ignored node) may hold visible descendants the tree lifts to the
      // nearest shown ancestor, and its siblings decide where: its container is read whole.
      const inner = container === parent && !styles.some(style => style.visibility !== 'visible' || style.display.includes('list-item'))
        ? children.filter((child, index) => log.added.has(child) || displays[index].startsWith('inline') || displays[index] === 'contents')
        : null;
      if (inner === null || inner.length > 8 || (bounds && bounds.siblingStyles) || generates(parent)) { deep.add(container); continue; }
      (rendersNoText(parent, displays) ? lean : shallow).add(parent);
      for (const child of inner) deep.add(child);
    }
    const outermost = [...deep].filter(root => ![...deep].some(other => other !== root && other.contains(root)));
    const outside = roots => [...roots].filter(root => !outermost.some(other => other.contains(root)));
    const shallowOnly = outside(shallow), leanOnly = outside(lean);
    // What a partial read would ask for, which the driver weighs against a whole read: the
    // elements of the deep roots' subtrees, and how many levels deep they go (each level is a
    // round trip). Counted up to a few hundred elements: past that, a partial read wins.
    let weight = 0, levels = 0;
    if (canPartial) {
      for (const root of outermost) {
        weight += 1;
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
        let depth = 0;
        while (weight < 400) {
          if (walker.firstChild()) depth++;
          else {
            while (depth > 0 && !walker.nextSibling()) { walker.parentNode(); depth--; }
            if (depth === 0) break;  // back at the root: its subtree is counted
          }
          weight++;
          levels = Math.max(levels, depth);
        }
      }
    }
    const identifiers = log.attributes.some(record => record.attributeName === identifierAttribute);
    const scrolled = log.scrolled;
    const base = lab.reads;
    lab.reads++;
    lab.readRoots = canPartial ? [...outermost, ...shallowOnly, ...leanOnly] : [];
    log = { full: false, roots: new Set(), parents: new Set(), added: new Set(), ids: [], elements: false, attributes: [], states: new Set(), scrolled: false };
    const inputSafe = afterInput ? byState !== null : null;
    stateMatched = matches;
    return { stamp, base, read: lab.reads, partial: canPartial, identifiers, inputSafe, scrolled,
             roots: canPartial ? outermost.length : 0, shallow: canPartial ? shallowOnly.length : 0,
             lean: canPartial ? leanOnly.length : 0, weight, levels };
  };
  // Focus moving changes the `focused` state of the element that lost it and the one that
  // gained it (and of the document's root, their ancestor); a value changing by input changes
  // the field (and the names of its ancestors, read with it), and for a radio button every
  // button of its group. Logged as changed subtrees; `partial` sends the read whole when state
  // styling may reach further (`stateRestyled`), and an element with an active descendant, a
  // frame or a shadow tree's host sends it whole at once.
  const changed = element => {
    lab.version++;
    if (log.full) return;
    // An element out of the document (a framework setting a new row's check box before it
    // inserts the row) is in no tree: its insertion, a mutation, is what the read sees.
    if (element instanceof Element && !element.isConnected) return;
    if (!(element instanceof Element) || !element.isConnected || element.getRootNode() !== document ||
        element.shadowRoot || element.hasAttribute('aria-activedescendant') ||
        /^(IFRAME|FRAME|OBJECT|EMBED)$/.test(element.tagName)) { log.full = true; return; }
    log.states.add(element);
    if (log.roots.size + log.parents.size + log.added.size + log.states.size > 32) log.full = true;
  };
  addEventListener('focusin', event => changed(event.target), true);
  addEventListener('focusout', event => changed(event.target), true);
  const changedControl = target => {
    if (target instanceof HTMLInputElement && target.type === 'radio' && target.name && target.isConnected) {
      for (const radio of (target.form || document).querySelectorAll('input[type=radio]')) {
        if (radio.name === target.name && radio.form === target.form) changed(radio);
      }
    }
    changed(target);
  };
  for (const type of ['input', 'change']) addEventListener(type, event => changedControl(event.target), true);
  // A value, check or choice set from script is the same change (an option's, its select's).
  for (const [proto, names] of [
    [HTMLInputElement.prototype, ['value', 'checked', 'indeterminate']],
    [HTMLTextAreaElement.prototype, ['value']],
    [HTMLSelectElement.prototype, ['value', 'selectedIndex']],
    [HTMLOptionElement.prototype, ['selected']],
  ]) {
    for (const name of names) {
      const property = Object.getOwnPropertyDescriptor(proto, name);
      if (!property || !property.set) continue;
      Object.defineProperty(proto, name, { ...property, set(value) {
        changedControl(this instanceof HTMLOptionElement ? (this.closest('select') || this) : this);
        property.set.call(this, value);
      } });
    }
  }
  // Scrolling moves boxes (`scrolled`: the next read reads them again) but no accessibility
  // node: what scrolling changes in the tree comes as mutations (lazy lists, scroll handlers),
  // logged as any other.
  // A scroll event comes a frame after the scroll, so the page's own scrolling calls count at
  // once, before a read can start in between.
  const scrolled = () => { lab.version++; log.scrolled = true; };
  addEventListener('scroll', scrolled, true);
  for (const target of [Element.prototype, window]) {
    for (const name of ['scroll', 'scrollTo', 'scrollBy', 'scrollIntoView', 'scrollIntoViewIfNeeded']) {
      const method = target[name];
      if (typeof method === 'function') target[name] = function (...args) { scrolled(); return method.apply(this, args); };
    }
  }
  for (const name of ['scrollTop', 'scrollLeft']) {
    const property = Object.getOwnPropertyDescriptor(Element.prototype, name);
    if (property && property.set) {
      Object.defineProperty(Element.prototype, name, { ...property, set(value) { scrolled(); property.set.call(this, value); } });
    }
  }
  for (const type of ['resize', 'toggle', 'animationstart', 'animationend', 'animationcancel', 'visibilitychange',
                      'fullscreenchange']) {
    addEventListener(type, bump, true);
  }
  // A resource that loads or fails (an image, a style sheet, a frame) may change boxes and the
  // tree; a script does so only through what it runs (mutations), and the document's own load
  // — which can come after the first read, now that reads start at the load — by nothing. An
  // element's load event never reaches the window (its path stops at the document): listened
  // for on the document, which the window's own load does not reach.
  for (const type of ['load', 'error']) {
    document.addEventListener(type, event => {
      if (event.target instanceof HTMLScriptElement) lab.version++; else bump(event);
    }, true);
  }
  // A page shown from the back/forward cache may be anything; a fresh load's pageshow (which can
  // come after the first read, now that reads start at the load) changes nothing by itself.
  addEventListener('pageshow', event => { if (event.persisted) bump(event); }, true);
  // A new fragment restyles only through `:target` (the scroll to it counts as scrolling; what
  // a router renders for it, as mutations).
  addEventListener('hashchange', event => {
    const text = cssText();
    if (text === null || text.includes(':target')) bump(event); else lab.version++;
  }, true);
  // A transition of a property that only paints (a hover's colour) changes no box and no node.
  for (const type of ['transitionrun', 'transitionend', 'transitioncancel']) {
    addEventListener(type, event => { if (!paintsOnly(event.propertyName)) bump(); }, true);
  }
  // Controls whose state the tree shows without an event counted above, once a press or a key
  // opens their picker (a select's list, a date or colour chooser).
  const pickers = /^(date|datetime-local|month|week|time|color|file)$/;
  for (const type of ['pointerdown', 'mousedown', 'click', 'keydown']) {
    addEventListener(type, event => {
      const target = event.target;
      const popup = target instanceof HTMLSelectElement && !target.multiple && target.size <= 1;  // a list box has none
      if (popup || (target instanceof HTMLInputElement && pickers.test(target.type))) bump();
    }, true);
  }
  if (document.fonts) document.fonts.addEventListener('loadingdone', bump);
  // The page's state as a string, or null while anything that moves layout animates (then
  // nothing is cached; a colour or opacity change is in neither the tree nor the boxes).
  lab.stamp = () => {
    const pending = observer.takeRecords();
    if (pending.length > 0) note(pending);
    if (document.getAnimations().some(a => a.playState === 'running' && lab.movesLayout(a))) return null;
    return lab.document + ':' + lab.version + ':' + scrollX + ',' + scrollY + ':' + innerWidth + 'x' + innerHeight;
  };
  // The sheets' texts, generated content and state rules are worked out once the page is idle
  // after its load, not in the first read after a change (a framework's sheets: 5–10 ms).
  addEventListener('load', () => {
    const warm = () => { cssText(); spacedContent(); stateSelectors(); };
    if (typeof requestIdleCallback === 'function') requestIdleCallback(warm, { timeout: 1000 }); else setTimeout(warm, 0);
  });
  lab.idle = async (budget) => {
    const end = performance.now() + budget;
    let problem = lab.problem();
    while (problem !== null && performance.now() < end) {
      // A frame at a time, or the budget's end if frames do not come (a page not yet
      // rendering, a starved renderer): the answer is due at the budget's end.
      await new Promise(done => {
        rawRequestFrame(() => done());
        rawSetTimeout(done, Math.max(0, end - performance.now()));
      });
      problem = lab.problem();
    }
    return problem;
  };
})();
