// The hover inspector's script (`lab inspect --window`). Like the capture script it runs in an
// isolated world of its own (`__labInspector`): it shares the DOM with the app but none of its
// JavaScript. It listens — capture phase, passive, trusted events only — for the element under
// the pointer and reports it through the binding `__labInspect` (scoped to this world); the
// inspector answers with the element's recommended query, which this script shows in a label
// next to the element.
//
// The label changes nothing the page can see: it lives in a *closed* shadow root attached to
// <body>, whose only other content is a <slot> that renders body's own children as before. The
// page's DOM (document.querySelectorAll, MutationObserver, body.children) has no new node and no
// mutation; `document.body.shadowRoot` stays null (closed); the label is aria-hidden (not in the
// accessibility tree), takes no pointer events (never a hit-test target) and sits in the top
// layer (a manual popover), above the page's own stacking. The highlight of the element itself is
// drawn by DevTools' overlay, outside the page. When the body already has a shadow root (the
// page attached one) no label is shown: the query is still printed on the terminal.
(() => {
  const report = globalThis.__labInspect;
  if (typeof report !== 'function' || globalThis.__labInspectorInstalled) return;
  globalThis.__labInspectorInstalled = true;
  const send = (event) => {
    try { report(JSON.stringify(event)); } catch (error) { /* the inspector has gone */ }
  };
  const listen = (type, handler) => window.addEventListener(type, handler, { capture: true, passive: true });

  let active = true;
  const nodes = new Map();
  let sequence = 0;
  let hovered = null;
  globalThis.__labNode = (number) => nodes.get(number) || null;

  // Each change of the element under the pointer is one report; the inspector asks for its node
  // by number (Runtime.evaluate in this world, then DOM.describeNode).
  const pointed = (event) => {
    if (!active || !event.isTrusted) return;
    const target = event.composedPath ? event.composedPath()[0] : event.target;
    if (!target || target === hovered || target.nodeType !== 1) return;
    hovered = target;
    sequence += 1;
    nodes.set(sequence, target);
    if (nodes.size > 100) nodes.delete(nodes.keys().next().value);
    send({ kind: 'hover', node: sequence });
  };
  listen('pointerover', pointed);
  listen('pointermove', pointed);

  // The label: built once, on the first query shown in this document.
  let host = null;
  let shadow = null;
  let label = null;
  let shownFor = null;
  const ensureLabel = () => {
    if (label && host === document.body && label.isConnected) return label;
    label = null;
    const body = document.body;
    if (!body) return null;
    let root = host === body ? shadow : null;
    if (!root) {
      // A body with a shadow root of the page's own (open or closed) is left alone.
      if (body.shadowRoot) return null;
      try { root = body.attachShadow({ mode: 'closed' }); } catch (error) { return null; }
      root.appendChild(document.createElement('slot'));
      host = body;
      shadow = root;
    }
    label = document.createElement('div');
    label.setAttribute('aria-hidden', 'true');
    if (typeof label.showPopover === 'function') label.setAttribute('popover', 'manual');
    label.style.cssText = [
      'all: initial', 'position: fixed', 'z-index: 2147483647', 'pointer-events: none', 'display: none',
      'margin: 0', 'inset: auto', 'box-sizing: border-box', 'max-width: calc(100vw - 8px)',
      'padding: 3px 6px', 'border: 0', 'border-radius: 4px', 'background: rgba(20, 24, 31, 0.92)',
      'color: #fff', 'font: 12px/1.35 ui-monospace, "DejaVu Sans Mono", monospace',
      'white-space: pre-wrap', 'overflow-wrap: anywhere', 'box-shadow: 0 1px 4px rgba(0, 0, 0, 0.4)',
    ].join('; ');
    root.appendChild(label);
    return label;
  };

  // Below the element when it fits, else above it, else inside its top edge; kept in the viewport.
  const place = () => {
    if (!label || !shownFor) return;
    if (!shownFor.isConnected) { hide(); return; }
    const box = shownFor.getBoundingClientRect();
    const width = label.offsetWidth, height = label.offsetHeight;
    const viewWidth = document.documentElement.clientWidth || window.innerWidth;
    const viewHeight = document.documentElement.clientHeight || window.innerHeight;
    let top = box.bottom + 4;
    if (top + height > viewHeight) top = box.top - height - 4;
    if (top < 0) top = Math.max(0, Math.min(box.top, viewHeight - height));
    const left = Math.max(4, Math.min(box.left, viewWidth - width - 4));
    label.style.left = `${Math.round(left)}px`;
    label.style.top = `${Math.round(top)}px`;
  };

  const hide = () => {
    shownFor = null;
    if (!label) return;
    label.style.display = 'none';
    try { if (label.matches(':popover-open')) label.hidePopover(); } catch (error) { /* not a popover */ }
  };

  // Called by the inspector (Runtime.callFunctionOn with the element's node as `this`).
  globalThis.__labInspectShow = (node, text) => {
    if (!active) return false;
    const shown = ensureLabel();
    if (!shown || !node || !node.isConnected) { hide(); return false; }
    shown.textContent = text;
    shown.style.display = 'block';
    try { if (!shown.matches(':popover-open')) shown.showPopover(); } catch (error) { /* stays fixed */ }
    shownFor = node;
    place();
    return true;
  };
  globalThis.__labInspectHide = hide;

  // What the window shows: the label's text and box, or null when none is shown.
  globalThis.__labInspectLabel = () => {
    if (!label || !shownFor || !label.isConnected || label.style.display === 'none') return null;
    const box = label.getBoundingClientRect();
    const target = shownFor.getBoundingClientRect();
    return {
      text: label.textContent,
      box: { x: box.x, y: box.y, width: box.width, height: box.height },
      element: { x: target.x, y: target.y, width: target.width, height: target.height },
    };
  };

  // Ends inspection in this document: the label is removed (the empty closed shadow root and its
  // slot stay — a shadow root cannot be detached — and render body's children as before).
  globalThis.__labInspectEnd = () => {
    active = false;
    hide();
    if (label) label.remove();
    label = null;
    nodes.clear();
    hovered = null;
  };

  listen('scroll', () => place());
  window.addEventListener('resize', () => place(), { passive: true });
  send({ kind: 'load' });
})();
