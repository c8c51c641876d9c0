// Called on a node: whether its element matches the CSS `selector`, or { invalidSelector }.
(function (selector) {
  const element = this.nodeType === Node.ELEMENT_NODE ? this : this.parentElement;
  try { return element ? element.matches(selector) : false; }
  catch (error) { return { invalidSelector: String(error.message) }; }
})
