// Called on an element: blurs it, or whatever inside it has focus (shadow roots included).
// Returns whether something lost focus.
(function () {
  let active = document.activeElement;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
  if (!active || active === document.body) return false;
  const within = node => node === this || (this.contains && this.contains(node));
  let node = active;
  while (node && !within(node)) node = node.parentNode || node.host;
  if (!node) return false;
  active.blur();
  return true;
})
