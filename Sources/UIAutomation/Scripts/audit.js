// The page side of the accessibility audit (Application.performAccessibilityAudit).
// Called on the first of the element tree's DOM nodes with the options and the other nodes
// (the tree's elements in order). Returns the issues found, each
// { type, node, what, detail, measured }, where `node` is the index of the tree element the
// issue belongs to (the element itself, or the nearest ancestor in the tree; -1 for none).
// Checks (docs/accessibility-audit.md): contrast, hitRegion, textClipped, trait,
// elementDetection, duplicateIdentifier (DOM ids that names and labels refer to).
(function (options, ...others) {
  const treeNodes = [this, ...others];
  const index = new Map();
  treeNodes.forEach((node, i) => { if (node && !index.has(node)) index.set(node, i); });
  const wanted = new Set(options.types);
  const issues = [];
  const reported = new Set();

  // The tree element an issue about `element` belongs to: itself, one of its text nodes, or
  // the nearest ancestor (across shadow boundaries) that is in the tree.
  const treeIndexOf = (element) => {
    for (let node = element; node; node = node.parentNode || node.host) {
      if (index.has(node)) return index.get(node);
      if (node === element) {
        for (const child of node.childNodes || []) {
          if (child.nodeType === Node.TEXT_NODE && index.has(child)) return index.get(child);
        }
      }
    }
    return -1;
  };
  const describe = (element) => {
    const tag = element.localName;
    const testid = element.getAttribute(options.identifierAttribute);
    const id = element.id;
    const text = (element.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return tag + (testid ? '[' + options.identifierAttribute + '="' + testid + '"]' : id ? '#' + id : '') +
      (text ? ' "' + text + '"' : '');
  };
  const report = (type, element, detail, measured) => {
    const key = type + '|' + describe(element) + '|' + treeIndexOf(element);
    if (reported.has(key)) return;
    reported.add(key);
    issues.push({ type, node: treeIndexOf(element), what: describe(element), detail, measured: measured || null });
  };

  // Every element of the document and of its open shadow roots, in document order.
  const all = [];
  const collect = (root) => {
    for (const element of root.querySelectorAll('*')) {
      all.push(element);
      if (element.shadowRoot) collect(element.shadowRoot);
    }
  };
  collect(document);

  const hiddenFromTree = (element) => !!element.closest('[aria-hidden="true"]');
  const visible = (element) => {
    if (!element.checkVisibility || !element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const interactiveRoles = new Set(['button', 'link', 'switch', 'checkbox', 'radio', 'tab', 'menuitem', 'menuitemcheckbox',
    'menuitemradio', 'slider', 'spinbutton', 'combobox', 'textbox', 'searchbox', 'option', 'treeitem']);
  const nativeInteractive = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [contenteditable="true"]';
  const interactiveSelector = nativeInteractive + ', ' + Array.from(interactiveRoles).map((r) => '[role="' + r + '"]').join(', ');
  const isDisabled = (element) => element.matches(':disabled') || !!element.closest('[aria-disabled="true"], fieldset:disabled');

  // Colours: any CSS colour, read back as sRGB bytes through a 1×1 canvas (Chromium may
  // serialise computed colours as rgb(), color(srgb …) or oklch()).
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const colourCache = new Map();
  const rgba = (css) => {
    if (colourCache.has(css)) return colourCache.get(css);
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = '#000';
    context.fillStyle = css;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
    const colour = { r, g, b, a: a / 255 };
    colourCache.set(css, colour);
    return colour;
  };
  const over = (top, bottom) => {
    const a = top.a + bottom.a * (1 - top.a);
    if (a === 0) return { r: 0, g: 0, b: 0, a: 0 };
    const mix = (t, b) => (t * top.a + b * bottom.a * (1 - top.a)) / a;
    return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a };
  };
  const luminance = (c) => {
    const channel = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
  };
  const ratio = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const hex = (c) => '#' + [c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
  // The colour behind `element`: its and its ancestors' background colours composited over
  // white; null when an image or gradient is behind it (its colours cannot be told).
  const backgroundOf = (element) => {
    const layers = [];
    for (let node = element; node && node.nodeType === Node.ELEMENT_NODE; node = node.parentElement || (node.getRootNode().host || null)) {
      const style = getComputedStyle(node);
      if (style.backgroundImage && style.backgroundImage !== 'none') return null;
      const colour = rgba(style.backgroundColor);
      if (colour.a > 0) layers.push(colour);
      if (colour.a >= 1) break;
    }
    let result = { r: 255, g: 255, b: 255, a: 1 };
    for (let i = layers.length - 1; i >= 0; i--) result = over(layers[i], result);
    return result;
  };

  if (wanted.has('contrast')) {
    for (const element of all) {
      const ownText = Array.from(element.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim() !== '');
      if (!ownText || !visible(element) || hiddenFromTree(element) || isDisabled(element)) continue;
      if (element.closest('svg, canvas, video, img')) continue;
      const style = getComputedStyle(element);
      const background = backgroundOf(element);
      if (!background) continue;
      const foreground = over(rgba(style.color), background);
      const size = parseFloat(style.fontSize);
      const bold = parseInt(style.fontWeight, 10) >= 700;
      const large = size >= 24 || (bold && size >= 18.66);
      const needed = large ? 3 : 4.5;
      const measured = ratio(foreground, background);
      if (measured < needed) {
        report('contrast', element, 'contrast ' + measured.toFixed(2) + ':1 of ' + hex(foreground) + ' on ' + hex(background) +
          ' is below ' + needed + ':1 (WCAG AA, ' + (large ? 'large' : 'normal') + ' text ' + size + 'px' + (bold ? ' bold' : '') + ')',
        Math.round(measured * 100) / 100);
      }
    }
  }

  if (wanted.has('hitRegion') && options.touch) {
    const minimum = options.minimumTarget;
    for (const element of all) {
      if (!element.matches(interactiveSelector) || !visible(element) || hiddenFromTree(element) || isDisabled(element)) continue;
      // A control inside another control is part of its target.
      if (element.parentElement && element.parentElement.closest(interactiveSelector)) continue;
      // A link in a run of text is exempt (WCAG 2.5.5's inline exception).
      if (element.localName === 'a' && getComputedStyle(element).display === 'inline' && element.parentElement &&
          (element.parentElement.textContent || '').trim().length > (element.textContent || '').trim().length) continue;
      let box = element.getBoundingClientRect();
      // A field's <label> takes its taps too.
      const label = element.closest('label') || (element.id && document.querySelector('label[for="' + CSS.escape(element.id) + '"]'));
      if (label) {
        const l = label.getBoundingClientRect();
        const left = Math.min(box.left, l.left), top = Math.min(box.top, l.top);
        box = { width: Math.max(box.right, l.right) - left, height: Math.max(box.bottom, l.bottom) - top };
      }
      if (box.width < minimum - 0.5 || box.height < minimum - 0.5) {
        report('hitRegion', element, 'touch target ' + Math.round(box.width * 10) / 10 + '×' + Math.round(box.height * 10) / 10 +
          ' pt is smaller than ' + minimum + '×' + minimum + ' pt', Math.round(Math.min(box.width, box.height) * 10) / 10);
      }
    }
  }

  if (wanted.has('textClipped')) {
    for (const element of all) {
      if (element.matches('input, textarea, select, option, svg, svg *') || !visible(element) || hiddenFromTree(element)) continue;
      const ownText = Array.from(element.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim() !== '');
      if (!ownText) continue;
      const style = getComputedStyle(element);
      const clipsX = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      const clipsY = ['hidden', 'clip'].includes(style.overflowY) || style.webkitLineClamp !== 'none';
      const cutX = clipsX && element.scrollWidth > element.clientWidth + 1;
      const cutY = clipsY && element.scrollHeight > element.clientHeight + 1;
      if (cutX || cutY) {
        report('textClipped', element, 'text is cut off: ' + (cutX ? element.scrollWidth + ' px wide in ' + element.clientWidth : '') +
          (cutX && cutY ? ', ' : '') + (cutY ? element.scrollHeight + ' px tall in ' + element.clientHeight : ''));
      }
    }
  }

  if (wanted.has('trait')) {
    for (const element of all) {
      if (!visible(element) || hiddenFromTree(element)) continue;
      const role = element.getAttribute('role');
      const interactive = element.matches(interactiveSelector);
      if (!interactive && !element.closest(interactiveSelector)) {
        // Looks tappable (a click handler, or the pointer cursor where its parent's is not) but
        // has no role: a screen reader announces plain text, and it cannot be focused.
        const clickable = element.hasAttribute('onclick') || typeof element.onclick === 'function';
        const pointer = getComputedStyle(element).cursor === 'pointer' &&
          !(element.parentElement && getComputedStyle(element.parentElement).cursor === 'pointer');
        if ((clickable || pointer) && !['label', 'html', 'body'].includes(element.localName)) {
          report('trait', element, (clickable ? 'has a click handler' : 'shows the pointer cursor') + ' but no interactive role' +
            (role ? ' (role="' + role + '")' : '') + ': give it a button or link role, or make it a <button>');
        }
      } else if (role && interactiveRoles.has(role) && !element.matches(nativeInteractive) && element.tabIndex < 0 &&
                 !isDisabled(element) && !['option', 'treeitem', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab'].includes(role) &&
                 !element.closest('[aria-activedescendant]')) {
        report('trait', element, 'role="' + role + '" cannot be reached with the keyboard (no tabindex)');
      }
    }
  }

  if (wanted.has('elementDetection')) {
    for (const element of all) {
      if (!element.matches(interactiveSelector) || !visible(element) || isDisabled(element)) continue;
      if (element.closest('[aria-hidden="true"]')) {
        report('elementDetection', element, 'a control inside aria-hidden="true": it can be tapped and focused but assistive technologies do not see it');
      } else if (['none', 'presentation'].includes(element.getAttribute('role')) && element.tabIndex >= 0) {
        report('elementDetection', element, 'a focusable control with role="' + element.getAttribute('role') + '" is hidden from assistive technologies');
      }
    }
  }

  if (wanted.has('duplicateIdentifier')) {
    // DOM ids that labels and ARIA references point at must be unique, or names come from the wrong element.
    const referenced = new Set();
    for (const element of all) {
      for (const attribute of ['aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'aria-activedescendant']) {
        for (const id of (element.getAttribute(attribute) || '').split(/\s+/)) if (id) referenced.add(id);
      }
      if (element.localName === 'label' && element.htmlFor) referenced.add(element.htmlFor);
    }
    const seen = new Map();
    for (const element of all) {
      if (!element.id || !referenced.has(element.id)) continue;
      if (seen.has(element.id)) {
        report('duplicateIdentifier', element, 'id="' + element.id + '" is used by more than one element, and a label or ARIA reference names it');
      } else {
        seen.set(element.id, element);
      }
    }
  }
  return issues;
})
