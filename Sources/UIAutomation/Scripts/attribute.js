// Called on a node: the attribute `name` of its element (a text node's parent), or null.
(function (name) {
  const element = this.nodeType === Node.ELEMENT_NODE ? this : this.parentElement;
  return element ? element.getAttribute(name) : null;
})
