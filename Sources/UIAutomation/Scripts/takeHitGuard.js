// Removes the hit guard the last actionability check installed; says what the press hit instead
// of the element (a description), or null when it hit the element or no pointer event came.
(() => {
  const guard = window.__labHitGuard;
  if (!guard) return null;
  guard.remove();
  window.__labHitGuard = null;
  return guard.missed || null;
})()
