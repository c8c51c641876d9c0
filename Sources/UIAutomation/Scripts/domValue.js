// Called on a node: the live `value` of an input, text area or select (what the page's
// scripts read), else null.
(function () {
  const element = this.nodeType === Node.ELEMENT_NODE ? this : this.parentElement;
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement)
    return element.value;
  return null;
})
