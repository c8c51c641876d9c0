/// The shell's stylesheet: iOS system colours (light and dark), the system font stack, a
/// phone-width column (centred, framed like a device on wide screens), navigation bars,
/// grouped lists, grids, buttons, switches, text fields, alerts and push/pop transitions.
///
/// Light-mode colours are iOS's "Increase Contrast" variants (blue #0040dd, red #d70015, a
/// darker green, secondary labels at 75 % instead of 60 %): the standard ones fail WCAG AA
/// contrast on white (#007aff 4.02:1, secondary grey 3.3:1), which the accessibility audit found
/// on every lab screen (docs/accessibility-audit.md).
enum PageStyle {
    static let css: StaticString = """
    :root {
      color-scheme: light dark;
      --bg: #f2f2f7; --card: #ffffff; --label: #000000; --secondary: rgba(60,60,67,.75);
      --separator: rgba(60,60,67,.29); --bar: rgba(249,249,249,.94); --tint: #0040dd;
      --green: #1f7a35; --yellow: #ffcc00; --red: #d70015; --fill: rgba(120,120,128,.16);
      --desk: #d8d8de;
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --bg: #000000; --card: #1c1c1e; --label: #ffffff; --secondary: rgba(235,235,245,.6);
        --separator: rgba(84,84,88,.65); --bar: rgba(29,29,31,.94); --tint: #0a84ff;
        --green: #30d158; --yellow: #ffd60a; --red: #ff453a; --fill: rgba(120,120,128,.32);
        --desk: #2c2c2e;
      }
    }
    * { box-sizing: border-box; -webkit-tap-highlight-color: transparent; }
    html, body { margin: 0; padding: 0; }
    body {
      font-family: -apple-system, BlinkMacSystemFont, "SF Pro Text", "Helvetica Neue", system-ui, "Segoe UI", Roboto, Arial, sans-serif;
      font-size: 17px; line-height: 1.29; background: var(--bg); color: var(--label);
      -webkit-font-smoothing: antialiased;
    }
    .lab-screen { max-width: 430px; min-height: 100vh; margin: 0 auto; background: var(--bg); overflow-x: hidden; }
    @media (min-width: 600px) {
      body { background: var(--desk); padding: 32px 0; }
      .lab-screen { min-height: 820px; border-radius: 36px; overflow: hidden; box-shadow: 0 20px 60px rgba(0,0,0,.25); }
    }
    html[data-transition=push] .lab-screen > * { animation: lab-push 220ms cubic-bezier(.2,.8,.2,1); }
    html[data-transition=pop] .lab-screen > * { animation: lab-pop 220ms cubic-bezier(.2,.8,.2,1); }
    @keyframes lab-push { from { transform: translateX(40%); opacity: 0; } to { transform: none; opacity: 1; } }
    @keyframes lab-pop { from { transform: translateX(-30%); opacity: 0; } to { transform: none; opacity: 1; } }
    @media (prefers-reduced-motion: reduce) { html[data-transition] .lab-screen > * { animation-duration: 1ms; } }

    /* Navigation bar */
    .lab-navbar { position: sticky; top: 0; z-index: 10; background: var(--bar); border-bottom: .5px solid var(--separator); }
    .lab-navbar-bar { display: grid; grid-template-columns: 1fr auto 1fr; align-items: center; height: 44px; padding: 0 8px; }
    .lab-navbar-leading { display: flex; justify-content: flex-start; align-items: center; gap: 4px; min-width: 0; }
    .lab-navbar-trailing { display: flex; justify-content: flex-end; align-items: center; gap: 4px; min-width: 0; }
    .lab-navbar-title { margin: 0; font-size: 17px; font-weight: 600; text-align: center; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    .lab-navbar.large .lab-navbar-title { font-size: 34px; font-weight: 700; text-align: left; padding: 2px 16px 8px; letter-spacing: .01em; }
    .lab-bar-button, .lab-back {
      display: inline-flex; align-items: center; gap: 2px; min-height: 44px; min-width: 44px; justify-content: center;
      padding: 0 8px; border: 0; background: none; color: var(--tint); font: inherit; font-size: 17px;
      text-decoration: none; cursor: pointer;
    }
    .lab-bar-button.bold { font-weight: 600; }
    .lab-back { padding-left: 0; justify-content: flex-start; }
    .lab-back svg { width: 13px; height: 21px; margin-right: 4px; }
    .lab-bar-button svg { width: 26px; height: 26px; }
    .lab-bar-icon { display: inline-flex; }
    .lab-content { padding: 16px 16px 40px; }

    /* Collection view */
    .lab-grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(3, 1fr); gap: 12px; }
    .lab-grid > li { min-width: 0; }
    .lab-grid-item { display: flex; flex-direction: column; align-items: center; gap: 6px; text-decoration: none; color: var(--label); }
    .lab-grid-art { position: relative; width: 100%; aspect-ratio: 1; border-radius: 18px; background: var(--card); display: flex; align-items: center; justify-content: center; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
    .lab-grid-art .lab-art { width: 82%; height: 82%; }
    .lab-image > span { display: block; width: 100%; height: 100%; }
    .lab-image svg { display: block; width: 100%; height: 100%; }
    .lab-detail-art { position: relative; width: 240px; height: 240px; margin: 8px auto 20px; border-radius: 32px; background: var(--card); display: flex; align-items: center; justify-content: center; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
    .lab-detail-art .lab-art { width: 84%; height: 84%; }
    .lab-detail-art .lab-badge { width: 40px; height: 40px; top: 12px; right: 12px; }
    .lab-button-icon { display: inline-flex; width: 20px; height: 20px; }
    .lab-button-icon svg { width: 100%; height: 100%; }
    .lab-grid-name { font-size: 15px; font-weight: 500; }
    .lab-badge { position: absolute; top: 6px; right: 6px; width: 24px; height: 24px; filter: drop-shadow(0 1px 1px rgba(0,0,0,.3)); }

    /* Grouped list (table) */
    .lab-list { list-style: none; margin: 0 0 24px; padding: 0; background: var(--card); border-radius: 10px; overflow: hidden; }
    .lab-list-row, .lab-list > [role=option] {
      display: flex; align-items: center; min-height: 44px; padding: 0 16px; position: relative; user-select: none;
    }
    label.lab-list-row, .lab-list > [role=option] { cursor: pointer; }
    .lab-list > * + *::before { content: ""; position: absolute; top: 0; left: 16px; right: 0; border-top: .5px solid var(--separator); }
    .lab-list [role=option] .lab-check { margin-left: auto; color: var(--tint); font-weight: 600; visibility: hidden; }
    .lab-list [role=option][aria-selected=true] .lab-check { visibility: visible; }
    .lab-list [role=option]:active { background: var(--fill); }
    .lab-row-link { display: flex; flex-direction: column; padding: 10px 0; color: var(--label); text-decoration: none; width: 100%; }
    .lab-row-title { font-size: 17px; }
    .lab-row-subtitle { font-size: 15px; color: var(--secondary); }
    .lab-section-header { font-size: 13px; text-transform: uppercase; color: var(--secondary); margin: 0 16px 6px; font-weight: 400; }

    /* Buttons, labels, images */
    .lab-button {
      display: flex; align-items: center; justify-content: center; gap: 8px; width: 100%; min-height: 50px;
      border: 0; border-radius: 12px; font: inherit; font-weight: 600; cursor: pointer;
      background: var(--tint); color: #fff;
    }
    .lab-button.tint-green { background: var(--green); }
    .lab-button.tint-red { background: var(--red); }
    .lab-button.plain { background: var(--card); color: var(--tint); font-weight: 400; }
    .lab-button.plain.destructive { color: var(--red); }
    .lab-label { margin: 0 0 8px; }
    .lab-label.title { font-size: 28px; font-weight: 700; text-align: center; }
    .lab-label.secondary { color: var(--secondary); font-size: 15px; }
    .lab-image { display: block; }

    /* Switch row */
    .lab-switch { appearance: none; -webkit-appearance: none; margin: 0 0 0 auto; width: 51px; height: 31px; border-radius: 16px; background: var(--fill); position: relative; cursor: pointer; transition: background .2s; flex: none; }
    .lab-switch::after { content: ""; position: absolute; top: 2px; left: 2px; width: 27px; height: 27px; border-radius: 50%; background: #fff; box-shadow: 0 3px 8px rgba(0,0,0,.15); transition: transform .2s; }
    .lab-switch:checked { background: var(--green); }
    .lab-switch:checked::after { transform: translateX(20px); }

    /* Text field */
    .lab-text-field { display: flex; align-items: center; gap: 12px; }
    .lab-text-field input { flex: 1; border: 0; background: none; font: inherit; color: var(--label); min-height: 44px; outline: none; text-align: right; }

    /* Tags */
    .lab-tags { display: flex; flex-wrap: wrap; justify-content: center; gap: 8px; margin: 0 0 24px; padding: 0; list-style: none; }
    .lab-tag { margin: 0; padding: 4px 12px; border-radius: 14px; background: var(--fill); font-size: 15px; }

    /* Empty state */
    .lab-empty { display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 8px; padding: 96px 24px; color: var(--secondary); text-align: center; }
    .lab-empty svg { width: 56px; height: 56px; opacity: .5; }
    .lab-empty p { margin: 0; font-size: 20px; font-weight: 600; }

    /* Alert */
    .lab-scrim { position: fixed; inset: 0; background: rgba(0,0,0,.35); display: flex; align-items: center; justify-content: center; z-index: 100; }
    .lab-alert { width: 270px; border-radius: 14px; background: var(--bar); text-align: center; overflow: hidden; }
    .lab-alert h2 { font-size: 17px; margin: 20px 16px 2px; }
    .lab-alert p { font-size: 13px; margin: 0 16px 20px; }
    .lab-alert-actions { display: flex; border-top: .5px solid var(--separator); }
    .lab-alert-actions > * { flex: 1; min-height: 44px; border: 0; background: none; color: var(--tint); font: inherit; cursor: pointer; }
    .lab-alert-actions > * + * { border-left: .5px solid var(--separator); font-weight: 600; }
    """
}
