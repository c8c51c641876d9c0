// A clock the test controls (issue 43): installed in every new document before the page's own
// scripts (after the instrumentation), called with the clock's state as the test left it:
//   { offset: fake − real ms while running, paused: bool, pausedAt: fake ms while paused,
//     fixed: fake ms Date always answers, or null }.
// It replaces Date (`new Date()`, `Date.now()`), setTimeout/setInterval (and their clears) and
// requestAnimationFrame (and its cancel). `performance.now()` stays real: the instrumentation's
// idle rules measure real time with it.
//
// While running, fake time flows with real time and each fake timer is backed by a real one made
// with the setTimeout the page had before (the instrumentation's, so the idle wait still waits
// for a short timer a tap queued). While paused, nothing fires and nothing real is scheduled:
// the idle wait never waits on a paused timer. `window.__labClock` is the control:
// fastForward(ms), runFor(ms), pauseAt(ms), resume(), setFixedTime(ms), state(), pending().
(function (initial) {
  if (window.__labClock) return;
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  const baseSetTimeout = window.setTimeout, baseClearTimeout = window.clearTimeout;
  const baseRequestFrame = window.requestAnimationFrame, baseCancelFrame = window.cancelAnimationFrame;
  const frameStep = 16;

  let offset = initial.offset || 0;
  let paused = !!initial.paused;
  let pausedAt = initial.pausedAt || 0;
  let fixed = initial.fixed === undefined ? null : initial.fixed;

  const now = () => (paused ? pausedAt : realNow() + offset);
  const setNow = (time) => { if (paused) pausedAt = time; else offset = time - realNow(); };

  // Timers: id → { callback, args, at, interval }. Ids count up from 1, as the browser's do.
  const timers = new Map();
  let nextId = 1;
  let wakeup = null;
  // Frames queued while paused: id → callback. Running, frames go to the browser's at once.
  const frames = new Map();
  const realFrames = new Map();

  function schedule() {
    if (wakeup !== null) { baseClearTimeout.call(window, wakeup); wakeup = null; }
    if (paused || timers.size === 0) return;
    let next = Infinity;
    for (const timer of timers.values()) next = Math.min(next, timer.at);
    wakeup = baseSetTimeout.call(window, () => { wakeup = null; fireDue(now(), false); schedule(); }, Math.max(0, next - now()));
  }

  function call(callback, args) {
    if (typeof callback === 'function') callback.apply(window, args);
    else (0, eval)(String(callback));  // setTimeout('code'): as the browser would, in the page's world
  }

  // Fires the timers due at `until`, earliest first. `once`: each timer at most once (an interval
  // is rescheduled after `until`), as a laptop waking from sleep; else intervals repeat.
  function fireDue(until, once) {
    const fired = new Set();
    for (;;) {
      let due = null;
      for (const [id, timer] of timers) {
        if (timer.at > until || (once && fired.has(id))) continue;
        if (due === null || timer.at < due[1].at || (timer.at === due[1].at && id < due[0])) due = [id, timer];
      }
      if (due === null) return;
      const [id, timer] = due;
      fired.add(id);
      if (timer.interval === null) timers.delete(id);
      else timer.at = once ? Math.max(timer.at, until) + timer.interval : timer.at + timer.interval;
      if (!once && paused) pausedAt = Math.max(pausedAt, Math.min(until, timer.at));
      try { call(timer.callback, timer.args); } catch (error) { reportError(error); }
    }
  }

  function reportError(error) {
    // An exception in a timer is the page's own: let it reach the console as uncaught.
    baseSetTimeout.call(window, () => { throw error; }, 0);
  }

  function add(callback, delay, args, repeat) {
    const id = nextId++;
    const ms = Math.max(0, Number(delay) || 0);
    timers.set(id, { callback, args, at: now() + ms, interval: repeat ? Math.max(ms, 1) : null });
    schedule();
    return id;
  }
  function clear(id) {
    if (timers.delete(Number(id))) schedule();
  }

  function FakeDate(...args) {
    if (!new.target) return new RealDate(fixed !== null ? fixed : now()).toString();
    if (args.length === 0) return Reflect.construct(RealDate, [fixed !== null ? fixed : now()], new.target);
    return Reflect.construct(RealDate, args, new.target);
  }
  FakeDate.prototype = RealDate.prototype;
  FakeDate.now = () => (fixed !== null ? fixed : Math.floor(now()));
  FakeDate.parse = RealDate.parse;
  FakeDate.UTC = RealDate.UTC;
  Object.defineProperty(FakeDate, 'name', { value: 'Date' });
  FakeDate.toString = () => RealDate.toString();

  window.Date = FakeDate;
  window.setTimeout = function setTimeout(callback, delay, ...args) { return add(callback, delay, args, false); };
  window.setInterval = function setInterval(callback, delay, ...args) { return add(callback, delay, args, true); };
  window.clearTimeout = function clearTimeout(id) { clear(id); };
  window.clearInterval = function clearInterval(id) { clear(id); };
  window.requestAnimationFrame = function requestAnimationFrame(callback) {
    const id = nextId++;
    if (paused) {
      frames.set(id, callback);
    } else {
      realFrames.set(id, baseRequestFrame.call(window, (time) => { realFrames.delete(id); callback(time); }));
    }
    return id;
  };
  window.cancelAnimationFrame = function cancelAnimationFrame(id) {
    frames.delete(id);
    if (realFrames.has(id)) { baseCancelFrame.call(window, realFrames.get(id)); realFrames.delete(id); }
  };

  // Runs the frames queued while paused (each once), as one frame would.
  function runFrames() {
    const queued = [...frames.values()];
    frames.clear();
    const time = performance.now();
    for (const callback of queued) {
      try { callback(time); } catch (error) { reportError(error); }
    }
  }

  // Advances fake time by `ms`: timers due meanwhile fire (each once, or all of them in order),
  // and a paused page's queued frames run once per 16 ms advanced (at least once).
  function advance(ms, once) {
    if (!(ms >= 0)) throw new Error('the clock cannot go back: ' + ms + ' ms');
    const target = now() + ms;
    if (once) {
      fireDue(target, true);
    } else {
      // Step by frames so frames and timers interleave as they would.
      let at = now();
      while (at < target) {
        at = Math.min(target, at + frameStep);
        fireDue(at, false);
        setNow(Math.max(now(), at));
        if (paused) runFrames();
      }
    }
    setNow(target);
    if (paused) runFrames();
    schedule();
  }

  const control = {
    fastForward(ms) { advance(ms, true); return control.state(); },
    runFor(ms) { advance(ms, false); return control.state(); },
    pauseAt(time) {
      const ahead = time - now();
      if (ahead < 0) throw new Error('the clock is already past ' + new RealDate(time).toISOString());
      advance(ahead, true);
      paused = true;
      pausedAt = time;
      schedule();
      return control.state();
    },
    resume() {
      if (paused) {
        offset = pausedAt - realNow();
        paused = false;
        for (const [id, callback] of frames) {
          realFrames.set(id, baseRequestFrame.call(window, (time) => { realFrames.delete(id); callback(time); }));
        }
        frames.clear();
        schedule();
      }
      return control.state();
    },
    setFixedTime(time) { fixed = time; return control.state(); },
    // The state a new document of this launch starts from.
    state() { return { offset: paused ? 0 : offset, paused, pausedAt: paused ? pausedAt : 0, fixed, now: now() }; },
    // Timers and frames waiting (for a wait's failure to say the clock holds them).
    pending() { return { timers: timers.size, frames: frames.size, paused, now: now() }; },
  };
  Object.defineProperty(window, '__labClock', { value: control, enumerable: false });
})
