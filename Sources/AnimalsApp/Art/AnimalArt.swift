/// The app's artwork: a friendly cartoon of each animal and the favourite star, drawn for
/// this project as inline SVG (100×100 view box, no external assets).
enum AnimalArt {
    static let lion: StaticString = """
    <svg viewBox="0 0 100 100" xmlns="http://www.w3.org/2000/svg"><g fill="#d9822b"><circle cx="50" cy="18" r="14"/><circle cx="74" cy="26" r="14"/><circle cx="84" cy="50" r="14"/><circle cx="74" cy="74" r="14"/><circle cx="50" cy="83" r="14"/><circle cx="26" cy="74" r="14"/><circle cx="16" cy="50" r="14"/><circle cx="26" cy="26" r="14"/><circle cx="50" cy="50" r="34"/></g><circle cx="30" cy="30" r="8" fill="#f3c168"/><circle cx="70" cy="30" r="8" fill="#f3c168"/><circle cx="50" cy="53" r="26" fill="#f7cf7a"/><circle cx="40" cy="46" r="4" fill="#2b2b2b"/><circle cx="60" cy="46" r="4" fill="#2b2b2b"/><circle cx="41.3" cy="44.7" r="1.3" fill="#fff"/><circle cx="61.3" cy="44.7" r="1.3" fill="#fff"/><ellipse cx="50" cy="62" rx="10" ry="7" fill="#fff3d6"/><path d="M45 57h10l-5 5z" fill="#6b3b1f"/><path d="M50 62v3M44 66q6 4 12 0" stroke="#6b3b1f" stroke-width="2" fill="none" stroke-linecap="round"/></svg>
    """

    static let tiger: StaticString = """
    <svg viewBox="0 0 100 100" xmlns="http://www.w3.org/2000/svg"><circle cx="24" cy="24" r="11" fill="#ef8a2f"/><circle cx="76" cy="24" r="11" fill="#ef8a2f"/><circle cx="24" cy="24" r="5" fill="#fde2c3"/><circle cx="76" cy="24" r="5" fill="#fde2c3"/><ellipse cx="50" cy="54" rx="38" ry="34" fill="#f59a3c"/><path d="M50 22v12M42 23l2 9M58 23l-2 9M13 48h12M14 58h11M87 48H75M86 58H75" stroke="#2b2b2b" stroke-width="3.5" stroke-linecap="round"/><ellipse cx="36" cy="70" rx="16" ry="12" fill="#fff8ee"/><ellipse cx="64" cy="70" rx="16" ry="12" fill="#fff8ee"/><circle cx="38" cy="48" r="4.5" fill="#2b2b2b"/><circle cx="62" cy="48" r="4.5" fill="#2b2b2b"/><circle cx="39.5" cy="46.5" r="1.5" fill="#fff"/><circle cx="63.5" cy="46.5" r="1.5" fill="#fff"/><path d="M44 60h12l-6 6z" fill="#e0607e"/><path d="M50 66v4M44 73q6 4 12 0" stroke="#2b2b2b" stroke-width="2" fill="none" stroke-linecap="round"/></svg>
    """

    static let zebra: StaticString = """
    <svg viewBox="0 0 100 100" xmlns="http://www.w3.org/2000/svg"><path d="M34 20 28 4l14 10zM66 20l6-16-14 10z" fill="#f4f4f4" stroke="#2b2b2b" stroke-width="2"/><path d="M42 10q8-8 16 0l-2 10H44z" fill="#2b2b2b"/><ellipse cx="50" cy="48" rx="26" ry="32" fill="#f7f7f7" stroke="#2b2b2b" stroke-width="2"/><path d="M27 36h12M26 46h10M74 36H61M74 46H64M40 22l5 10M60 22l-5 10M50 18v12" stroke="#2b2b2b" stroke-width="4" stroke-linecap="round"/><ellipse cx="50" cy="76" rx="20" ry="14" fill="#4a4a4a"/><circle cx="43" cy="76" r="3" fill="#1b1b1b"/><circle cx="57" cy="76" r="3" fill="#1b1b1b"/><circle cx="39" cy="52" r="4.5" fill="#2b2b2b"/><circle cx="61" cy="52" r="4.5" fill="#2b2b2b"/><circle cx="40.5" cy="50.5" r="1.5" fill="#fff"/><circle cx="62.5" cy="50.5" r="1.5" fill="#fff"/></svg>
    """

    static let elephant: StaticString = """
    <svg viewBox="0 0 100 100" xmlns="http://www.w3.org/2000/svg"><ellipse cx="18" cy="46" rx="17" ry="24" fill="#9aa7b5"/><ellipse cx="82" cy="46" rx="17" ry="24" fill="#9aa7b5"/><ellipse cx="20" cy="46" rx="10" ry="16" fill="#e8b4c0"/><ellipse cx="80" cy="46" rx="10" ry="16" fill="#e8b4c0"/><circle cx="50" cy="44" r="28" fill="#aeb9c6"/><path d="M42 58q-2 22 4 30q4 6 10 2q3-2 0-5q-4 2-5-4q-2-10 1-23z" fill="#aeb9c6"/><path d="M38 64q-6 6-10 4M62 64q6 6 10 4" stroke="#fff" stroke-width="4" stroke-linecap="round" fill="none"/><circle cx="40" cy="40" r="4" fill="#2b2b2b"/><circle cx="60" cy="40" r="4" fill="#2b2b2b"/><circle cx="41.3" cy="38.7" r="1.3" fill="#fff"/><circle cx="61.3" cy="38.7" r="1.3" fill="#fff"/><circle cx="34" cy="50" r="4" fill="#f2a7b6" opacity=".7"/><circle cx="66" cy="50" r="4" fill="#f2a7b6" opacity=".7"/></svg>
    """

    static let giraffe: StaticString = """
    <svg viewBox="0 0 100 100" xmlns="http://www.w3.org/2000/svg"><rect x="38" y="58" width="24" height="42" fill="#f2c14e"/><circle cx="46" cy="72" r="4" fill="#b86b25"/><circle cx="56" cy="88" r="5" fill="#b86b25"/><path d="M38 20V8M62 20V8" stroke="#b86b25" stroke-width="4"/><circle cx="38" cy="7" r="4.5" fill="#8a4d1a"/><circle cx="62" cy="7" r="4.5" fill="#8a4d1a"/><ellipse cx="24" cy="28" rx="10" ry="5" fill="#f2c14e" transform="rotate(-20 24 28)"/><ellipse cx="76" cy="28" rx="10" ry="5" fill="#f2c14e" transform="rotate(20 76 28)"/><ellipse cx="50" cy="38" rx="22" ry="24" fill="#f6cd5f"/><circle cx="36" cy="26" r="4" fill="#b86b25"/><circle cx="64" cy="24" r="3" fill="#b86b25"/><circle cx="66" cy="46" r="3.5" fill="#b86b25"/><ellipse cx="50" cy="54" rx="16" ry="11" fill="#f9e1a0"/><circle cx="44" cy="54" r="2" fill="#8a4d1a"/><circle cx="56" cy="54" r="2" fill="#8a4d1a"/><circle cx="41" cy="36" r="4" fill="#2b2b2b"/><circle cx="59" cy="36" r="4" fill="#2b2b2b"/><circle cx="42.3" cy="34.7" r="1.3" fill="#fff"/><circle cx="60.3" cy="34.7" r="1.3" fill="#fff"/></svg>
    """

    static let cow: StaticString = """
    <svg viewBox="0 0 100 100" xmlns="http://www.w3.org/2000/svg"><path d="M28 24q-12-4-14-16q10 6 20 8zM72 24q12-4 14-16q-10 6-20 8z" fill="#efe4cf"/><ellipse cx="15" cy="38" rx="12" ry="6" fill="#f4f4f4" stroke="#2b2b2b" stroke-width="1.5"/><ellipse cx="85" cy="38" rx="12" ry="6" fill="#f4f4f4" stroke="#2b2b2b" stroke-width="1.5"/><ellipse cx="50" cy="46" rx="30" ry="32" fill="#fafafa" stroke="#2b2b2b" stroke-width="1.5"/><path d="M24 36q6-16 20-18q-4 14-20 18z" fill="#2b2b2b"/><ellipse cx="68" cy="30" rx="8" ry="6" fill="#2b2b2b"/><ellipse cx="50" cy="72" rx="24" ry="16" fill="#f6b8c4"/><ellipse cx="41" cy="72" rx="4" ry="5" fill="#c9737f"/><ellipse cx="59" cy="72" rx="4" ry="5" fill="#c9737f"/><circle cx="39" cy="46" r="4.5" fill="#2b2b2b"/><circle cx="61" cy="46" r="4.5" fill="#2b2b2b"/><circle cx="40.5" cy="44.5" r="1.5" fill="#fff"/><circle cx="62.5" cy="44.5" r="1.5" fill="#fff"/></svg>
    """

    static let pig: StaticString = """
    <svg viewBox="0 0 100 100" xmlns="http://www.w3.org/2000/svg"><path d="M18 34 16 10l22 12zM82 34l2-24-22 12z" fill="#ee9aae"/><circle cx="50" cy="52" r="36" fill="#f7b6c5"/><ellipse cx="50" cy="62" rx="17" ry="12" fill="#ee8fa7"/><ellipse cx="44" cy="62" rx="3.5" ry="5" fill="#b8526b"/><ellipse cx="56" cy="62" rx="3.5" ry="5" fill="#b8526b"/><circle cx="37" cy="42" r="4.5" fill="#2b2b2b"/><circle cx="63" cy="42" r="4.5" fill="#2b2b2b"/><circle cx="38.5" cy="40.5" r="1.5" fill="#fff"/><circle cx="64.5" cy="40.5" r="1.5" fill="#fff"/><circle cx="26" cy="58" r="5" fill="#f28aa2" opacity=".6"/><circle cx="74" cy="58" r="5" fill="#f28aa2" opacity=".6"/><path d="M43 78q7 5 14 0" stroke="#b8526b" stroke-width="2.5" fill="none" stroke-linecap="round"/></svg>
    """

    static let chicken: StaticString = """
    <svg viewBox="0 0 100 100" xmlns="http://www.w3.org/2000/svg"><path d="M36 22q-2-12 8-12q2-8 10-4q8-4 10 4q8 0 6 12z" fill="#e53935"/><path d="M40 90v8M60 90v8M36 98h10M56 98h10" stroke="#f0a020" stroke-width="3" stroke-linecap="round"/><ellipse cx="50" cy="56" rx="32" ry="36" fill="#ffffff" stroke="#e0d6c8" stroke-width="2"/><path d="M18 58q-8 10 6 20q4-10-6-20zM82 58q8 10-6 20q-4-10 6-20z" fill="#efe6d8"/><path d="M42 50h16l-8 11z" fill="#f5a623"/><path d="M46 60q4 12 8 0z" fill="#e53935"/><circle cx="39" cy="42" r="4.5" fill="#2b2b2b"/><circle cx="61" cy="42" r="4.5" fill="#2b2b2b"/><circle cx="40.5" cy="40.5" r="1.5" fill="#fff"/><circle cx="62.5" cy="40.5" r="1.5" fill="#fff"/></svg>
    """

    static let penguin: StaticString = """
    <svg viewBox="0 0 100 100" xmlns="http://www.w3.org/2000/svg"><ellipse cx="50" cy="54" rx="34" ry="42" fill="#27313d"/><path d="M18 52q-10 16-2 30q8-10 6-30zM82 52q10 16 2 30q-8-10-6-30z" fill="#1c242d"/><ellipse cx="50" cy="64" rx="22" ry="30" fill="#fdfdfd"/><path d="M30 40q0-16 20-16q20 0 20 16q-6 8-20 8q-14 0-20-8z" fill="#fdfdfd"/><path d="M43 44h14l-7 8z" fill="#f7931e"/><ellipse cx="38" cy="95" rx="9" ry="4" fill="#f7931e"/><ellipse cx="62" cy="95" rx="9" ry="4" fill="#f7931e"/><circle cx="41" cy="36" r="4" fill="#2b2b2b"/><circle cx="59" cy="36" r="4" fill="#2b2b2b"/><circle cx="42.3" cy="34.7" r="1.3" fill="#fff"/><circle cx="60.3" cy="34.7" r="1.3" fill="#fff"/><circle cx="34" cy="46" r="3.5" fill="#f4a3b5" opacity=".7"/><circle cx="66" cy="46" r="3.5" fill="#f4a3b5" opacity=".7"/></svg>
    """

    static let owl: StaticString = """
    <svg viewBox="0 0 100 100" xmlns="http://www.w3.org/2000/svg"><path d="M20 26 22 6l16 14zM80 26 78 6 62 20z" fill="#7a5230"/><ellipse cx="50" cy="56" rx="34" ry="40" fill="#946640"/><ellipse cx="50" cy="70" rx="20" ry="22" fill="#e9cfa6"/><path d="M40 64q3 3 6 0M54 64q3 3 6 0M44 74q3 3 6 0M50 74q3 3 6 0M40 84q3 3 6 0M54 84q3 3 6 0" stroke="#b98d5d" stroke-width="2" fill="none"/><circle cx="35" cy="38" r="14" fill="#f6d365"/><circle cx="65" cy="38" r="14" fill="#f6d365"/><circle cx="35" cy="38" r="10" fill="#fff"/><circle cx="65" cy="38" r="10" fill="#fff"/><circle cx="36" cy="39" r="6" fill="#2b2b2b"/><circle cx="64" cy="39" r="6" fill="#2b2b2b"/><circle cx="38" cy="37" r="2" fill="#fff"/><circle cx="66" cy="37" r="2" fill="#fff"/><path d="M45 48h10l-5 10z" fill="#f29e1f"/></svg>
    """

    static let whale: StaticString = """
    <svg viewBox="0 0 100 100" xmlns="http://www.w3.org/2000/svg"><path d="M40 24q-2-10-8-12M40 24q2-10 8-12M40 24v-14" stroke="#7cc4f2" stroke-width="3" fill="none" stroke-linecap="round"/><path d="M8 60q0-30 36-30q30 0 38 22l12-14q4 0 2 6l-6 14 8 10q2 6-2 6l-14-10q-10 22-42 22q-32 0-32-26z" fill="#3f7fc9"/><path d="M10 66q8 20 34 20q24 0 34-14q-30 6-68-6z" fill="#cfe6f8"/><circle cx="28" cy="54" r="4.5" fill="#1d2b3a"/><circle cx="29.5" cy="52.5" r="1.5" fill="#fff"/><path d="M16 64q8 4 18 2" stroke="#1d2b3a" stroke-width="2" fill="none" stroke-linecap="round"/><circle cx="40" cy="60" r="3.5" fill="#f4a3b5" opacity=".7"/></svg>
    """

    static let clownfish: StaticString = """
    <svg viewBox="0 0 100 100" xmlns="http://www.w3.org/2000/svg"><path d="M72 50 94 30q4 20 0 40z" fill="#f57c1f" stroke="#2b2b2b" stroke-width="2"/><path d="M40 28q8-14 22-8q-6 4-8 10zM44 72q6 10 16 8q-6-4-6-10z" fill="#f57c1f" stroke="#2b2b2b" stroke-width="2"/><ellipse cx="46" cy="50" rx="36" ry="24" fill="#f7892b" stroke="#2b2b2b" stroke-width="2"/><path d="M30 28q-8 22 0 44h9q-6-22 0-44zM56 26q-6 24 0 48h9q-6-24 0-48z" fill="#fff" stroke="#2b2b2b" stroke-width="2"/><circle cx="20" cy="46" r="5" fill="#2b2b2b"/><circle cx="21.7" cy="44.3" r="1.7" fill="#fff"/><path d="M12 58q4 3 8 1" stroke="#2b2b2b" stroke-width="2" fill="none" stroke-linecap="round"/></svg>
    """

    /// The small yellow filled star of a favourite.
    static let star: StaticString = """
    <svg viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg"><path d="M12 2.5l2.9 6 6.6.8-4.9 4.5 1.3 6.5L12 17l-5.9 3.3 1.3-6.5-4.9-4.5 6.6-.8z" fill="#ffcc00" stroke="#d9a400" stroke-width="1" stroke-linejoin="round"/></svg>
    """

    /// The gallery's favourites-only bar button: an outlined star (off) …
    static let starOutline: StaticString = """
    <svg viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg"><path d="M12 2.5l2.9 6 6.6.8-4.9 4.5 1.3 6.5L12 17l-5.9 3.3 1.3-6.5-4.9-4.5 6.6-.8z" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round"/></svg>
    """

    /// … and a filled one (on).
    static let starFilled: StaticString = """
    <svg viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg"><path d="M12 2.5l2.9 6 6.6.8-4.9 4.5 1.3 6.5L12 17l-5.9 3.3 1.3-6.5-4.9-4.5 6.6-.8z" fill="currentColor" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round"/></svg>
    """
}
