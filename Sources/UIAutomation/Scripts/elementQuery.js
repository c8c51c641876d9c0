// The in-page element engine (issue 42): finds elements over the DOM the way UIAutomation finds
// them in Chromium's accessibility tree, without asking the browser for that tree.
//
// What it computes, per element, and from what:
// - the role Chromium would compute: the explicit ARIA role (first known token of `role`, WAI-ARIA
//   1.2, with presentational-role conflict resolution and the required-context rule Chromium
//   applies to list items and options), else the implicit role of HTML-AAM, spelled as Chromium
//   spells it (`LayoutTable` for a table without data-table signs, `LabelText`, `StaticText`,
//   `MenuListPopup`, `Date`, …);
// - whether that node is in the tree, ignored, or a transparent role (Chromium's rules for
//   generic containers, as measured: docs/decisions.md, issue 42);
// - its XCUITest type through THE table of RoleMapping.swift (mirrored row for row in `typeOf`);
// - identifier (the configured attribute), accessible name (accname 1.2 as Chromium computes it:
//   aria-labelledby, aria-label, labels, native alternatives, name from content with CSS generated
//   content, title, placeholder), value as SnapshotBuilder reports it, placeholder, state, frame;
// - the pruned element tree of SnapshotBuilder.build: transparent and ignored nodes dropped (their
//   children move up), a text that repeats its owner's name not listed, text fields hiding their
//   insides; open shadow roots and (optionally) same-origin iframes walked.
//
// Called as a function expression with one argument, a request object (the convention of the
// other scripts here: `Runtime.callFunctionOn` or `Runtime.evaluate("(" + source + ")(request)")`).
// The first call installs `window.__labInpage` (not enumerable); later calls may use
// `window.__labInpage.run(request)` directly. Requests:
//   { mode: 'stamp' }                        → { stamp }
//   { mode: 'dump', identifierAttribute, frames } → { stamp, elements: [element…] } whole tree
//   { mode: 'query', identifierAttribute, steps, stamp?, frames?, near?, fast? }
//       → { stamp, unchanged: true } when `stamp` is the page's current stamp, else
//         { stamp, path, matches: [element…], failure?: { kind, step, count, matches? },
//           near?: [{ why, element }] } — `path` 'fast' (the query's candidates only, see
//           fastQuery) or 'whole' (the whole pruned tree, kept per stamp); `fast: false` forces
//           the whole tree, `fast: true` the fast path where it applies even on a kept tree.
//   { mode: 'node', ref } → the DOM node of an element reference (evaluate without returnByValue).
//   Any request may carry `fresh: true` (input was sent since the last request: the tree kept for
//   the stamp is dropped, since a `:hover` rule can change it without changing the stamp).
//   Any request may carry `decorative: false` to list generated glyphs as Chromium does (see
//   isDecorativeGlyph).
// An element is { ref, type, role, identifier, label, rawLabel, value, placeholder, enabled,
// selected, checked, focused, frame: [x, y, w, h], depth, parent, generated? } (depth and parent
// -1 on the fast path): `label` trimmed as SnapshotBuilder trims it, `rawLabel` the exact text.
// Steps: { descendants: type } | { children: type } | { matching: predicate } |
// { containing: predicate } | { subscript: text } | { pick: 'unique' | 'first' | index } |
// { css: selector }. Predicates: { key, op, value, options } with op one of == != < <= > >=
// BEGINSWITH ENDSWITH CONTAINS MATCHES LIKE IN, options 'c', 'd' or 'cd'; { and: [p…] },
// { or: [p…] }, { not: p }, true, false.
(function (request) {
  'use strict';
  const engine = window.__labInpage || install();
  return engine.run(request || {});

  function install() {
    // MARK: change stamp — the instrumentation's when present, else our own observer.
    let version = 0;
    const observed = new WeakSet();
    const observer = new MutationObserver(() => { version++; });
    function observe(root) {
      if (observed.has(root)) return;
      observed.add(root);
      observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    }
    observe(document);
    for (const type of ['input', 'change', 'focusin', 'focusout', 'scroll', 'resize', 'load', 'transitionend', 'animationend', 'toggle']) {
      addEventListener(type, () => { version++; }, true);
    }
    // Elements with click, mousedown or mouseup listeners: Chromium keeps such a generic
    // container in its tree. Seen only for listeners added after this script runs, so the
    // engine is installed in every new document (see the wiring in docs/decisions.md, issue 42).
    const clickable = new WeakSet();
    const CLICKS = new Set(['click', 'mousedown', 'mouseup']);
    const addListener = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (type, listener, options) {
      if (CLICKS.has(type) && this && this.nodeType === 1) clickable.add(this);
      return addListener.call(this, type, listener, options);
    };
    function isClickable(element) {
      return clickable.has(element) || element.onclick !== null || element.onmousedown !== null || element.onmouseup !== null;
    }
    function stamp() {
      if (window.__lab && window.__lab.stamp) return window.__lab.stamp();
      observer.takeRecords().length && version++;
      return 'inpage:' + version + ':' + scrollX + ',' + scrollY + ':' + innerWidth + 'x' + innerHeight;
    }

    // MARK: element references (stable across calls, like backend node ids)
    let nextRef = 1;
    const refOf = new WeakMap();
    const byRef = new Map();
    function ref(node) {
      let r = refOf.get(node);
      if (!r) { r = nextRef++; refOf.set(node, r); byRef.set(r, new WeakRef(node)); }
      return r;
    }

    // MARK: the one role → type table (RoleMapping.elementType, row for row)
    function typeOf(role, element, facts) {
      switch (role) {
        case 'RootWebArea': case 'WebArea': return 'application';
        case 'button': case 'PopUpButton': return 'button';
        case 'link': return 'link';
        case 'StaticText': case 'heading': case 'paragraph': case 'LabelText': case 'text': case 'caption': case 'figcaption': case 'label':
          return 'staticText';
        case 'image': case 'img': case 'graphics-document': case 'graphics-symbol': case 'svg': return 'image';
        case 'textbox':
          if (element && (element.getAttribute('type') || '').toLowerCase() === 'password') return 'secureTextField';
          return facts.multiline ? 'textView' : 'textField';
        case 'searchbox': return 'searchField';
        case 'switch': return 'switch';
        case 'checkbox': return 'checkBox';
        case 'radio': return 'radioButton';
        case 'radiogroup': return 'radioGroup';
        case 'slider': return 'slider';
        case 'spinbutton': return 'stepper';
        case 'progressbar': return facts.hasValue ? 'progressIndicator' : 'activityIndicator';
        case 'combobox': return facts.ownsListPopup ? 'picker' : 'comboBox';
        case 'ComboBoxGrouping': case 'ComboBoxMenuButton': return 'comboBox';
        case 'Date': case 'DateTime': case 'InputTime': case 'date': case 'time': return 'datePicker';
        case 'Iframe': case 'IframePresentational': return 'webView';
        case 'list': case 'grid': case 'feed': return 'collectionView';
        case 'table': case 'LayoutTable': case 'treegrid': case 'listbox': case 'tree': return 'table';
        case 'listitem': case 'row': case 'LayoutTableRow': case 'option': case 'treeitem': case 'gridcell': return 'cell';
        case 'navigation': return 'navigationBar';
        case 'toolbar': return 'toolbar';
        case 'tablist': return 'tabBar';
        case 'tab': return 'tab';
        case 'tabpanel': return 'other';
        case 'alert': case 'alertdialog': case 'dialog': return 'alert';
        case 'menu': return 'menu';
        case 'menubar': return 'menuBar';
        case 'menuitem': case 'menuitemcheckbox': case 'menuitemradio': return 'menuItem';
        case 'scrollbar': return 'scrollBar';
        case 'group': case 'radiogroup-like': case 'fieldset': return 'group';
        case 'meter': return 'levelIndicator';
        default: return 'other';
      }
    }
    // SnapshotBuilder's transparent roles: dropped, their children move up.
    const TRANSPARENT = new Set(['none', 'presentation', 'InlineTextBox', 'LineBreak', 'ListMarker', 'Ignored']);

    // MARK: roles
    // ARIA roles Chromium knows, with the name it reports when it differs.
    const ARIA = new Set(('alert alertdialog application article banner blockquote button caption cell checkbox code ' +
      'columnheader combobox complementary contentinfo definition deletion dialog directory document emphasis feed ' +
      'figure form generic grid gridcell group heading img image insertion link list listbox listitem log main mark ' +
      'marquee math menu menubar menuitem menuitemcheckbox menuitemradio meter navigation none note option paragraph ' +
      'presentation progressbar radio radiogroup region row rowgroup rowheader scrollbar search searchbox separator ' +
      'slider spinbutton status strong subscript superscript switch tab table tablist tabpanel term textbox time ' +
      'timer toolbar tooltip tree treegrid treeitem text').split(' '));
    const GLOBAL_ARIA = ['aria-atomic', 'aria-busy', 'aria-controls', 'aria-current', 'aria-describedby', 'aria-description',
      'aria-details', 'aria-disabled', 'aria-dropeffect', 'aria-errormessage', 'aria-flowto', 'aria-grabbed',
      'aria-haspopup', 'aria-hidden', 'aria-invalid', 'aria-keyshortcuts', 'aria-label', 'aria-labelledby', 'aria-live',
      'aria-owns', 'aria-relevant', 'aria-roledescription'];
    function hasGlobalAria(element) {
      for (const name of GLOBAL_ARIA) if (element.hasAttribute(name)) return true;
      return false;
    }
    function explicitRole(element) {
      const value = element.getAttribute('role');
      if (!value) return null;
      for (const token of value.trim().toLowerCase().split(/\s+/)) {
        if (ARIA.has(token)) return token === 'img' ? 'image' : token === 'presentation' ? 'none' : token === 'text' ? 'generic' : token;
      }
      return null;
    }
    function isFocusable(element) {
      if (element.hasAttribute('tabindex')) return true;
      if (element.isContentEditable && !(element.parentElement && element.parentElement.isContentEditable)) return true;
      const tag = element.localName;
      if ((tag === 'a' || tag === 'area') && element.hasAttribute('href')) return true;
      if (['button', 'input', 'select', 'textarea'].includes(tag)) return !element.disabled;
      return false;
    }
    function closestAcross(element, test) {
      for (let node = parentOf(element); node; node = parentOf(node)) {
        if (node.nodeType === 1) {
          const result = test(node);
          if (result !== undefined) return result;
        }
      }
      return undefined;
    }
    // Chromium's guess at whether a table holds data (else `LayoutTable`), as measured.
    function isDataTable(table) {
      if (table.hasAttribute('summary') || table.caption || table.tHead || table.tFoot) return true;
      if (table.querySelector(':scope > colgroup, :scope > col')) return true;
      if (table.isContentEditable) return true;
      const rows = table.rows;
      let cells = 0;
      for (const row of rows) cells += row.cells.length;
      if (cells <= 1) return false;
      if (table.hasAttribute('border') && table.getAttribute('border') !== '0') return true;
      if (rows.length >= 20) return true;
      for (const row of rows) for (const cell of row.cells) {
        if (cell.localName === 'th' || cell.hasAttribute('scope') || cell.hasAttribute('headers') || cell.hasAttribute('abbr')) return true;
      }
      return false;
    }
    function tableOf(element) { return element.closest('table'); }
    function implicitRole(element, style) {
      const tag = element.localName;
      switch (tag) {
        case 'a': return element.hasAttribute('href') ? 'link' : 'generic';
        case 'abbr': return 'Abbr';
        case 'address': return 'group';
        case 'article': return 'article';
        case 'aside': return 'complementary';
        case 'audio': return 'Audio';
        case 'video': return 'Video';
        case 'blockquote': return 'blockquote';
        case 'button': return 'button';
        case 'canvas': return 'Canvas';
        case 'caption': return 'caption';
        case 'code': return 'code';
        case 'dd': return 'definition';
        case 'del': case 's': return 'deletion';
        case 'details': return 'group';
        case 'dfn': case 'dt': return 'term';
        case 'summary': return element.parentElement && element.parentElement.localName === 'details'
          && [...element.parentElement.children].find(child => child.localName === 'summary') === element ? 'DisclosureTriangle' : 'generic';
        case 'dialog': return 'dialog';
        case 'dl': return 'DescriptionList';
        case 'em': return 'emphasis';
        case 'fieldset': return 'group';
        case 'figcaption': return 'Figcaption';
        case 'figure': return 'figure';
        case 'footer': return 'contentinfo';
        case 'form': return 'form';
        case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': return 'heading';
        case 'header': return 'banner';
        case 'hr': return 'separator';
        case 'iframe': return 'Iframe';
        case 'img': return element.getAttribute('alt') === '' && !element.hasAttribute('title') ? 'none' : 'image';
        case 'input': return inputRole(element);
        case 'ins': return 'insertion';
        case 'label': return 'LabelText';
        case 'legend': return 'Legend';
        case 'li': return 'listitem';
        case 'main': return 'main';
        case 'mark': return 'mark';
        case 'math': return 'MathMLMath';
        case 'menu': case 'ol': case 'ul': return 'list';
        case 'meter': return 'meter';
        case 'nav': return 'navigation';
        case 'optgroup': return 'group';
        case 'option': return 'option';
        case 'output': return 'status';
        case 'p': return 'paragraph';
        case 'progress': return 'progressbar';
        case 'ruby': return 'Ruby';
        case 'search': return 'search';
        case 'section': return hasName(element) ? 'region' : 'generic';
        case 'select': return element.multiple || element.size > 1 ? 'listbox' : 'combobox';
        case 'strong': return 'strong';
        case 'sub': return 'subscript';
        case 'sup': return 'superscript';
        case 'svg': return svgHasName(element) || element.firstElementChild ? 'image' : 'none';
        case 'table': return isDataTable(element) ? 'table' : 'LayoutTable';
        case 'thead': case 'tfoot': return isDataTable(tableOf(element) || element) ? 'rowgroup' : 'generic';
        case 'tbody': return 'generic';
        case 'tr': return tableOf(element) && isDataTable(tableOf(element)) ? 'row' : 'LayoutTableRow';
        case 'td': return tableOf(element) && isDataTable(tableOf(element)) ? 'cell' : 'LayoutTableCell';
        case 'th': return tableOf(element) && isDataTable(tableOf(element)) ? headerRole(element) : 'LayoutTableCell';
        case 'textarea': return 'textbox';
        case 'time': return 'time';
        default:
          if (style.display === 'list-item') return 'listitem';
          if (style.display === 'table') return 'LayoutTable';
          return 'generic';
      }
    }
    function headerRole(cell) {
      const scope = (cell.getAttribute('scope') || '').toLowerCase();
      if (scope === 'row' || scope === 'rowgroup') return 'rowheader';
      if (scope === 'col' || scope === 'colgroup') return 'columnheader';
      const row = cell.parentElement;
      return row && row.parentElement && row.parentElement.localName !== 'thead' && cell.cellIndex === 0
        && [...row.cells].some(other => other.localName === 'td') ? 'rowheader' : 'columnheader';
    }
    function inputRole(input) {
      switch ((input.getAttribute('type') || 'text').toLowerCase()) {
        case 'button': case 'submit': case 'reset': case 'image': case 'file': return 'button';
        case 'checkbox': return input.getAttribute('role') === 'switch' ? 'switch' : 'checkbox';
        case 'radio': return 'radio';
        case 'range': return 'slider';
        case 'number': return 'spinbutton';
        case 'search': return input.hasAttribute('list') ? 'combobox' : 'searchbox';
        case 'date': return 'Date';
        case 'time': return 'InputTime';
        case 'datetime-local': case 'month': case 'week': return 'DateTime';
        case 'color': return 'ColorWell';
        case 'hidden': return 'none';
        default: return input.hasAttribute('list') ? 'combobox' : 'textbox';
      }
    }
    function svgHasName(svg) {
      return !!(svg.getAttribute('aria-label') || svg.getAttribute('aria-labelledby') || svg.querySelector(':scope > title'));
    }
    function hasName(element) {
      return !!((element.getAttribute('aria-label') || '').trim() || labelledByTargets(element).length || element.getAttribute('title'));
    }
    // The role Chromium reports: explicit (with conflict resolution and required context), else implicit.
    function roleOf(element, style) {
      let role = explicitRole(element);
      if (role === 'none' && (isFocusable(element) || hasGlobalAria(element))) role = 'generic';
      if (role === 'listitem' && closestAcross(element, e => {
        const r = explicitRole(e) || implicitRole(e, styleOf(e));
        if (r === 'list' || r === 'directory') return true;
        if (r === 'generic' || r === 'none') return undefined;
        return false;
      }) !== true) role = 'generic';
      if (role === 'option' && closestAcross(element, e => {
        const r = explicitRole(e) || implicitRole(e, styleOf(e));
        if (r === 'listbox' || r === 'group' || r === 'combobox') return true;
        if (r === 'generic' || r === 'none') return undefined;
        return false;
      }) !== true) role = 'generic';
      if (role === 'region' && !hasName(element)) role = 'generic';
      if (role) return role;
      return implicitRole(element, style);
    }

    // MARK: the flattened tree
    function parentOf(node) {
      if (node.assignedSlot) return node.assignedSlot;
      const parent = node.parentNode;
      if (parent && parent.nodeType === 11 && parent.host) return parent.host;
      return parent;
    }
    // The element a node's style comes from: its parent, or the host of the shadow root it is in.
    function elementParent(node) {
      const parent = node.parentNode;
      if (!parent) return null;
      if (parent.nodeType === 1) return parent;
      return parent.nodeType === 11 && parent.host ? parent.host : null;
    }
    function childrenOf(node) {
      if (node.nodeType === 1) {
        if (node.shadowRoot) return node.shadowRoot.childNodes;
        if (node.localName === 'slot') {
          const assigned = node.assignedNodes();
          return assigned.length ? assigned : node.childNodes;
        }
      }
      return node.childNodes;
    }
    function rootOfNode(node) { return node.getRootNode ? node.getRootNode() : document; }
    function byId(context, id) {
      const root = rootOfNode(context);
      return (root.getElementById ? root.getElementById(id) : null) || (root !== document ? null : null);
    }
    function labelledByTargets(element) {
      const ids = (element.getAttribute('aria-labelledby') || '').trim();
      if (!ids) return [];
      return ids.split(/\s+/).map(id => byId(element, id)).filter(Boolean);
    }

    // MARK: styles, read once per build (a build reads each element's style several times)
    let styles = new Map(), pseudoStyles = new Map();
    function styleOf(element) {
      let style = styles.get(element);
      if (!style) { style = getComputedStyle(element); styles.set(element, style); }
      return style;
    }
    function pseudoStyleOf(element, which) {
      const key = which === '::before' ? 0 : 1;
      let pair = pseudoStyles.get(element);
      if (!pair) { pair = [null, null]; pseudoStyles.set(element, pair); }
      if (!pair[key]) pair[key] = getComputedStyle(element, which);
      return pair[key];
    }
    function forgetStyles() { styles = new Map(); pseudoStyles = new Map(); }

    // MARK: visibility
    const INLINE = new Set(['inline', 'inline-block', 'inline-flex', 'inline-grid', 'inline-table', 'ruby', 'contents']);
    function isInlineDisplay(display) { return INLINE.has(display) || display.startsWith('inline'); }
    function hiddenByAria(element) { return element.getAttribute('aria-hidden') === 'true'; }
    function notRendered(element, style) {
      return style.display === 'none' || element.inert || style.contentVisibility === 'hidden';
    }

    // MARK: text
    function transform(text, style) {
      switch (style.textTransform) {
        case 'uppercase': return text.toUpperCase();
        case 'lowercase': return text.toLowerCase();
        case 'capitalize': return text.replace(/(^|\s)(\S)/g, (m, s, c) => s + c.toUpperCase());
        default: return text;
      }
    }
    function preserves(style) { return /^(pre|pre-wrap|break-spaces|pre-line)$/.test(style.whiteSpace) || style.whiteSpaceCollapse === 'preserve'; }
    // Whether the content next to `node` in `direction` (-1 before, 1 after) on the same line is
    // text that ends (starts) with collapsible space, 'text' for other inline content, or null
    // at the edge of the block.
    function neighbour(node, direction) {
      let current = node;
      while (current) {
        let sibling = direction < 0 ? current.previousSibling : current.nextSibling;
        while (sibling) {
          const found = inlineContent(sibling, direction);
          if (found !== undefined) return found;
          sibling = direction < 0 ? sibling.previousSibling : sibling.nextSibling;
        }
        const parent = current.parentNode;
        if (!parent || parent.nodeType !== 1) return null;
        const edge = generated(parent, direction < 0 ? '::before' : '::after');
        if (edge && edge.text && isInlineDisplay(edge.style.display)) return /[ \t\n\r\f]$/.test(direction < 0 ? edge.text : edge.text[0] || '') ? 'space' : 'text';
        const style = styleOf(parent);
        if (!isInlineDisplay(style.display) || style.display !== 'inline' && style.display !== 'contents') return null;
        current = parent;
      }
      return null;
    }
    // What inline content `node` shows at its `direction` end: 'space' (collapsible white space
    // last), 'text', null (a block boundary), undefined (nothing: look further).
    function inlineContent(node, direction) {
      if (node.nodeType === 3) {
        const data = node.data;
        if (data.length === 0) return undefined;
        const parentStyle = styleOf(elementParent(node));
        if (preserves(parentStyle)) return 'text';
        // White space alone collapses into what is before it: look past it going forward.
        if (/^[ \t\n\r\f]*$/.test(data)) return direction > 0 ? undefined : 'space';
        return /[ \t\n\r\f]$/.test(direction < 0 ? data : data.split('').reverse().join('')) ? 'space' : 'text';
      }
      if (node.nodeType !== 1) return undefined;
      const style = styleOf(node);
      if (style.display === 'none') return undefined;
      if (style.position === 'absolute' || style.position === 'fixed') return undefined;
      if (!isInlineDisplay(style.display)) return null;
      if (style.display !== 'inline' && style.display !== 'contents') return 'atomic';
      if (['img', 'input', 'select', 'textarea', 'button', 'iframe', 'video', 'audio', 'canvas', 'svg', 'object', 'embed', 'meter', 'progress'].includes(node.localName)) return 'atomic';
      if (node.localName === 'br') return null;
      const kids = [...node.childNodes];
      if (direction < 0) kids.reverse();
      for (const kid of kids) {
        const found = inlineContent(kid, direction);
        if (found !== undefined) return found;
      }
      return undefined;
    }
    // The text a text node renders as one `StaticText`, or '' when it renders nothing.
    function renderedText(textNode) {
      const parent = elementParent(textNode);
      if (!parent) return '';
      const style = styleOf(parent);
      let text = textNode.data;
      if (preserves(style)) return transform(text, style);
      text = text.replace(/[ \t\n\r\f]+/g, ' ');
      if (text.startsWith(' ')) {
        const before = neighbour(textNode, -1);
        if (before === null || before === 'space') text = text.slice(1);
      }
      if (text.endsWith(' ')) {
        const after = neighbour(textNode, 1);
        if (after === null) text = text.slice(0, -1);
      }
      if (text === ' ') {
        // White space alone shows only between inline text (not beside a line's edge or an
        // atomic inline such as a field or an image).
        const before = neighbour(textNode, -1), after = neighbour(textNode, 1);
        if (before !== 'text' || after === null || after === 'atomic') return '';
      }
      return transform(text, style);
    }
    function collapse(text) { return text.replace(/[ \t\n\r\f\u00a0]+/g, ' ').trim(); }
    // SnapshotBuilder's `trimmed`: white space and U+200B off both ends.
    function trimmed(text) { return text.replace(/^[\s\u200b]+|[\s\u200b]+$/g, ''); }
    function generated(element, which) {
      const style = pseudoStyleOf(element, which);
      const content = style.content;
      if (!content || content === 'none' || content === 'normal') return null;
      if (style.display === 'none') return null;
      let text = '';
      const pattern = /"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|attr\(([^)]+)\)|counter\([^)]*\)|open-quote|close-quote/g;
      let match;
      while ((match = pattern.exec(content))) {
        if (match[1] !== undefined || match[2] !== undefined) text += unescapeCss(match[1] !== undefined ? match[1] : match[2]);
        else if (match[3]) text += element.getAttribute(match[3].trim()) || '';
        else if (match[0] === 'open-quote') text += '\u201c';
        else if (match[0] === 'close-quote') text += '\u201d';
      }
      const alt = content.indexOf(' / ');
      if (alt >= 0) return null;  // alternative text: rare, not modelled
      return { text: transform(text, style), style };
    }
    function unescapeCss(text) {
      return text.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (m, hex, ch) => hex ? String.fromCodePoint(parseInt(hex, 16)) : ch);
    }

    // MARK: accessible names (accname 1.2, as Chromium computes them)
    function nameOf(element, role, context) {
      const visiting = context.visiting;
      if (visiting.has(element)) return '';
      visiting.add(element);
      try { return computeName(element, role, context); } finally { visiting.delete(element); }
    }
    function computeName(element, role, context) {
      if (!context.inLabelledBy) {
        const targets = labelledByTargets(element);
        if (targets.length) {
          // Each target afresh (it may be the element itself): labelledby is not followed again.
          // A reference to the element itself reads its content only.
          const text = collapse(targets.map(t => t === element ? contentText(t, { visiting: new Set([t]), inLabelledBy: true, hiddenOk: true, recursing: true })
            : computeName(t, roleOfSafe(t), { visiting: new Set([t]), inLabelledBy: true, hiddenOk: true, recursing: true })).join(' '));
          if (text) return text;
        }
      }
      const label = collapse(element.getAttribute('aria-label') || '');
      if (label && !(context.recursing && isEmbeddedControl(role))) return label;
      if (context.recursing && isEmbeddedControl(role)) return embeddedValue(element, role);
      // An image with alt="" is named by nothing else (its title becomes its description).
      if (element.localName === 'img' && element.hasAttribute('alt')) return collapse(element.getAttribute('alt'));
      const native = nativeName(element, role, context);
      if (native) return native;
      if (context.recursing || nameFromContent(role, element)) {
        const text = contentText(element, context).replace(/[ \t\n\r\f\u00a0]+/g, ' ');
        if (text.trim()) return text;
      }
      const title = collapse(element.getAttribute('title') || '');
      if (title && !NAME_PROHIBITED.has(role)) return title;
      if (element.localName === 'input' || element.localName === 'textarea') {
        const placeholder = collapse(element.getAttribute('placeholder') || element.getAttribute('aria-placeholder') || '');
        if (placeholder) return placeholder;
      }
      return '';
    }
    // Roles ARIA 1.2 prohibits names on: Chromium does not take `title` as their name.
    const NAME_PROHIBITED = new Set(['caption', 'code', 'deletion', 'emphasis', 'generic', 'insertion', 'paragraph',
      'none', 'strong', 'subscript', 'superscript', 'mark', 'time', 'term', 'definition']);
    // Composite widgets a name from content does not descend into.
    const CONTAINERS = new Set(['toolbar', 'menu', 'menubar', 'tablist', 'listbox', 'grid', 'tree', 'treegrid', 'table', 'radiogroup']);
    function roleOfSafe(element) { return element.nodeType === 1 ? roleOf(element, styleOf(element)) : 'StaticText'; }
    function isEmbeddedControl(role) {
      return ['textbox', 'searchbox', 'combobox', 'listbox', 'slider', 'spinbutton', 'progressbar', 'scrollbar', 'meter'].includes(role);
    }
    function embeddedValue(element, role) {
      if (role === 'combobox' && element.localName === 'select') {
        const option = element.selectedOptions[0];
        return option ? collapse(option.label || option.textContent) : '';
      }
      // An empty field counts with its placeholder, a range with its value as the tree reports it.
      if (element.localName === 'input' || element.localName === 'textarea') return element.value || element.getAttribute('placeholder') || '';
      if (['slider', 'spinbutton', 'progressbar', 'meter', 'scrollbar'].includes(role)) {
        const value = valueOf(element, role);
        return element.getAttribute('aria-valuetext') || (value === undefined ? '' : value);
      }
      return collapse(element.textContent || '');
    }
    const FROM_CONTENT = new Set(['button', 'cell', 'checkbox', 'columnheader', 'gridcell', 'heading', 'link', 'menuitem',
      'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'rowheader', 'switch', 'tab', 'tooltip', 'treeitem',
      'term', 'math', 'LayoutTableCell', 'PopUpButton', 'DisclosureTriangle']);
    function nameFromContent(role, element) {
      if (FROM_CONTENT.has(role)) return true;
      if (role === 'row') return !!closestAcross(element, e => { const r = explicitRole(e); return r === 'grid' || r === 'treegrid' ? true : undefined; });
      return false;
    }
    function nativeName(element, role, context) {
      const tag = element.localName;
      if (tag === 'input') {
        const type = (element.getAttribute('type') || 'text').toLowerCase();
        if (type === 'button' || type === 'submit' || type === 'reset') {
          if (element.hasAttribute('value')) return collapse(element.value);
          return type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '';
        }
        if (type === 'image') return collapse(element.getAttribute('alt') || element.getAttribute('value') || '') || 'Submit';
        if (type === 'file') return labelsText(element, context) || 'Choose File';
        return labelsText(element, context);
      }
      if (tag === 'textarea' || tag === 'select' || tag === 'meter' || tag === 'progress' || tag === 'output') return labelsText(element, context);
      if (tag === 'button') return labelsText(element, context) || '';
      if (tag === 'img' || tag === 'area') return collapse(element.getAttribute('alt') || '');
      if (tag === 'fieldset') {
        const legend = [...element.children].find(c => c.localName === 'legend');
        return legend ? collapse(contentText(legend, { visiting: context.visiting, recursing: true })) : '';
      }
      if (tag === 'table') {
        const caption = element.caption;
        return caption ? collapse(contentText(caption, { visiting: context.visiting, recursing: true })) : '';
      }
      if (tag === 'svg') {
        const title = element.querySelector(':scope > title');
        return title ? collapse(title.textContent) : '';
      }
      if (tag === 'abbr') return '';
      return '';
    }
    function labelsText(element, context) {
      const labels = element.labels ? [...element.labels] : [];
      if (!labels.length) return '';
      return collapse(labels.map(label => contentText(label, { visiting: context.visiting, recursing: true, skip: element })).join(' '));
    }
    // The text of `element`'s content for a name: texts, generated content, descendants' names;
    // block-level children set apart by spaces.
    // Texts are as rendered (white space collapsed as layout does, so a name keeps a space that
    // shows, as Chromium's does); a block part is set apart by one space from its neighbours.
    function contentText(element, context) {
      let text = '', pendingSpace = false;
      const add = (part, block) => {
        if (!part) return;
        if (block || pendingSpace) { if (text && !/ $/.test(text)) text += ' '; part = part.replace(/^ +/, ''); }
        text += part;
        pendingSpace = block;
      };
      // Generated text as it renders: an inline one loses the white space at its line's edges.
      const pseudo = (content, which) => {
        if (!content || !content.text) return;
        const inline = isInlineDisplay(content.style.display);
        add(inline && !preserves(content.style) ? trimAtLineEdges(element, content.text.replace(/[ \t\n\r\f]+/g, ' '), which) : content.text, !inline);
      };
      pseudo(generated(element, '::before'), '::before');
      for (const child of childrenOf(element)) {
        if (child.nodeType === 3) { add(renderedText(child), false); continue; }
        if (child.nodeType !== 1 || child === context.skip) continue;
        if (child.localName === 'br') { add('\n', false); continue; }
        const style = styleOf(child);
        if (!context.hiddenOk && (notRendered(child, style) || hiddenByAria(child) || style.visibility !== 'visible')) continue;
        if (context.hiddenOk && style.display === 'none' && !context.inLabelledBy) continue;
        if (['script', 'style', 'template', 'head', 'title'].includes(child.localName)) continue;
        const childRole = roleOfSafe(child);
        // A composite widget adds its own name (aria-labelledby, aria-label), never its content.
        if (CONTAINERS.has(childRole) && !context.inLabelledBy) {
          const own = labelledByTargets(child).length || (child.getAttribute('aria-label') || '').trim()
            ? computeName(child, childRole, { visiting: context.visiting, recursing: false }) : '';
          add(own, !isInlineDisplay(style.display));
          continue;
        }
        const part = nameOf(child, childRole, { visiting: context.visiting, recursing: true, hiddenOk: context.hiddenOk, inLabelledBy: context.inLabelledBy });
        add(part, !isInlineDisplay(style.display));
      }
      pseudo(generated(element, '::after'), '::after');
      return text;
    }

    // MARK: building Chromium's tree, then pruning it as SnapshotBuilder does
    // A node: { role, name, ignored, element?, text?, children, facts, generated? }
    function buildTree(config) {
      const rootNode = { role: 'RootWebArea', name: collapse(document.title || ''), ignored: false, element: document.documentElement, children: [], facts: {} };
      const context = { config, focused: deepActiveElement() };
      for (const child of childrenOf(document)) addNode(child, rootNode.children, context);
      return rootNode;
    }
    function deepActiveElement() {
      let active = document.activeElement;
      while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
      return active === document.body ? null : active;
    }
    function addNode(node, into, context) {
      if (node.nodeType === 3) {
        const parentStyle = elementParent(node) ? styleOf(elementParent(node)) : null;
        if (parentStyle && parentStyle.visibility !== 'visible') return;
        const text = renderedText(node);
        if (text) into.push({ role: 'StaticText', name: text, ignored: !!context.quietText, text: node, children: [], facts: {} });
        return;
      }
      if (node.nodeType !== 1) return;
      const element = node;
      const tag = element.localName;
      if (['script', 'style', 'template', 'head', 'title', 'meta', 'link', 'noscript', 'datalist', 'param', 'source', 'track'].includes(tag)) return;
      const style = styleOf(element);
      if (style.display === 'none' || element.inert) return;
      if (hiddenByAria(element)) return;
      if (style.contentVisibility === 'hidden') { into.push({ role: 'none', ignored: true, children: [], facts: {} }); return; }
      const invisible = style.visibility !== 'visible';
      if (tag === 'br') { into.push(plain('LineBreak', [])); return; }
      if (invisible) {
        for (const child of childrenOf(element)) addNode(child, into, context);
        return;
      }
      let role = roleOf(element, style);
      // A label of a check box or radio button is left out with its text: the control carries it.
      const control = tag === 'label' && !explicitRole(element) ? element.control : null;
      if (control && (control.type === 'checkbox' || control.type === 'radio')
          && !(control.getAttribute('aria-label') || '').trim() && !labelledByTargets(control).length) {
        const quiet = Object.assign({}, context, { quietText: true });
        const holder = { role: 'none', ignored: true, children: [], facts: {} };
        for (const child of childrenOf(element)) addNode(child, holder.children, quiet);
        into.push(holder);
        return;
      }
      if (role === 'paragraph' && !hasInlineChildren(element) && !element.children.length) role = 'none';
      const node2 = { role, name: '', ignored: false, element, children: [], facts: {} };
      if (isIgnored(element, role, style)) { node2.ignored = true; node2.role = 'none'; }
      else if (role === 'generic' && element.getAttribute('draggable') === 'true') node2.role = 'group';
      fill(node2, element, role, style, context);
      into.push(node2);
    }
    // Whether Chromium leaves the element out of its tree (or in it, ignored), as measured.
    function isIgnored(element, role, style) {
      if (role === 'none') return true;
      if (role !== 'generic') return false;
      const tag = element.localName;
      if (tag === 'html') return true;
      if (element.id) return false;
      if (isFocusable(element) || hasGlobalAria(element) || element.hasAttribute('title')) return false;
      if (isClickable(element)) return false;
      if (tag === 'span') return true;
      // A scroll container that has something to scroll.
      if (/(auto|scroll)/.test(style.overflowX + style.overflowY)
          && (element.scrollHeight > element.clientHeight || element.scrollWidth > element.clientWidth)) return false;
      if (style.position !== 'static') return false;
      if (explicitRole(element) === 'generic' && element.getAttribute('role')) return false;
      if (tag === 'section') return false;
      if (tag === 'span' || isInlineDisplay(style.display) && style.display === 'inline') return true;
      if (style.display === 'block' || style.display === 'inline-block' || style.display === 'flow-root' || style.display === 'list-item'
          || style.display === 'table-cell' || style.display === 'table-caption') {
        return !hasInlineChildren(element);
      }
      return true;
    }
    // Whether a block holds line content of its own: inline children that render, and no
    // in-flow block child (which would wrap them in anonymous blocks).
    function hasInlineChildren(element) {
      let inline = false;
      const visit = (parent) => {
        for (const pseudo of [generated(parent, '::before'), generated(parent, '::after')]) {
          if (!pseudo) continue;
          if (!isInlineDisplay(pseudo.style.display)) return false;  // a block (a clearfix's display: table)
          if (pseudo.text) inline = true;
        }
        for (const child of childrenOf(parent)) {
          if (child.nodeType === 3) { if (/[^ \t\n\r\f]/.test(child.data) || preserves(styleOf(parent)) && child.data) inline = true; continue; }
          if (child.nodeType !== 1) continue;
          const style = styleOf(child);
          if (style.display === 'none') continue;
          if (style.display === 'contents') { if (visit(child) === false) return false; continue; }
          if (style.position === 'absolute' || style.position === 'fixed' || style.float !== 'none') { inline = true; continue; }
          if (!isInlineDisplay(style.display)) return false;
          inline = true;
        }
        return true;
      };
      return visit(element) !== false && inline;
    }
    // The node's name, value, states and children.
    // The node's name and facts (states, value, description), without its children.
    function describe(node, element, role, context) {
      const facts = node.facts;
      if (!node.ignored) node.name = nameOf(element, role, { visiting: new Set() });
      facts.disabled = isDisabled(element, role);
      facts.focused = context.focused === element;
      facts.selected = isSelected(element, role);
      facts.checked = checkedState(element, role);
      facts.description = descriptionOf(element, node.name);
      const value = valueOf(element, role);
      if (value !== undefined) facts.value = value;
      facts.multiline = element.localName === 'textarea' || (role === 'textbox' && element.getAttribute('aria-multiline') === 'true');
      facts.ownsListPopup = element.localName === 'select' && role === 'combobox';
    }
    function fill(node, element, role, style, context) {
      const facts = node.facts;
      const tag = element.localName;
      describe(node, element, role, context);
      // Children Chromium makes for controls (their user-agent insides), else the DOM's.
      if (tag === 'input') {
        const type = (element.getAttribute('type') || 'text').toLowerCase();
        if (TEXT_INPUTS.test(type)) {
          // The inner editor: a generic holding the value as text (a number field's and a field
          // with a data list's are wrapped in ignored nodes). SnapshotBuilder hides it for text,
          // secure and search fields; a stepper or combo box lists it.
          const shown = element.value ? [staticText(type === 'password' ? facts.value || '' : element.value)] : [];
          let editor = plain('generic', shown);
          if (type === 'number') editor = plain('none', [editor]);
          else if (element.hasAttribute('list')) editor = plain('none', [plain('none', [editor])]);
          node.children.push(editor);
        } else if (type === 'button' || type === 'submit' || type === 'reset') {
          if (node.name) node.children.push({ role: 'StaticText', name: node.name, ignored: false, children: [], facts: {} });
        } else if (type === 'image') {
          node.children.push(plain('none', [plain('image', [])]));
        } else if (DATE_FIELDS[type] && !element.value) {
          node.children.push(dateFields(type));
        }
        return;
      }
      if (tag === 'textarea') {
        node.children.push({ role: 'generic', name: '', ignored: false, children: element.value ? [{ role: 'StaticText', name: element.value, ignored: false, children: [], facts: {} }] : [], facts: {} });
        return;
      }
      if (tag === 'select') {
        if (role === 'combobox') {
          const popup = { role: 'MenuListPopup', name: '', ignored: false, children: [], facts: {} };
          for (const option of element.options) {
            popup.children.push({ role: 'option', name: collapse(option.label || option.textContent), ignored: false, element: option, children: [],
              facts: { selected: option.selected && !element.matches(':disabled'), disabled: option.disabled || element.matches(':disabled') } });
          }
          node.children.push(popup);
          facts.ownsListPopup = true;
        } else {
          for (const option of element.options) {
            node.children.push({ role: 'option', name: collapse(option.label || option.textContent), ignored: false, element: option, children: [],
              facts: { selected: option.selected, disabled: option.disabled } });
          }
        }
        return;
      }
      if (tag === 'meter') { node.children.push(plain('generic', [plain('generic', [])])); return; }
      if (tag === 'details') { fillDetails(node, element, context); return; }
      if (['progress', 'img', 'iframe', 'video', 'audio', 'canvas', 'svg', 'math', 'hr', 'object', 'embed'].includes(tag)) return;
      const before = generated(element, '::before');
      if (before && before.text) node.children.push(pseudoText(element, before, '::before'));
      if (tag === 'li' || style.display === 'list-item') node.children.push({ role: 'ListMarker', name: '', ignored: false, children: [], facts: {} });
      for (const child of childrenOf(element)) addNode(child, node.children, context);
      const after = generated(element, '::after');
      if (after && after.text) node.children.push(pseudoText(element, after, '::after'));
      if (context.config.frames && tag === 'iframe') addFrame(element, node, context);
    }
    // Generated content: an ignored node holding its text; a block one (display: block) is a
    // generic container of its own, its text trimmed as a line's.
    // Generated text loses the white space at an edge of its line, as Chromium's layout does:
    // `content: "New "` at the end of a block reads "New".
    function trimAtLineEdges(element, text, which) {
      const style = styleOf(element);
      const inline = style.display === 'inline';
      const hasContent = [...childrenOf(element)].some(child => child.nodeType === 1 ? styleOf(child).display !== 'none'
        : child.nodeType === 3 && renderedText(child) !== '');
      if (which === '::after') {
        const lineEnds = inline ? neighbour(element, 1) === null : true;
        if (lineEnds) text = text.replace(/ +$/, '');
        if (!hasContent && (inline ? ['space', null].includes(neighbour(element, -1)) : true) && !generatedText(element, '::before')) text = text.replace(/^ +/, '');
      } else {
        const lineStarts = inline ? ['space', null].includes(neighbour(element, -1)) : true;
        if (lineStarts) text = text.replace(/^ +/, '');
        if (!hasContent && (inline ? neighbour(element, 1) === null : true) && !generatedText(element, '::after')) text = text.replace(/ +$/, '');
      }
      return text;
    }
    function generatedText(element, which) { const content = generated(element, which); return !!(content && content.text); }
    const TEXT_INPUTS = /^(text|email|tel|url|password|search|number)$/;
    function plain(role, children, name) { return { role, name: name || '', ignored: role === 'none', children, facts: {} }; }
    function staticText(text) { return plain('StaticText', [], text); }
    // The insides of an empty date or time field, as Chromium (en-US) shows them: one spin
    // button per part, the separators as text, and the picker button.
    const DATE = [['Month', 'mm'], '/', ['Day', 'dd'], '/', ['Year', 'yyyy']];
    const TIME = [['Hours', '--'], ':', ['Minutes', '--'], '\u202f', ['AM/PM', '--']];
    const DATE_FIELDS = {
      date: [DATE, 'Show date picker'],
      time: [TIME, 'Show time picker'],
      'datetime-local': [[...DATE, ', ', ...TIME], 'Show local date and time picker'],
      month: [[['Month', '---------'], ' ', ['Year', '----']], 'Show month picker'],
    };
    function dateFields(type) {
      const [parts, button] = DATE_FIELDS[type];
      const fields = parts.map(part => typeof part === 'string' ? staticText(part)
        : Object.assign(plain('spinbutton', [staticText(part[1])], part[0]), { facts: { value: '0' } }));
      return plain('none', [plain('generic', [plain('generic', fields)]), plain('button', [], button)]);
    }
    // A details element: its summary (a disclosure triangle), then its other content in a
    // generic container when open.
    function fillDetails(node, element, context) {
      const summary = [...element.children].find(child => child.localName === 'summary');
      const before = generated(element, '::before'), after = generated(element, '::after');
      if (before && before.text) node.children.push(pseudoText(element, before, '::before'));
      const holder = plain('none', []);
      if (summary) addNode(summary, holder.children, context);
      node.children.push(holder);
      if (!element.open) { node.children.push(plain('none', [])); return; }
      const content = plain('generic', []);
      for (const child of childrenOf(element)) if (child !== summary) addNode(child, content.children, context);
      node.children.push(content);
      if (after && after.text) node.children.push(pseudoText(element, after, '::after'));
    }
    function pseudoText(element, content, which) {
      let text = preserves(content.style) ? content.text : content.text.replace(/[ \t\n\r\f]+/g, ' ');
      const block = !isInlineDisplay(content.style.display);
      if (block) text = text.trim();
      else if (!preserves(content.style)) text = trimAtLineEdges(element, text, which);
      const textNode = { role: 'StaticText', name: text, ignored: false, pseudo: { element, which }, children: [], facts: {} };
      const kept = block && text !== '';  // an empty block (a clearfix's " ") is ignored
      return { role: kept ? 'generic' : 'none', ignored: !kept, children: text ? [textNode] : [], facts: {}, pseudo: kept ? { element, which } : undefined };
    }
    function addFrame(iframe, node, context) {
      let inner;
      try { inner = iframe.contentDocument; } catch (error) { return; }
      if (!inner || !inner.documentElement) return;
      const root = { role: 'RootWebArea', name: collapse(inner.title || ''), ignored: false, element: inner.documentElement, children: [], facts: {} };
      for (const child of inner.childNodes) addNode(child, root.children, context);
      node.children.push(root);
    }
    // Disabled: natively, by its own aria-disabled, or by an ancestor's when it is a control or
    // focusable (Chromium does not pass aria-disabled on to plain containers and texts).
    const WIDGETS = new Set(['button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio', 'switch', 'slider', 'spinbutton',
      'combobox', 'listbox', 'option', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'treeitem', 'gridcell', 'scrollbar']);
    function isDisabled(element, role) {
      if (element.localName !== 'fieldset' && element.matches(':disabled')) return true;  // a disabled fieldset's group reads enabled
      if (element.getAttribute('aria-disabled') === 'true') return true;
      if (!WIDGETS.has(role) && !isFocusable(element)) return false;
      for (let e = parentOf(element); e; e = parentOf(e)) if (e.nodeType === 1 && e.getAttribute('aria-disabled') === 'true') return true;
      return false;
    }
    function isSelected(element, role) {
      const aria = element.getAttribute('aria-selected');
      if (aria !== null) return aria === 'true';
      if (element.localName === 'option') return element.selected;
      return false;
    }
    function checkedState(element, role) {
      if (element.localName === 'input' && (element.type === 'checkbox' || element.type === 'radio')) {
        if (element.indeterminate && element.type === 'checkbox') return 'mixed';
        return element.checked ? 'true' : 'false';
      }
      const aria = element.getAttribute('aria-checked') || (role === 'switch' || role === 'menuitemcheckbox' ? element.getAttribute('aria-pressed') : null);
      if (aria === 'true') return aria;
      if (aria === 'mixed' && role !== 'switch' && role !== 'radio' && role !== 'menuitemradio') return aria;
      return 'false';
    }
    // aria-describedby first, then aria-description (Chromium's order), then a title not used as the name.
    function descriptionOf(element, name) {
      const ids = (element.getAttribute('aria-describedby') || '').trim();
      if (ids) {
        const text = collapse(ids.split(/\s+/).map(id => byId(element, id)).filter(Boolean)
          .map(t => nameOf(t, roleOfSafe(t), { visiting: new Set(), inLabelledBy: true, hiddenOk: true, recursing: true })).join(' '));
        if (text) return text;
      }
      const description = element.getAttribute('aria-description');
      if (description && collapse(description)) return collapse(description);
      const title = collapse(element.getAttribute('title') || '');
      if (title && title !== name) return title;
      const svgTitle = element.localName === 'svg' ? element.querySelector(':scope > title') : null;
      if (svgTitle && collapse(svgTitle.textContent) !== name) return collapse(svgTitle.textContent);
      return '';
    }
    // The AX value Chromium reports (a string, or a number as JSON would carry it), or undefined.
    function valueOf(element, role) {
      const tag = element.localName;
      const range = role === 'slider' || role === 'spinbutton' || role === 'progressbar' || role === 'meter' || role === 'scrollbar';
      if (tag === 'input') {
        const type = (element.getAttribute('type') || 'text').toLowerCase();
        if (type === 'range' || type === 'number') {
          if (element.value === '') return undefined;
          return numberText(Number(element.value));
        }
        if (type === 'file') return element.files && element.files.length ? element.files[0].name : 'No file chosen';
        if (type === 'color') return element.value;
        if (['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'hidden'].includes(type)) return undefined;
        if (['date', 'time', 'datetime-local', 'month', 'week'].includes(type)) return element.value || undefined;
        if (type === 'password') return element.value ? '\u2022'.repeat([...element.value].length) : undefined;
        return element.value || undefined;
      }
      if (tag === 'textarea') return element.value || undefined;
      if (tag === 'select' && role === 'combobox') {
        const option = element.selectedOptions[0];
        return option ? collapse(option.label || option.textContent) : undefined;
      }
      if (tag === 'progress') return element.hasAttribute('value') ? numberText(Math.fround(element.position >= 0 ? element.value : 0)) : undefined;
      if (tag === 'meter') return numberText(Math.fround(element.value));
      if (range) {
        const now = element.getAttribute('aria-valuenow');
        if (now === null || now.trim() === '' || isNaN(Number(now))) {
          // Without a value Chromium reports a spin button's 0 and a slider's or scroll bar's midpoint.
          if (role === 'spinbutton' || role === 'meter') return '0';
          if (role === 'slider' || role === 'scrollbar') {
            const min = Number(element.getAttribute('aria-valuemin') || 0), max = Number(element.getAttribute('aria-valuemax') || 100);
            return numberText(Math.fround(max < min ? min : min + (max - min) / 2));
          }
          return undefined;
        }
        return numberText(Math.fround(Number(now)));
      }
      if (role === 'textbox' || role === 'searchbox' || (element.isContentEditable && !(parentOf(element) && parentOf(element).isContentEditable))) {
        return collapse(element.innerText || element.textContent || '') || undefined;
      }
      return undefined;
    }
    // JSONValue.text of a number: whole numbers without a fraction, others in shortest form.
    function numberText(number) {
      if (!isFinite(number)) return undefined;
      if (Number.isInteger(number) && Math.abs(number) < 1e15) return String(number);
      return String(number);
    }

    // MARK: pruning (SnapshotBuilder.build)
    const OWNS_TEXTS = new Set(['textField', 'secureTextField', 'searchField']);
    function textUnder(node) {
      if (node.textUnder !== undefined) return node.textUnder;
      node.textUnder = '';
      node.textUnder = node.role === 'StaticText' ? node.name : node.children.map(textUnder).join('');
      return node.textUnder;
    }
    function prune(root, config) {
      const elements = [];
      const attribute = config.identifierAttribute || 'data-testid';
      function visit(node, parent, depth, owner) {
        const keep = parent === null || (!node.ignored && !TRANSPARENT.has(node.role));
        let nextParent = parent, nextDepth = depth, nextOwner = owner;
        if (keep) {
          if (node.role === 'StaticText' && owner && owner.label !== '' && trimmed(owner.label) === trimmed(textUnder(owner.node))) return;
          if (node.role === 'StaticText' && node.pseudo && config.decorative !== false && isDecorativeGlyph(node, owner)) return;
          const element = makeElement(node, parent, depth, attribute);
          elements.push(element);
          if (parent !== null) elements[parent].children.push(elements.length - 1);
          nextParent = elements.length - 1; nextDepth = depth + 1; nextOwner = { label: element.label, node };
          if (OWNS_TEXTS.has(element.type)) return;
        }
        for (const child of node.children) visit(child, nextParent, nextDepth, nextOwner);
      }
      visit(root, null, 0, null);
      return elements;
    }
    // Issue 42's decisions (docs/decisions.md): text a CSS ::before/::after adds is not an
    // element of its own when it has no box (a hover-only glyph, zero-size: it cannot be seen or
    // tapped), nor when it is only decorative glyphs (×, ❯, ★, ✓ …) inside a button or link,
    // which is one control as in UIKit. It still counts in its owner's name.
    const GLYPHS = /^[\p{Sm}\p{Sc}\p{Sk}\p{So}\u2768-\u2775\u2022\u00b7\u2039\u203a\u00ab\u00bb\s]+$/u;
    function isDecorativeGlyph(node, owner) {
      const rect = pseudoRect(node.pseudo.element);
      if (rect[2] === 0 || rect[3] === 0) return true;
      const control = owner && owner.node && ['button', 'link', 'PopUpButton', 'menuitem', 'tab'].includes(owner.node.role);
      return !!control && GLYPHS.test(node.name);
    }
    function pseudoRect(element) {
      const style = styleOf(element);
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || style.fontSize === '0px') return [box.x, box.y, 0, 0];
      return [box.x, box.y, box.width, box.height];
    }
    function makeElement(node, parent, depth, attribute) {
      const facts = node.facts;
      const element = node.element && node.element.nodeType === 1 ? node.element : null;
      const type = parent === null ? 'application'
        : typeOf(node.role, element, { multiline: !!facts.multiline, hasValue: facts.value !== undefined, ownsListPopup: !!facts.ownsListPopup });
      let label = node.name || '';
      if (label === '' && type === 'staticText') label = trimmed(textUnder(node));
      let value;
      if (type === 'switch' || type === 'checkBox' || type === 'radioButton') {
        value = facts.checked === 'true' ? '1' : facts.checked === 'mixed' ? '2' : '0';
      } else {
        value = facts.value !== undefined ? facts.value : (facts.description ? facts.description : null);
      }
      const placeholder = element && parent !== null ? (element.getAttribute('placeholder') ?? element.getAttribute('aria-placeholder')) : null;
      if (['textField', 'secureTextField', 'searchField', 'textView'].includes(type) && !value) value = placeholder ?? '';
      const frameNode = node.text || (node.pseudo ? null : element);
      return {
        ref: frameNode ? ref(frameNode) : null,
        type, role: node.role,
        identifier: element && parent !== null && node.role !== 'StaticText' ? (element.getAttribute(attribute) ?? '') : '',
        // The exact text behind the label: a text's DOM data as written, else the name or the
        // text under the element before trimming (issue 42: `label` trims, this does not).
        label, rawLabel: node.text ? node.text.data : (node.name || (type === 'staticText' ? textUnder(node) : label)),
        value: value ?? null, placeholder: placeholder ?? null,
        enabled: !facts.disabled, selected: !!facts.selected, checked: facts.checked || null,
        focused: parent !== null && !!facts.focused,
        frame: null, node, depth, parent, children: [],
        generated: node.pseudo ? node.pseudo.which : undefined,
      };
    }
    // Frames are read only for what is returned or asked about (a box per element is the
    // costliest part of a build after styles).
    function frameOfElement(element) {
      if (!element.frame) element.frame = frameOf(element.node, element.parent);
      return element.frame;
    }
    function frameOf(node, parent) {
      if (parent === null) return [0, 0, innerWidth, innerHeight];
      let rect;
      if (node.text) { const range = document.createRange(); range.selectNodeContents(node.text); rect = range.getBoundingClientRect(); }
      else if (node.pseudo) return pseudoRect(node.pseudo.element);
      else if (node.element && node.element.getBoundingClientRect) rect = node.element.getBoundingClientRect();
      if (!rect) return [0, 0, 0, 0];
      return [rect.x, rect.y, rect.width, rect.height];
    }

    // MARK: queries (QueryEvaluator over the pruned tree)
    function descendants(elements, index) {
      const result = [];
      const stack = [...elements[index].children].reverse();
      while (stack.length) {
        const at = stack.pop();
        result.push(at);
        for (let i = elements[at].children.length - 1; i >= 0; i--) stack.push(elements[at].children[i]);
      }
      return result;
    }
    const typeMatches = (wanted, type) => wanted === 'any' || wanted === type;
    // `label` without decorative glyphs at its ends (ElementKeys.undecorated), and (issue 42) the
    // angle quotation marks used as chevrons (‹ › « », TodoMVC's "›Mark all as complete").
    function undecorated(label) {
      const decorative = /[\p{Sm}\p{Sc}\p{Sk}\p{So}\u2768-\u2775\u2022\u00b7\u2039\u203a\u00ab\u00bb\s]/u;
      const scalars = [...label];
      if (!scalars.length || !(decorative.test(scalars[0]) || decorative.test(scalars[scalars.length - 1]))) return label;
      let first = 0, last = scalars.length - 1;
      while (first <= last && decorative.test(scalars[first])) first++;
      while (last >= first && decorative.test(scalars[last])) last--;
      return first > last ? label : scalars.slice(first, last + 1).join('');
    }
    function keyValue(element, key, context) {
      switch (key) {
        case 'exists': return true;
        case 'label': return element.label;
        case 'rawLabel': return element.rawLabel;
        case 'undecoratedLabel': return undecorated(element.label);
        case 'identifier': return element.identifier;
        case 'value': return element.value;
        case 'placeholderValue': return element.placeholder;
        case 'title': return '';
        case 'elementType': return element.type;
        case 'isEnabled': case 'enabled': return element.enabled;
        case 'isSelected': case 'selected': return element.selected;
        case 'hasFocus': case 'hasKeyboardFocus': return element.focused;
        case 'isHittable': case 'hittable': return hittable(element);
        case 'frame.origin.x': case 'frame.minX': case 'frame.x': return frameOfElement(element)[0];
        case 'frame.origin.y': case 'frame.minY': case 'frame.y': return frameOfElement(element)[1];
        case 'frame.size.width': case 'frame.width': return frameOfElement(element)[2];
        case 'frame.size.height': case 'frame.height': return frameOfElement(element)[3];
        case 'frame.midX': return frameOfElement(element)[0] + frameOfElement(element)[2] / 2;
        case 'frame.midY': return frameOfElement(element)[1] + frameOfElement(element)[3] / 2;
        case 'frame.maxX': return frameOfElement(element)[0] + frameOfElement(element)[2];
        case 'frame.maxY': return frameOfElement(element)[1] + frameOfElement(element)[3];
        default: throw new Error('unknown key ' + key);
      }
    }
    function fold(text, options) {
      let result = String(text);
      if (options.includes('d')) result = result.normalize('NFD').replace(/\p{M}/gu, '');
      if (options.includes('c')) result = result.toLowerCase();
      return result;
    }
    function evaluatePredicate(predicate, element) {
      if (predicate === true || predicate === false) return predicate;
      if (predicate.and) return predicate.and.every(p => evaluatePredicate(p, element));
      if (predicate.or) return predicate.or.some(p => evaluatePredicate(p, element));
      if (predicate.not) return !evaluatePredicate(predicate.not, element);
      const actual = keyValue(element, predicate.key);
      const options = predicate.options || '';
      const wanted = predicate.value;
      const text = (v) => v === null || v === undefined ? null : fold(v, options);
      switch (predicate.op) {
        case '==': return typeof wanted === 'string' && actual !== null ? text(actual) === text(wanted) : actual === wanted;
        case '!=': return !(typeof wanted === 'string' && actual !== null ? text(actual) === text(wanted) : actual === wanted);
        case '<': return actual < wanted;
        case '<=': return actual <= wanted;
        case '>': return actual > wanted;
        case '>=': return actual >= wanted;
        case 'BEGINSWITH': return actual !== null && text(actual).startsWith(text(wanted));
        case 'ENDSWITH': return actual !== null && text(actual).endsWith(text(wanted));
        case 'CONTAINS': return actual !== null && text(actual).includes(text(wanted));
        case 'MATCHES': return actual !== null && new RegExp('^(?:' + wanted + ')$', options.includes('c') ? 'iu' : 'u').test(String(actual));
        case 'LIKE': return actual !== null && new RegExp('^' + String(wanted).replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.') + '$', options.includes('c') ? 'iu' : 'u').test(String(actual));
        case 'IN': return Array.isArray(wanted) && wanted.some(w => typeof w === 'string' && actual !== null ? text(actual) === text(w) : actual === w);
        default: throw new Error('unknown operator ' + predicate.op);
      }
    }
    function subscriptPredicate(key) {
      return { or: ['identifier', 'label', 'undecoratedLabel', 'value', 'placeholderValue'].map(k => ({ key: k, op: '==', value: key })) };
    }
    // The one hit test's page side, as actionability.js's `hitTest` mode: the element at the
    // centre of its box (or of the part on screen), through open shadow roots.
    function hittable(element) {
      const node = element.ref && byRef.get(element.ref) && byRef.get(element.ref).deref();
      if (!node) return false;
      const target = node.nodeType === 1 ? node : node.parentElement;
      const [x, y, w, h] = frameOfElement(element);
      if (w <= 0 || h <= 0) return false;
      const left = Math.max(x, 0), top = Math.max(y, 0), right = Math.min(x + w, innerWidth), bottom = Math.min(y + h, innerHeight);
      if (right <= left || bottom <= top) return false;
      let hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      while (hit && hit.shadowRoot) {
        const inner = hit.shadowRoot.elementFromPoint((left + right) / 2, (top + bottom) / 2);
        if (!inner || inner === hit) break;
        hit = inner;
      }
      for (let e = hit; e; e = parentOf(e)) if (e === target) return true;
      return false;
    }
    function evaluate(elements, steps) {
      let current = [0];
      for (let position = 0; position < steps.length; position++) {
        const step = steps[position];
        if (step.descendants !== undefined) {
          const seen = new Set(), next = [];
          for (const index of current) for (const d of descendants(elements, index)) {
            if (typeMatches(step.descendants, elements[d].type) && !seen.has(d)) { seen.add(d); next.push(d); }
          }
          current = current.length > 1 ? next.sort((a, b) => a - b) : next;
        } else if (step.children !== undefined) {
          current = current.flatMap(i => elements[i].children).filter(i => typeMatches(step.children, elements[i].type));
        } else if (step.matching !== undefined) {
          current = current.filter(i => evaluatePredicate(step.matching, elements[i]));
        } else if (step.subscript !== undefined) {
          const predicate = subscriptPredicate(step.subscript);
          current = current.filter(i => evaluatePredicate(predicate, elements[i]));
        } else if (step.containing !== undefined) {
          current = current.filter(i => descendants(elements, i).some(d => evaluatePredicate(step.containing, elements[d])));
        } else if (step.css !== undefined) {
          current = current.filter(i => {
            // An element with no node of its own (a text a control's user-agent insides show)
            // matches no selector (docs/decisions.md, issue 42 stage 3: a text area's text).
            const node = elements[i].ref && byRef.get(elements[i].ref).deref();
            const target = node && (node.nodeType === 1 ? node : node.parentElement);
            return !!target && target.matches(step.css);
          });
        } else if (step.pick !== undefined) {
          if (step.pick === 'unique') {
            if (current.length === 0) return { failure: { kind: 'noMatch', step: position } };
            if (current.length > 1) return { failure: { kind: 'multipleMatches', step: position, matches: current } };
          } else if (step.pick === 'first') {
            if (!current.length) return { failure: { kind: 'noMatch', step: position } };
            current = [current[0]];
          } else {
            const index = step.pick;
            if (index < 0 || index >= current.length) return { failure: { kind: 'indexOutOfRange', step: position, index, count: current.length } };
            current = [current[index]];
          }
        }
      }
      return { matches: current };
    }
    // "Did you mean": NearMatches' rules, with labels also compared without decorative glyphs
    // (issue 42: "❯ Mark all as complete" found for "Mark all as complete" on another type).
    function nearMatches(elements, steps, failedStep) {
      const textStep = steps[failedStep - 1];
      if (!textStep || textStep.subscript === undefined) return [];
      const wanted = textStep.subscript;
      const folded = wanted.toLowerCase().split(/\s+/).filter(Boolean).join(' ');
      const foldText = (t) => t.toLowerCase().split(/\s+/).filter(Boolean).join(' ');
      const before = evaluate(elements, steps.slice(0, failedStep - 1));
      const candidates = before.matches || [];
      const lines = [];
      const seen = new Set();
      const add = (index, why) => { if (lines.length < 5 && !seen.has(index)) { seen.add(index); lines.push({ index, element: elements[index], why }); } };
      const texts = (e) => [['label', e.label], ['label without its glyphs', undecorated(e.label)], ['identifier', e.identifier], ['value', e.value], ['placeholder', e.placeholder]].filter(t => t[1]);
      for (const index of candidates) {
        const hit = texts(elements[index]).find(t => foldText(t[1]) === folded);
        if (hit) add(index, `its ${hit[0]} is "${hit[1]}", not "${wanted}"`);
        else {
          const prefix = texts(elements[index]).find(t => folded && foldText(t[1]).startsWith(folded));
          if (prefix) add(index, `its ${prefix[0]} "${prefix[1]}" begins with "${wanted}"`);
        }
      }
      elements.forEach((e, index) => {
        if (index === 0 || candidates.includes(index)) return;
        if (texts(e).some(t => t[1] === wanted || foldText(undecorated(t[1])) === folded)) add(index, `a ${e.type} labelled "${e.label}"`);
      });
      return lines;
    }

    // MARK: the fast path — a query that starts with descendants of one type from the page and
    // then only narrows by attributes or CSS looks at that type's candidate elements (a selector), not
    // at the whole tree. It answers exactly as the whole tree would, or not at all (null): pages
    // with shadow roots or frames, date and time fields (their user-agent insides hold buttons
    // and spin buttons), and types whose elements CSS alone can make (cells, tables, groups,
    // texts, other) go the whole way.
    const INPUTS = 'input';
    const CANDIDATES = {
      button: 'button, input', link: 'a[href], area[href]', image: 'img, svg',
      textField: 'input, textarea', secureTextField: INPUTS, textView: 'textarea', searchField: INPUTS,
      switch: INPUTS, checkBox: INPUTS, radioButton: INPUTS, slider: INPUTS, stepper: INPUTS,
      progressIndicator: 'progress', activityIndicator: 'progress', levelIndicator: 'meter',
      comboBox: 'select, input', picker: 'select', datePicker: 'input, time', webView: 'iframe',
      collectionView: 'ul, ol, menu', navigationBar: 'nav', alert: 'dialog',
      toolbar: null, tabBar: null, tab: null, menu: 'menu', menuBar: null, menuItem: null, scrollBar: null, radioGroup: null,
    };
    const NARROWING_KEYS = new Set(['exists', 'label', 'undecoratedLabel', 'identifier', 'value', 'placeholderValue', 'title',
      'elementType', 'isEnabled', 'enabled', 'isSelected', 'selected', 'hasFocus', 'hasKeyboardFocus']);
    // Shadow roots attached since the install: any sends queries the whole way; a closed one
    // holds what page script cannot see, so every answer says the tree must be asked instead.
    let shadowHosts = 0, closedShadowRoots = 0;
    const attachShadow = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init) {
      shadowHosts++;
      if (init && init.mode === 'closed') closedShadowRoots++;
      return attachShadow.call(this, init);
    };
    function predicateKeys(predicate, keys) {
      if (predicate === true || predicate === false) return keys;
      if (predicate.and || predicate.or) (predicate.and || predicate.or).forEach(p => predicateKeys(p, keys));
      else if (predicate.not) predicateKeys(predicate.not, keys);
      else keys.push(predicate.key);
      return keys;
    }
    function fastShape(steps) {
      if (!steps.length || steps[0].descendants === undefined || !(steps[0].descendants in CANDIDATES)) return false;
      for (let i = 1; i < steps.length; i++) {
        const step = steps[i];
        if (step.subscript !== undefined || step.css !== undefined) continue;
        if (step.pick !== undefined && i === steps.length - 1) continue;
        if (step.matching !== undefined && predicateKeys(step.matching, []).every(k => NARROWING_KEYS.has(k))) continue;
        return false;
      }
      return true;
    }
    function pageIsSimple(config) {
      if (shadowHosts > 0 || document.querySelector('iframe, frame, object, embed') && config.frames) return false;
      if (document.querySelector('input[type=date i], input[type=time i], input[type=datetime-local i], input[type=month i], input[type=week i], input[type=image i]')) return false;
      return true;
    }
    // Whether an element is in the tree at all: rendered and visible, no aria-hidden or inert
    // ancestor, no ancestor that shows no element children (fields, images, media, frames).
    function inTree(element) {
      // `display: contents` has no box of its own (checkVisibility says no): its parent's stands.
      if (styleOf(element).display === 'contents') {
        if (styleOf(element).visibility !== 'visible') return false;
        const parent = parentOf(element);
        if (parent && parent.nodeType === 1 && parent !== document.documentElement && !inTree(parent) && styleOf(parent).display !== 'contents') return false;
      } else if (!element.checkVisibility({ visibilityProperty: true })) return false;
      for (let e = element; e && e.nodeType === 1; e = parentOf(e)) {
        if (e.getAttribute('aria-hidden') === 'true' || e.inert === true) return false;  // inert: HTML elements only
        if (e !== element && LEAVES.has(e.localName)) return false;
        if (e.localName === 'dialog' && !e.open) return false;
      }
      return !(element.closest('template, head, script, style, noscript'));
    }
    const LEAVES = new Set(['input', 'textarea', 'img', 'svg', 'iframe', 'video', 'audio', 'canvas', 'progress', 'meter', 'math', 'object', 'embed']);
    // Whether an element's name, value or identifier cannot hold a text whose words (lower case)
    // are `words`: true only when one word is in none of its sources — its text, its attributes,
    // its live value — and it takes no text from elsewhere (labels, aria-labelledby/-describedby,
    // generated content, descendants' attributes).
    let labelled = new Set();
    function cannotMention(element, words, generatedText) {
      if (generatedText || element.hasAttribute('aria-labelledby') || element.hasAttribute('aria-describedby')) return false;
      const sources = [element.textContent.toLowerCase()];
      for (const attribute of element.attributes) sources.push(attribute.value.toLowerCase());
      if (typeof element.value === 'string') sources.push(element.value.toLowerCase());
      if (words.every(word => sources.some(source => source.includes(word)))) return false;
      if (labelled.has(element)) return false;
      if (element.localName === 'select' || element.localName === 'input' && /^(submit|reset|file|image)$/i.test(element.type)) return false;
      if (element.firstElementChild && element.querySelector('img, svg, input, select, textarea, meter, progress, [aria-label], [aria-labelledby], [title], [role], [alt]')) return false;
      return true;
    }
    // Whether any style sheet can generate text (`content` with a string, attr() or quotes),
    // worked out once per page state; a sheet that cannot be read counts as yes.
    let sheetsChecked = null;
    function sheetsMayGenerateText() {
      const now = stamp();
      if (sheetsChecked && sheetsChecked.stamp === now && now !== null) return sheetsChecked.answer;
      let answer = false;
      const visit = (rules) => {
        for (const rule of rules) {
          if (answer) return;
          if (rule.style && rule.style.content && rule.style.content !== 'none' && rule.style.content !== 'normal'
              && /["']\s*[^"'\s]|attr\(|quote/.test(rule.style.content)) answer = true;
          if (rule.cssRules) visit(rule.cssRules);
        }
      };
      for (const sheet of document.styleSheets) {
        try { visit(sheet.cssRules); } catch (error) { answer = true; }
        if (answer) break;
      }
      if (!answer && document.querySelector('q')) answer = true;  // quotes from the user agent's sheet
      sheetsChecked = { stamp: now, answer };
      return answer;
    }
    function fastQuery(request) {
      const steps = request.steps || [];
      if (request.fast === false || !fastShape(steps) || !pageIsSimple(request)) return null;
      forgetStyles();
      const wanted = steps[0].descendants;
      const tags = CANDIDATES[wanted];
      const selector = tags ? tags + ', [role]' : '[role]';
      const attribute = request.identifierAttribute || 'data-testid';
      const context = { config: request, focused: deepActiveElement() };
      // A subscript right after the type lets candidates that cannot mention its text be skipped
      // before their names are worked out (the costly part).
      const sought = steps.length > 1 && steps[1].subscript !== undefined
        ? steps[1].subscript.toLowerCase().split(/\s+/).filter(Boolean) : null;
      const generatedText = sought !== null && sheetsMayGenerateText();
      // The controls labels name, found once (an element's `labels` searches the document).
      labelled = new Set();
      if (sought !== null) for (const label of document.querySelectorAll('label')) if (label.control) labelled.add(label.control);
      let current = [];
      // A CSS step right after the type (`app.get(.textField, ".action-email")`) names the few
      // candidates itself: those of its matches that the type's selector takes, in document order.
      const candidates = steps.length > 1 && steps[1].css !== undefined
        ? Array.prototype.filter.call(document.querySelectorAll(steps[1].css), e => e.matches(selector))
        : document.querySelectorAll(selector);
      for (const candidate of candidates) {
        if (sought !== null && sought.length && cannotMention(candidate, sought, generatedText)) continue;
        const style = styleOf(candidate);
        const role = roleOf(candidate, style);
        if (role === 'none' || role === 'generic') continue;
        const node = { role, name: '', ignored: false, element: candidate, children: [], facts: {} };
        node.facts.ownsListPopup = candidate.localName === 'select' && role === 'combobox';
        const provisional = typeOf(role, candidate, { multiline: candidate.localName === 'textarea' || candidate.getAttribute('aria-multiline') === 'true',
          hasValue: true, ownsListPopup: node.facts.ownsListPopup });
        if (provisional !== wanted && !(role === 'progressbar' && (wanted === 'progressIndicator' || wanted === 'activityIndicator'))) continue;
        if (!inTree(candidate)) continue;
        describe(node, candidate, role, context);
        const element = makeElement(node, -1, -1, attribute);
        if (element.type !== wanted) continue;
        current.push(element);
      }
      for (let position = 1; position < steps.length; position++) {
        const step = steps[position];
        if (step.subscript !== undefined) {
          const predicate = subscriptPredicate(step.subscript);
          current = current.filter(e => evaluatePredicate(predicate, e));
        } else if (step.matching !== undefined) {
          current = current.filter(e => evaluatePredicate(step.matching, e));
        } else if (step.css !== undefined) {
          current = current.filter(e => e.node.element.matches(step.css));
        } else if (step.pick !== undefined) {
          if (step.pick === 'unique') {
            if (current.length === 0) return { failure: { kind: 'noMatch', step: position } };
            if (current.length > 1) return { failure: { kind: 'multipleMatches', step: position, matches: current } };
          } else if (step.pick === 'first') {
            if (!current.length) return { failure: { kind: 'noMatch', step: position } };
            current = [current[0]];
          } else {
            if (step.pick < 0 || step.pick >= current.length) return { failure: { kind: 'indexOutOfRange', step: position, index: step.pick, count: current.length } };
            current = [current[step.pick]];
          }
        }
      }
      return { matches: current };
    }

    // MARK: the cache and the entry point
    let cache = null;
    function elementsNow(config) {
      const now = stamp();
      const key = JSON.stringify([config.identifierAttribute, !!config.frames, config.decorative !== false]);
      if (cache && now !== null && cache.stamp === now && cache.key === key) return { stamp: now, elements: cache.elements };
      forgetStyles();
      const elements = prune(buildTree(config), config);
      cache = { stamp: now, key, elements };
      return { stamp: now, elements };
    }
    function publicElement(element) {
      frameOfElement(element);
      const copy = Object.assign({}, element);
      delete copy.children;
      delete copy.node;
      return copy;
    }
    const api = {
      run(request) {
        const reply = answer(request);
        if (closedShadowRoots > 0 && reply && typeof reply === 'object' && !(reply instanceof Node)) reply.fallback = 'closed shadow root';
        return reply;
      },
      node(reference) { const held = byRef.get(reference); return held ? held.deref() || null : null; },
    };
    function answer(request) {
      {
        const mode = request.mode || 'query';
        if (mode === 'stamp') return { stamp: stamp() };
        if (mode === 'node') { const held = byRef.get(request.ref); return held ? held.deref() || null : null; }
        // After input the stamp can stay while the tree changed (`:hover` rules that show or
        // hide elements change no node): the caller says so, and the kept tree is dropped.
        if (request.fresh === true) cache = null;
        const current = stamp();
        if (mode === 'query' && request.stamp && request.fresh !== true && current !== null && request.stamp === current) return { stamp: current, unchanged: true };
        // The fast path when the page changed since the tree was built (else the cached tree
        // answers at once), or when asked for (`fast: true`, the differential test).
        if (mode === 'query' && (request.fast === true || !(cache && cache.stamp === current && current !== null))) {
          const fast = fastQuery(request);
          if (fast) {
            const reply = { stamp: current, path: 'fast' };
            if (fast.failure) {
              reply.failure = Object.assign({}, fast.failure);
              if (fast.failure.matches) reply.failure.matches = fast.failure.matches.map(publicElement);
              reply.matches = [];
              // A failure is reported with what the whole tree says (near matches, the tree).
              if (request.near) return Object.assign(api.run(Object.assign({}, request, { fast: false })), { path: 'fast, then whole for the failure' });
            } else {
              reply.matches = fast.matches.map(publicElement);
            }
            return reply;
          }
        }
        const { stamp: taken, elements } = elementsNow(request);
        if (mode === 'dump') return { stamp: taken, elements: elements.map(publicElement) };
        const result = evaluate(elements, request.steps || []);
        const reply = { stamp: taken, count: elements.length, path: 'whole' };
        if (result.failure) {
          reply.failure = Object.assign({}, result.failure);
          if (result.failure.matches) reply.failure.matches = result.failure.matches.map(i => publicElement(elements[i]));
          if (request.near && result.failure.kind === 'noMatch') {
            reply.near = nearMatches(elements, request.steps, result.failure.step).map(n => ({ why: n.why, element: publicElement(n.element) }));
          }
          reply.matches = [];
        } else {
          reply.matches = result.matches.map(i => Object.assign(publicElement(elements[i]), { index: i }));
        }
        return reply;
      }
    }
    Object.defineProperty(window, '__labInpage', { value: api, enumerable: false, configurable: true });
    return api;
  }
})
