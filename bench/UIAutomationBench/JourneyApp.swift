/// The benchmark's fixture "journey app": an animal gallery of 12 cells, a detail page per
/// animal with a favourite button (state in localStorage), and two pages for single
/// actions (a 100-element page for query timing, a form for typing). Static HTML served by
/// `UIAutomationBench --serve`, the one server every client of bench/uiautomation.sh uses.
enum JourneyApp {
    struct Animal {
        let id: Int
        let name: String
        let emoji: String
    }

    static let animals: [Animal] = [
        ("Lion", "🦁"), ("Zebra", "🦓"), ("Tiger", "🐯"), ("Panda", "🐼"), ("Koala", "🐨"), ("Fox", "🦊"),
        ("Frog", "🐸"), ("Owl", "🦉"), ("Whale", "🐳"), ("Camel", "🐫"), ("Otter", "🦦"), ("Parrot", "🦜"),
    ].enumerated().map { Animal(id: $0.offset + 1, name: $0.element.0, emoji: $0.element.1) }

    /// Path → HTML.
    static var pages: [String: String] {
        var pages = ["/": gallery, "/hundred": hundred, "/hundred-live": hundredLive, "/form": form, "/two-thousand": twoThousand]
        for animal in animals { pages["/animal/\(animal.id)"] = detail(animal) }
        return pages
    }

    static func page(_ title: String, _ body: String) -> String {
        """
        <!doctype html><html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1"><title>\(title)</title>
        <style>
        body{font-family:-apple-system,system-ui,sans-serif;margin:0;background:#f2f2f7;color:#000}
        header{position:sticky;top:0;background:#f9f9f9;border-bottom:1px solid #ccc;padding:12px 16px}
        h1{font-size:28px;margin:0}
        a{color:inherit;text-decoration:none}
        .grid{list-style:none;margin:0;padding:12px;display:grid;grid-template-columns:repeat(3,1fr);gap:12px}
        .grid li{background:#fff;border-radius:12px}
        .grid a{display:flex;flex-direction:column;align-items:center;padding:12px 4px;min-height:88px;position:relative}
        .emoji{font-size:40px}
        .star{position:absolute;top:6px;right:8px;color:#ff9500}
        .back{color:#007aff;font-size:17px}
        .hero{font-size:120px;text-align:center;margin:24px 0}
        main{padding:16px}
        button{min-height:44px;font-size:17px;border-radius:10px;border:0;background:#007aff;color:#fff;padding:0 16px}
        input{font-size:17px;min-height:44px;width:100%;box-sizing:border-box}
        </style></head>
        <body>\(body)</body></html>
        """
    }

    /// The gallery: a 3-column grid of 12 cells; favourited cells show a star.
    static let gallery = page("Animals", """
        <header><h1 data-testid="gallery-title">Animals</h1></header>
        <ul class="grid" data-testid="grid">\(animals.map { animal in
            """
            <li data-testid="cell-\(animal.id)"><a href="/animal/\(animal.id)"><span class="emoji" role="img" \
            aria-label="\(animal.name)">\(animal.emoji)</span><span class="name">\(animal.name)</span></a></li>
            """
        }.joined())</ul>
        <script>
        for (const id of JSON.parse(localStorage.getItem('favourites') || '[]')) {
          const link = document.querySelector('[data-testid="cell-' + id + '"] a');
          if (link) link.insertAdjacentHTML('beforeend',
            '<span class="star" data-testid="star" role="img" aria-label="Favourite">★</span>');
        }
        </script>
        """)

    /// One animal: title, picture, favourite toggle, back link.
    static func detail(_ animal: Animal) -> String {
        page(animal.name, """
            <header><a class="back" href="/" data-testid="back">‹ Animals</a></header>
            <main>
            <h1 data-testid="title">\(animal.name)</h1>
            <div class="hero" role="img" aria-label="\(animal.name)">\(animal.emoji)</div>
            <p data-testid="blurb">The \(animal.name.lowercased()) is animal number \(animal.id) of our gallery.</p>
            <button data-testid="favourite">Add to favourites</button>
            </main>
            <script>
            const id = \(animal.id), button = document.querySelector('[data-testid="favourite"]');
            const read = () => JSON.parse(localStorage.getItem('favourites') || '[]');
            const show = () => { button.textContent = read().includes(id) ? '★ Favourite' : 'Add to favourites'; };
            button.addEventListener('click', () => {
              const favourites = read();
              const next = favourites.includes(id) ? favourites.filter(f => f !== id) : [...favourites, id];
              localStorage.setItem('favourites', JSON.stringify(next));
              show();
            });
            show();
            </script>
            """)
    }

    /// A hundred elements of mixed kinds (25 × heading, button, link, field), for query timing.
    static let hundred = page("Hundred", "<main>" + (0..<25).map { index in
        """
        <section><h2>Section \(index)</h2><button data-testid="b\(index)">Button \(index)</button>
        <a href="#s\(index)">Link \(index)</a><input aria-label="Field \(index)"></section>
        """
    }.joined() + "</main>")

    /// The same hundred elements, plus a counter a timer changes every 2 ms: every query
    /// finds the page changed and reads the whole tree (the cost of a query after a change).
    static let hundredLive = page("Hundred, changing", "<main><p data-testid=\"tick\">0</p>" + (0..<25).map { index in
        """
        <section><h2>Section \(index)</h2><button data-testid="b\(index)">Button \(index)</button>
        <a href="#s\(index)">Link \(index)</a><input aria-label="Field \(index)"></section>
        """
    }.joined() + "</main><script>let n = 0; setInterval(() => { document.querySelector('[data-testid=tick]').textContent = ++n }, 2)</script>")

    /// 2,000 elements of the same mixed kinds (500 sections), for reads on a large page.
    static let twoThousand = page("Two thousand", "<main>" + (0..<500).map { index in
        """
        <section><h2>Section \(index)</h2><button data-testid="b\(index)">Button \(index)</button>
        <a href="#s\(index)">Link \(index)</a><input aria-label="Field \(index)"></section>
        """
    }.joined() + "</main>")

    /// One text field, for typing.
    static let form = page("Form", """
        <main><label for="name">Name</label><input id="name" data-testid="name" placeholder="Your name"></main>
        """)
}
