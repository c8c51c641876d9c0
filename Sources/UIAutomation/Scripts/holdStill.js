// Holds the page still for a screenshot that must be the same every run (snapshot tests), or
// lets it go again. `still` true: hides the text caret and scrollbars, finishes finite
// animations and transitions (they would end the same way), pauses infinite ones at their start
// (spinners), and resolves once web fonts are loaded and two frames have been drawn with that.
// `still` false: removes the style and resumes what it paused.
(function (still) {
  const id = '__automationlab-still';
  const lab = window.__labStill || (window.__labStill = { paused: [] });
  if (!still) {
    const style = document.getElementById(id);
    if (style) style.remove();
    for (const animation of lab.paused) { try { animation.play(); } catch (e) { /* gone */ } }
    lab.paused = [];
    return true;
  }
  if (!document.getElementById(id)) {
    const style = document.createElement('style');
    style.id = id;
    style.textContent = '*, *::before, *::after { caret-color: transparent !important; scrollbar-width: none !important; }' +
      ' ::-webkit-scrollbar { display: none !important; }';
    (document.head || document.documentElement).appendChild(style);
  }
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
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  return document.fonts.ready.then(frame).then(frame).then(() => true);
})
