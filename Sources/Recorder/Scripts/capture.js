// The recorder's capture script. It runs in an isolated world of its own (Page.createIsolatedWorld
// for the document open when recording starts, Page.addScriptToEvaluateOnNewDocument with a
// worldName for every later one): it shares the DOM with the app but none of its JavaScript, so
// the app cannot see it and it cannot see the app's globals. It only listens — in the capture
// phase, passive, never calling preventDefault or stopPropagation — and reports what the person
// did through the binding `__labRecord` (Runtime.addBinding scoped to this world). It writes
// nothing to the DOM, to storage or to cookies.
(() => {
  const report = globalThis.__labRecord;
  if (typeof report !== 'function' || globalThis.__labRecorderInstalled) return;
  globalThis.__labRecorderInstalled = true;
  // This document's token, on every report: the recorder tags each element tree it reads with
  // the token it finds here before and after the read, and resolves a report only in a tree of
  // the report's own document (never in the one a press has already opened).
  // Reports are numbered (`seq`): the recorder reads [token, reports sent so far] before and
  // after each tree, so it knows which reports a tree was read before.
  const doc = Math.random().toString(36).slice(2) + Date.now().toString(36);
  let sent = 0;
  globalThis.__labDocumentState = () => [doc, sent];
  const send = (event) => {
    sent += 1;
    try { report(JSON.stringify({ ...event, doc, seq: sent })); } catch (error) { /* the recorder has gone: nothing to do */ }
  };
  const listen = (type, handler) => window.addEventListener(type, handler, { capture: true, passive: true });

  // Each report about an element carries a number; the recorder asks for that report's node
  // (Runtime.evaluate in this world) and maps it to its accessibility element with
  // DOM.describeNode. When the page has navigated away meanwhile, the node is gone: the report
  // also carries the node's box and the press point in document coordinates, which the
  // recorder finds in the element tree it last read of this document (`doc` above).
  const nodes = new Map();
  let sequence = 0;
  let pointer = { x: -1, y: -1 };
  globalThis.__labNode = (number) => nodes.get(number) || null;
  globalThis.__labNodeAtPointer = () => (pointer.x < 0 ? null : document.elementFromPoint(pointer.x, pointer.y));
  const about = (node, x, y) => {
    sequence += 1;
    nodes.set(sequence, node);
    if (nodes.size > 200) nodes.delete(nodes.keys().next().value);
    const box = node && node.getBoundingClientRect ? node.getBoundingClientRect() : null;
    const sx = window.scrollX, sy = window.scrollY;
    const identified = node && node.closest ? node.closest('[data-testid]') : null;
    return {
      node: sequence,
      box: box ? { x: box.x + sx, y: box.y + sy, width: box.width, height: box.height } : null,
      point: x === undefined ? null : { x: x + sx, y: y + sy },
      testid: identified ? identified.getAttribute('data-testid') : null,
    };
  };

  const isTextEntry = (node) => {
    if (!node || node.nodeType !== 1) return false;
    if (node.isContentEditable) return true;
    if (node.tagName === 'TEXTAREA') return true;
    if (node.tagName !== 'INPUT') return false;
    return !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image', 'hidden']
      .includes((node.type || '').toLowerCase());
  };
  const valueOf = (node) => (node.isContentEditable ? node.textContent : node.value) || '';

  // Each change of a field's text is reported as its value before and after; the recorder joins
  // a run of them into one typeText.
  const known = new WeakMap();
  listen('focusin', (event) => {
    if (isTextEntry(event.target)) known.set(event.target, valueOf(event.target));
  });

  listen('pointermove', (event) => { pointer = { x: event.clientX, y: event.clientY }; });

  listen('pointerdown', (event) => {
    if (!event.isTrusted) return;
    pointer = { x: event.clientX, y: event.clientY };
    send({ kind: 'press', button: event.button, ...about(event.target, event.clientX, event.clientY) });
  });

  listen('dblclick', (event) => {
    if (event.isTrusted) send({ kind: 'doubleClick', x: event.clientX, y: event.clientY });
  });

  listen('input', (event) => {
    const target = event.target;
    if (!event.isTrusted || !isTextEntry(target)) return;
    const before = known.has(target) ? known.get(target) : '';
    known.set(target, valueOf(target));
    send({ kind: 'input', before, value: valueOf(target), ...about(target) });
  });

  listen('change', (event) => {
    const target = event.target;
    if (!event.isTrusted || !target || target.tagName !== 'SELECT') return;
    const option = target.selectedOptions && target.selectedOptions[0];
    send({ kind: 'pick', value: option ? option.textContent.trim() : target.value, ...about(target) });
  });

  listen('keydown', (event) => {
    if (!event.isTrusted || event.repeat) return;
    const field = isTextEntry(event.target);
    // The value before this key: a page that changed the field from script since (cleared it
    // after Return) does not make the next typing look like deletions.
    if (field) known.set(event.target, valueOf(event.target));
    send({
      kind: 'key', key: event.key, code: event.code, inField: field,
      shift: event.shiftKey, ctrl: event.ctrlKey, alt: event.altKey, meta: event.metaKey,
      ...about(field ? event.target : null),
    });
  });

  listen('wheel', (event) => {
    if (!event.isTrusted) return;
    send({ kind: 'wheel', dx: event.deltaX, dy: event.deltaY, ...about(event.target, event.clientX, event.clientY) });
  });

  const navigation = performance.getEntriesByType('navigation')[0];
  send({ kind: 'load', url: location.href, type: navigation ? navigation.type : 'navigate' });
})();
