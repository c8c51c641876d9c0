// Called on a node: the CSS classes of its element (a text node's parent).
(function () {
  const element = this.nodeType === Node.ELEMENT_NODE ? this : this.parentElement;
  return element ? Array.from(element.classList) : [];
})
