// Called with a CSS selector: the document's elements that match it, each followed by its
// child text nodes (a text matches by its parent element, as in nodesMatchingSelector.js), or a
// string (the selector is invalid), or null when the document alone cannot answer for every
// node (shadow trees, frames, `:scope`, which means the element itself to `matches`) or the
// answer would be long: then each candidate is asked.
(function (selector) {
  const lab = window.__lab;
  if (!lab || lab.shadowRoots || selector.includes(':scope') || document.querySelector('iframe, frame, object, embed') !== null) return null;
  let found;
  try { found = document.querySelectorAll(selector); } catch (error) { return String(error.message); }
  if (found.length > 2000) return null;
  const nodes = [];
  for (const element of found) {
    nodes.push(element);
    for (const child of element.childNodes) if (child.nodeType === Node.TEXT_NODE) nodes.push(child);
  }
  return nodes;
})
