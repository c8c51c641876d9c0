// Called on a node with more node arguments: for `this` and each, whether its element matches
// the CSS `selector` (an array of booleans in argument order), or { invalidSelector }.
(function (selector, ...others) {
  const elementOf = (node) => node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement;
  try {
    return [this, ...others].map((node) => { const element = elementOf(node); return element ? element.matches(selector) : false; });
  } catch (error) { return { invalidSelector: String(error.message) }; }
})
