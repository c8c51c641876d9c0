// Holds the page still for a screenshot that must be the same every run (snapshot tests), or
// lets it go again. `still` true: hides the text caret and scrollbars, finishes finite
// animations and transitions (they would end the same way), pauses infinite ones at their start
// (spinners), and resolves once web fonts are loaded and two frames have been drawn with that.
// `still` false: removes the style and resumes what it paused.
// The style is a constructed style sheet (`adoptedStyleSheets`), not a `<style>` element: a
// page whose Content Security Policy allows styles only with its nonce (the lab apps') blocks an
// element we add, logs a violation, and keeps its caret; a constructed sheet is CSSOM, which no
// policy restricts.
(function (still) {
  const lab = window.__labStill || (window.__labStill = { paused: [], sheet: null });
  if (!still) {
    if (lab.sheet) document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== lab.sheet);
    for (const animation of lab.paused) { try { animation.play(); } catch (e) { /* gone */ } }
    lab.paused = [];
    return true;
  }
  if (!lab.sheet) {
    lab.sheet = new CSSStyleSheet();
    lab.sheet.replaceSync('*, *::before, *::after { caret-color: transparent !important; scrollbar-width: none !important; }' +
      ' ::-webkit-scrollbar { display: none !important; }');
  }
  if (!document.adoptedStyleSheets.includes(lab.sheet)) document.adoptedStyleSheets = [...document.adoptedStyleSheets, lab.sheet];
  for (const animation of document.getAnimations()) {
    const timing = animation.effect ? animation.effect.getComputedTiming() : null;
    if (timing && timing.endTime !== Infinity) {
      animation.finish();
    } else {
      animation.pause();
      animation.currentTime = 0;
      lab.paused.push(animation);
    }
  }
  // The browser's own frames, not a page clock's (paused, it would never resolve).
  const requestFrame = window.__lab ? window.__lab.rawRequestFrame : requestAnimationFrame;
  const frame = () => new Promise((resolve) => requestFrame(() => resolve()));
  return document.fonts.ready.then(frame).then(frame).then(() => true);
})
