import TestSupport

/// The fixture pages the UIAutomation tests run against, one small page per behaviour.
enum FixturePages {
    static let all: [String: String] = [
        "/basics": basics,
        "/delayed": delayed,
        "/overlay": overlay,
        "/transition": transition,
        "/disabled": disabled,
        "/toggle": toggle,
        "/form": form,
        "/list": list,
        "/hang": hang,
        "/nav/first": navFirst,
        "/nav/second": navSecond,
        "/storage": storage,
        "/hundred": hundred,
        "/gestures": gestures,
        "/carousel": carousel,
        "/custom-id": customIdentifier,
        "/media": media,
        "/changes": changes,
        "/hovers": hovers,
        "/submit": submit,
        "/submitted": submitted,
        "/decor": decor,
        "/glyphs": glyphs,
        "/mutations": mutations,
        "/mutations-siblings": mutationsWithSiblingRules,
        "/mutations-spaced": mutationsWithSpacedGeneratedText,
        "/many-texts": manyTexts,
        "/target": targetedSection,
        "/many-texts-shadow": manyTextsWithShadow,
    ].merging(webVerbPages) { first, _ in first }.merging(webReadPages) { first, _ in first }.merging(corePages) { first, _ in first }
        .merging(reactionPages) { first, _ in first }
        .merging(networkPages) { first, _ in first }
        .merging(["/audit": AuditFixturePage.html]) { first, _ in first }

    static func page(_ title: String, _ body: String, head: String = "") -> String {
        """
        <!doctype html><html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1"><title>\(title)</title>
        <style>body{font-family:sans-serif;margin:0;padding:8px} button{min-height:44px}</style>\(head)</head>
        <body>\(body)</body></html>
        """
    }

    static let basics = page("Basics", """
        <nav data-testid="navbar" aria-label="Animals"><h1 data-testid="title">Animals</h1>
          <a href="/nav/second" data-testid="next">Next</a></nav>
        <main>
          <p data-testid="intro">Hello <b>there</b></p>
          <button data-testid="save">Save</button>
          <button data-testid="described" aria-description="Wrong answer" aria-disabled="true">Paris</button>
          <button data-testid="dup">Same</button><button data-testid="dup">Same</button>
          <input data-testid="name" placeholder="Your name" value="Bob">
          <input type="password" data-testid="secret" placeholder="Secret">
          <input type="search" aria-label="Search">
          <ul data-testid="grid">
            <li data-testid="cell-lion"><img src="data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>" alt="Lion" width="40" height="40"><span>Lion</span><button data-testid="fav-lion">Star</button></li>
            <li data-testid="cell-tiger"><span>Tiger</span><button data-testid="fav-tiger">Star</button></li>
            <li data-testid="cell-zebra"><span>Zebra</span></li>
          </ul>
          <div role="listbox" aria-multiselectable="true" data-testid="tags">
            <div role="option" aria-selected="true" data-testid="tag-cats">cats</div>
            <div role="option" aria-selected="false" data-testid="tag-dogs">dogs</div>
          </div>
          <div role="switch" aria-checked="true" aria-label="Wifi" data-testid="wifi" tabindex="0">Wifi</div>
          <div role="alertdialog" aria-label="Oops" data-testid="alert"><p>Sure?</p></div>
        </main>
        """)

    /// Tapping "start" adds a button and removes a paragraph 2.5 s later (margin for busy machines).
    static let delayed = page("Delayed", """
        <div id="root"><p data-testid="goes-away">Temporary</p>
        <button data-testid="start" onclick="schedule()">Start</button></div>
        <script>
          function schedule() {
            setTimeout(() => {
              const b = document.createElement('button'); b.dataset.testid = 'late'; b.textContent = 'Late';
              document.getElementById('root').appendChild(b);
              document.querySelector('[data-testid=goes-away]').remove();
            }, 2500);
          }
        </script>
        """)

    static let overlay = page("Overlay", """
        <button data-testid="under" onclick="document.title='tapped'">Under</button>
        <div data-testid="blocker" class="scrim" style="position:fixed;inset:0;background:rgba(0,0,0,.3)">Loading…</div>
        <script>
          const wait = new URLSearchParams(location.search).get('hold') || '600';
          if (wait !== 'forever') setTimeout(() => document.querySelector('.scrim').remove(), Number(wait));
        </script>
        """)

    static let transition = page("Transition", """
        <style>#panel{transform:translateX(100vw);transition:transform 300ms ease-out}#panel.in{transform:none}</style>
        <div id="panel"><button data-testid="moving" onclick="document.title='caught'">Catch me</button></div>
        <script>requestAnimationFrame(() => requestAnimationFrame(() => document.getElementById('panel').classList.add('in')))</script>
        """)

    static let disabled = page("Disabled", """
        <button data-testid="never" disabled onclick="document.title='wrong'">Never</button>
        <button data-testid="later" disabled onclick="document.title='enabled tap'">Later</button>
        <script>setTimeout(() => document.querySelector('[data-testid=later]').disabled = false, 400)</script>
        """)

    /// A full-width row that is the switch element, but only the knob at its trailing edge reacts.
    static let toggle = page("Toggle", """
        <style>
          .row{display:flex;justify-content:space-between;align-items:center;width:100%;height:44px;box-sizing:border-box;padding:0 12px}
          .knob{width:51px;height:31px;border-radius:16px;background:#ccc;flex:none}
          .row[aria-checked=true] .knob{background:#34c759}
        </style>
        <div class="row" role="switch" aria-checked="false" aria-label="Airplane Mode" data-testid="airplane">
          <span>Airplane Mode</span><span class="knob" data-testid="airplane-knob"></span>
        </div>
        <script>
          const row = document.querySelector('.row');
          row.querySelector('.knob').addEventListener('click', () =>
            row.setAttribute('aria-checked', row.getAttribute('aria-checked') === 'true' ? 'false' : 'true'));
        </script>
        """)

    static let form = page("Form", """
        <label for="n">Name</label><input id="n" data-testid="name" placeholder="Your name">
        <input type="password" data-testid="password" placeholder="Password">
        <p data-testid="echo"></p>
        <script>document.getElementById('n').addEventListener('input', e =>
          document.querySelector('[data-testid=echo]').textContent = e.target.value)</script>
        """)

    static let list = page("List", """
        <ul data-testid="list" style="margin:0;padding:0;list-style:none">
        \((1...60).map { "<li data-testid=\"row-\($0)\" style=\"height:48px;border-bottom:1px solid #ddd\">Row \($0)</li>" }.joined())
        </ul>
        """)

    static let hang = page("Hang", """
        <button data-testid="spin" onclick="const end = Date.now() + 60000; while (Date.now() < end) {}">Spin</button>
        <button data-testid="fine">Fine</button>
        """)

    /// Two pages that submit a form to each other, a form whose submission is cancelled, and
    /// one that submits into an iframe.
    static let submit = page("Submit", """
        <h1 data-testid="title">Submit</h1>
        <form action="/submitted" method="post"><button data-testid="send" name="n" value="1">Send</button></form>
        <form action="/submitted" onsubmit="event.preventDefault();
          document.querySelector('[data-testid=title]').textContent = 'Cancelled'">
          <button data-testid="cancelled">Cancel</button></form>
        <form action="/submitted" target="side"><button data-testid="into-frame">Into the frame</button></form>
        <iframe name="side" title="side" style="height:40px"></iframe>
        """)
    static let submitted = page("Submitted", """
        <h1 data-testid="title">Submitted</h1>
        <form action="/submit" method="post"><button data-testid="send">Back</button></form>
        """)

    static let navFirst = page("First", """
        <style>@keyframes push{from{transform:translateX(40%)}to{transform:none}}</style>
        <h1 data-testid="title">First</h1><a href="/nav/second" data-testid="next">Next</a>
        """)

    static let navSecond = page("Second", """
        <style>@keyframes push{from{transform:translateX(40%);opacity:.3}to{transform:none;opacity:1}}
        main{animation:push 250ms ease-out}</style>
        <main><h1 data-testid="title">Second</h1><a href="/nav/first" data-testid="back">Back</a>
        <button data-testid="load" onclick="fetch('/storage').then(r => r.text()).then(t => document.title = 'fetched ' + t.length)">Load</button></main>
        """)

    static let storage = page("Storage", """
        <p data-testid="seen"></p>
        <script>
          const key = 'visits';
          const visits = Number(localStorage.getItem(key) || '0') + 1;
          localStorage.setItem(key, String(visits));
          document.querySelector('[data-testid=seen]').textContent = 'visits ' + visits;
        </script>
        """)

    static let gestures = page("Gestures", """
        <button data-testid="double" ondblclick="log('dblclick')">Double</button>
        <button data-testid="hold" onmousedown="window.down = performance.now()"
          onmouseup="log('held ' + Math.round(performance.now() - window.down))">Hold</button>
        <p data-testid="log">none</p>
        <script>function log(text) { document.querySelector('[data-testid=log]').textContent = text }</script>
        """)

    /// A horizontally scrolling strip of cards.
    static let carousel = page("Carousel", """
        <ul data-testid="strip" style="display:flex;overflow-x:auto;margin:0;padding:0;list-style:none;width:100%">
        \((1...12).map { "<li data-testid=\"card-\($0)\" style=\"flex:none;width:300px;height:120px;border:1px solid #999\">Card \($0)</li>" }.joined())
        </ul>
        """)

    /// Identifiers in another attribute, for `Configuration.identifierAttribute`.
    static let customIdentifier = page("Custom", """
        <button data-qa="go" data-testid="other">Go</button>
        """)

    /// Reports the viewport and colour scheme it sees.
    static let media = page("Media", """
        <p data-testid="size"></p><p data-testid="scheme"></p><p data-testid="touch"></p><p data-testid="motion"></p>
        <script>
          document.querySelector('[data-testid=size]').textContent = innerWidth + 'x' + innerHeight;
          document.querySelector('[data-testid=scheme]').textContent =
            matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
          document.querySelector('[data-testid=touch]').textContent = navigator.maxTouchPoints > 0 ? 'touch' : 'no touch';
          document.querySelector('[data-testid=motion]').textContent =
            matchMedia('(prefers-reduced-motion: reduce)').matches ? 'reduced motion' : 'motion';
        </script>
        """)

    /// Controls whose state scripts change without touching attributes.
    static let changes = page("Changes", """
        <input data-testid="field" value="before">
        <input type="checkbox" data-testid="check" aria-label="Check">
        <p data-testid="text">old text</p>
        <div data-testid="host"></div>
        <script>
          const root = document.querySelector('[data-testid=host]').attachShadow({ mode: 'closed' });
          root.innerHTML = '<button>Inside</button>';
          window.shadowButton = root.querySelector('button');
        </script>
        """)

    /// Styling that input changes without any DOM change or event: a menu whose items show
    /// while the pointer is over it (`display`), beside links and a button whose hover styling
    /// only paints. A `select`, whose list opens on a press.
    static let hovers = page("Hovers", """
        <style>
          .items{display:none} .menu:hover .items{display:block}
          a:hover, .plain:hover{color:#c00;background-color:#eee;text-decoration:underline;transition:color .1s}
        </style>
        <div class="menu" data-testid="menu">Menu<ul class="items"><li><a href="#one" data-testid="item">Item</a></li></ul></div>
        <p><a href="#two" data-testid="link">Link</a></p>
        <p class="plain" data-testid="plain">Plain text</p>
        <select data-testid="fruit" aria-label="Fruit"><option>Apple</option><option>Pear</option></select>
        """)

    /// Animations that decorate (a 2 s colour transition, a 2 s fade) beside ones that move
    /// layout (a 600 ms slide by transform, a 600 ms height change). Each reports its start and
    /// end in `status`; a click on the label says whether its colour transition was running.
    /// TodoMVC's toggle-all: a check box named by a label that draws a chevron before its text.
    static let glyphs = page("Glyphs", """
        <style>.chevron::before{content:"❯ "}</style>
        <input id="toggle-all" type="checkbox"><label for="toggle-all" class="chevron">Mark all as complete</label>
        """)

    static let decor = page("Decor", """
        <style>
          .label{transition:color 2s linear,background-color 2s linear}
          .label.done{color:#aaa;background-color:#eee}
          @keyframes fade{from{opacity:.2}to{opacity:1}}
          .fading{animation:fade 2s linear}
          .panel{transition:transform 600ms linear}
          .panel.moved{transform:translateX(120px)}
          .grow{height:20px;overflow:hidden;transition:height 600ms linear}
          .grow.tall{height:80px}
        </style>
        <p class="label" data-testid="label" onclick="clicked()">Walk the dog</p>
        <button data-testid="tick" onclick="document.querySelector('.label').classList.toggle('done')">Tick</button>
        <button data-testid="fade" onclick="document.querySelector('.label').classList.add('fading')">Fade</button>
        <div class="panel" data-testid="panel"><button data-testid="slide" onclick="document.querySelector('.panel').classList.toggle('moved')">Slide</button></div>
        <div class="grow" data-testid="grow">Details</div>
        <button data-testid="expand" onclick="document.querySelector('.grow').classList.toggle('tall')">Expand</button>
        <p data-testid="status">idle</p>
        <p data-testid="click">not clicked</p>
        <script>
          const status = document.querySelector('[data-testid=status]');
          const note = text => { status.textContent = text; };
          document.addEventListener('transitionrun', e => note(e.propertyName + ' running'));
          document.addEventListener('transitionend', e => note(e.propertyName + ' ended'));
          document.addEventListener('animationstart', e => note(e.animationName + ' running'));
          document.addEventListener('animationend', e => note(e.animationName + ' ended'));
          // Whether the label's colour transition was still running when the label was clicked.
          function clicked() {
            const running = document.getAnimations().some(a => a.transitionProperty === 'color' && a.playState === 'running');
            document.querySelector('[data-testid=click]').textContent = running ? 'clicked while colour runs' : 'clicked when still';
          }
        </script>
        """)

    /// A hundred elements of mixed kinds, for query timing.
    static let hundred = page("Hundred", (0..<25).map { index in
        """
        <div><h2>Section \(index)</h2><button data-testid="b\(index)">Button \(index)</button>
        <a href="#s\(index)">Link \(index)</a><input aria-label="Field \(index)"></div>
        """
    }.joined())
}
