// Called on an element (a text node stands for its parent element). The one hit test of
// UIAutomation: an action's check and `isHittable` both run it.
//
// mode 'action': scrolls the element into view when needed, checks it is visible, stable and the
// hit target at the action point (offsets are fractions of its box), and with `guardHits` guards
// the next press. mode 'hitTest': the same visibility and hit test, as the page is now (no
// scrolling, no waiting for a frame).
//
// Returns { state, x, y, by }: state 'ok', 'detached', 'invisible', 'unstable', 'offscreen' or
// 'covered' (then `by` describes what covers it, named by `identifierAttribute` or its id).
(async function (offsetX, offsetY, guardHits, mode, identifierAttribute) {
  const element = this.nodeType === Node.ELEMENT_NODE ? this : this.parentElement;
  if (!element || !element.isConnected) return { state: 'detached' };
  const acting = mode !== 'hitTest';
  const box = () => element.getBoundingClientRect();
  let rect = box();
  if (acting) {
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
    // A finite animation on the element or an ancestor (a push transition, a slide-in) moves it
    // until it ends: not stable, whatever two frames say (under load two frames can show the
    // same animation time).
    const carried = running.some(a => {
      const target = a.effect && a.effect.target;
      if (!target || !(target === element || contains(target, element))) return false;
      return isFinite(a.effect.getComputedTiming().endTime);
    });
    if (carried) return { state: 'unstable' };
    if (running.length > 0) {
      await new Promise(done => (window.__lab ? window.__lab.rawRequestFrame : requestAnimationFrame)(() => done()));
      const next = box();
      if (next.x !== rect.x || next.y !== rect.y || next.width !== rect.width || next.height !== rect.height)
        return { state: 'unstable' };
      rect = next;
    }
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
  const hit = hitTarget(x, y);
  if (hit === element || (hit && contains(element, hit)) || labels(hit, element)) {
    if (acting && guardHits) guardHitTarget(element);
    return { state: 'ok', x, y };
  }
  return { state: 'covered', x, y, by: describe(hit) };

  // Whether `node` is (inside) a <label> of `control`: a touch there reaches the control, as a
  // check box styled behind its own label is toggled by a tap on the label.
  function labels(node, control) {
    const label = node && node.closest && node.closest('label');
    return !!label && label.control === control;
  }

  // The element a touch at (x, y) reaches: looked up through open shadow roots, as the event's
  // composed path would start (document.elementFromPoint stops at a shadow host).
  function hitTarget(x, y) {
    let hit = document.elementFromPoint(x, y);
    while (hit && hit.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  }

  // Whether `node` is `ancestor` or inside it, across shadow boundaries.
  function contains(ancestor, node) {
    for (let current = node; current; current = current.parentNode || current.host) {
      if (current === ancestor) return true;
    }
    return false;
  }

  function describe(node) {
    if (!node) return 'nothing';
    let text = node.tagName.toLowerCase();
    const id = (identifierAttribute && node.getAttribute(identifierAttribute)) || node.id;
    if (id) text += ' "' + id + '"';
    if (node.classList.length) text += ' .' + [...node.classList].join('.');
    const words = (node.innerText || '').trim().slice(0, 40);
    if (words) text += ' (' + JSON.stringify(words) + ')';
    return text;
  }

  // The layout can change between this check and the press (a framework re-rendering after the
  // previous action, a hash route): the press then lands on something else. Until the next
  // check, the first pointer event decides: if its target is not the element, that event and the
  // rest of the press are stopped before the page sees them, and the action is retried (see
  // takeHitGuard.js).
  function guardHitTarget(element) {
    if (window.__labHitGuard) window.__labHitGuard.remove();
    const types = ['pointerdown', 'mousedown', 'touchstart', 'pointerup', 'mouseup', 'touchend', 'click'];
    const guard = { missed: null };
    const handler = event => {
      if (guard.missed === null) {
        const path = event.composedPath(), target = path[0];
        guard.missed = path.includes(element) || labels(target, element) ? ''
          : (target && target.tagName ? describe(target) : 'another node');
      }
      if (guard.missed) { event.preventDefault(); event.stopImmediatePropagation(); }
    };
    types.forEach(type => window.addEventListener(type, handler, true));
    guard.remove = () => types.forEach(type => window.removeEventListener(type, handler, true));
    window.__labHitGuard = guard;
  }
})
