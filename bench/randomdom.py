"""Random pages for the in-page engine's differential test (bench/inpage_differential.py).

`page(seed, index)` returns one HTML document, the same for the same pair on every machine:
landmarks and containers, lists, data and layout tables, description lists, headings and
paragraphs, form controls of every kind in every state (values, placeholders, checked, mixed,
disabled, selected options, indeterminate progress), ARIA widgets (switches, tabs, list boxes,
sliders, menus, grids), labels by every accname source (aria-labelledby — also to hidden
elements —, aria-label, <label for>, wrapping labels, content, title, placeholder, alt,
<caption>, <legend>), descriptions, CSS generated content (::before/::after, attr()), text
transforms, hidden subtrees (display:none, visibility:hidden, aria-hidden, inert, hidden),
open shadow roots with slots, and varied white space between elements.
"""
import random

WORDS = ("Save Cancel Lion Tiger Zebra Settings Profile Delete Edit Mark all as complete Search Name Email "
         "Password Wifi Bluetooth Airplane Mode Next Back Done Home Inbox Archive Total Price").split()
GLYPHS = ["❯", "×", "★", "✓", "•", "→", "…"]
TESTIDS = ["save", "cell", "row", "item", "title", "field", "toggle", "menu", "tab", "x"]


class Gen:
    def __init__(self, seed, index):
        self.r = random.Random(seed * 1_000_003 + index)
        self.ids = 0
        self.labels = []  # ids that aria-labelledby can point at
        self.shadows = []  # (host id, inner html)
        self.styles = set()
        self.count = 0

    def words(self, lo=1, hi=3):
        return " ".join(self.r.choice(WORDS) for _ in range(self.r.randint(lo, hi)))

    def space(self):
        return self.r.choice(["", "", " ", "\n  ", "  ", "\n"])

    def new_id(self):
        self.ids += 1
        return f"e{self.ids}"

    def attrs(self, allow_hidden=True):
        r, a = self.r, []
        if r.random() < 0.3: a.append(f'data-testid="{r.choice(TESTIDS)}{r.randint(0, 3)}"')
        if r.random() < 0.15:
            i = self.new_id(); a.append(f'id="{i}"'); self.labels.append(i)
        if r.random() < 0.06: a.append(f'title="{self.words()}"')
        if r.random() < 0.05: a.append(f'aria-description="{self.words()}"')
        if r.random() < 0.05 and self.labels: a.append(f'aria-describedby="{r.choice(self.labels)}"')
        if allow_hidden and r.random() < 0.08:
            a.append(r.choice(['style="display:none"', 'style="visibility:hidden"', 'aria-hidden="true"', "inert", "hidden",
                               'aria-hidden="false"']))
        elif r.random() < 0.1:
            a.append(r.choice(['style="display:flex"', 'style="display:grid"', 'style="display:inline-block"',
                               'style="position:relative"', 'style="overflow:auto;max-height:300px"', 'style="float:left"',
                               'style="text-transform:uppercase"', 'style="display:inline"', 'style="display:contents"']))
        if r.random() < 0.08:
            a.append(f'class="{self.generated()}"')
        return " " + " ".join(a) if a else ""

    def generated(self):
        r = self.r
        name = f"g{len(self.styles)}"
        which = r.choice(["before", "after"])
        content = r.choice([f'"{r.choice(GLYPHS)}"', f'"{r.choice(GLYPHS)} "', '"New "', 'attr(data-x)', f'"{r.choice(WORDS)}"'])
        extra = r.choice(["", "", "font-size:0;", "display:none;", "display:block;"])
        self.styles.add(f".{name}::{which}{{content:{content};{extra}}}")
        return name

    def name_attr(self):
        """An accessible name from a random source (or none)."""
        r = self.r
        choice = r.random()
        if choice < 0.15: return f' aria-label="{self.words()}"'
        if choice < 0.25 and self.labels: return f' aria-labelledby="{" ".join(r.sample(self.labels, min(len(self.labels), r.randint(1, 2))))}"'
        if choice < 0.3: return f' title="{self.words()}"'
        return ""

    def text(self):
        r = self.r
        t = self.words()
        if r.random() < 0.2: t = f"  {t}  "
        if r.random() < 0.1: t = t + " <b>" + self.words(1, 1) + "</b>"
        if r.random() < 0.05: t = t + "<br>" + self.words(1, 1)
        if r.random() < 0.05: t = f'<span class="{self.generated()}" data-x="{self.words(1,1)}">{t}</span>'
        return t

    def control(self):
        r = self.r
        self.count += 1
        kind = r.randint(0, 27)
        a = self.attrs()
        dis = " disabled" if r.random() < 0.15 else ""
        if kind == 0: return f"<button{a}{self.name_attr()}{dis}>{self.text() if r.random() < 0.85 else ''}</button>"
        if kind == 1: return f'<a href="#{self.words(1,1)}"{a}{self.name_attr()}>{self.text()}</a>'
        if kind == 2:
            t = r.choice(["text", "text", "email", "password", "search", "tel", "url", "number"])
            v = f' value="{self.words(1, 2) if t != "number" else r.randint(0, 99)}"' if r.random() < 0.5 else ""
            ph = f' placeholder="{self.words()}"' if r.random() < 0.5 else ""
            return self.labelled(f'<input type="{t}"{a}{v}{ph}{dis}{self.name_attr()}>')
        if kind == 3:
            c = " checked" if r.random() < 0.5 else ""
            t = r.choice(["checkbox", "radio"])
            return self.labelled(f'<input type="{t}"{a}{c}{dis}{self.name_attr()}>')
        if kind == 4: return self.labelled(f'<input type="range" min="0" max="10" value="{r.randint(0,10)}"{a}{dis}{self.name_attr()}>')
        if kind == 5:
            t = r.choice(["submit", "button", "reset", "image"])
            v = f' value="{self.words()}"' if r.random() < 0.6 else ""
            alt = f' alt="{self.words()}"' if t == "image" and r.random() < 0.7 else ""
            return f'<input type="{t}"{a}{v}{alt}{dis}>'
        if kind == 6:
            ph = f' placeholder="{self.words()}"' if r.random() < 0.5 else ""
            content = self.words() if r.random() < 0.5 else ""
            return self.labelled(f"<textarea{a}{dis}{ph}>{content}</textarea>")
        if kind == 7:
            sel = r.randint(0, 2)
            opts = "".join(f'<option{" selected" if i == sel else ""}>{self.words()}</option>' for i in range(3))
            return self.labelled(f"<select{a}{dis}>{opts}</select>")
        if kind == 8:
            value = f' value="{r.choice([0, 0.25, 0.5, 3])}" max="4"' if r.random() < 0.6 else ""
            return f"<progress{a}{value}{self.name_attr()}></progress>"
        if kind == 9: return f'<meter{a} value="{r.choice([0.2, 0.5, 1])}"{self.name_attr()}></meter>'
        if kind == 10:
            alt = r.choice(['alt=""', f'alt="{self.words()}"', "", f'title="{self.words()}"'])
            return f'<img{a} {alt} width="20" height="20" src="data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27/%3E">'
        if kind == 11:
            checked = r.choice(["true", "false", "mixed"])
            role = r.choice(["switch", "checkbox", "radio", "menuitemcheckbox"])
            return f'<div role="{role}" aria-checked="{checked}" tabindex="0"{a}{self.name_attr()}>{self.text() if r.random() < 0.6 else ""}</div>'
        if kind == 12:
            tabs = "".join(f'<div role="tab" aria-selected="{"true" if i == 0 else "false"}"{self.attrs(False)}>{self.words(1,1)}</div>' for i in range(r.randint(1, 3)))
            return f'<div role="tablist"{a}{self.name_attr()}>{tabs}</div>'
        if kind == 13:
            opts = "".join(f'<div role="option" aria-selected="{r.choice(["true", "false"])}"{self.attrs(False)}>{self.words()}</div>' for i in range(r.randint(1, 3)))
            return f'<div role="listbox"{a}{self.name_attr()}>{opts}</div>'
        if kind == 14:
            now = f' aria-valuenow="{r.randint(0, 100)}"' if r.random() < 0.7 else ""
            return f'<div role="{r.choice(["slider", "progressbar", "spinbutton", "meter", "scrollbar"])}"{now} aria-valuemin="0" aria-valuemax="100"{a}{self.name_attr()}></div>'
        if kind == 15:
            items = "".join(f'<div role="menuitem"{self.attrs(False)}>{self.words()}</div>' for i in range(r.randint(1, 3)))
            return f'<div role="{r.choice(["menu", "menubar", "toolbar"])}"{a}{self.name_attr()}>{items}</div>'
        if kind == 16:
            rows = "".join('<div role="row">' + "".join(f'<div role="gridcell"{self.attrs(False)}>{self.words(1,1)}</div>' for _ in range(2)) + "</div>" for _ in range(2))
            return f'<div role="grid"{a}>{rows}</div>'
        if kind == 17: return f'<div role="{r.choice(["alert", "status", "dialog", "alertdialog", "note", "region", "group", "heading", "img", "button", "link", "textbox", "searchbox", "combobox", "tooltip", "presentation", "none", "bogus button", "generic", "listitem"])}"{a}{self.name_attr()}>{self.text() if r.random() < 0.7 else ""}</div>'
        if kind == 18: return self.heading(a)
        if kind == 19: return f"<p{a}>{self.text()}</p>"
        if kind == 20: return f"<span{a}>{self.text()}</span>"
        if kind == 21: return f"<label{a}>{self.text()}</label>"
        if kind == 22:
            i = self.new_id(); self.labels.append(i)
            hide = r.choice(['', ' hidden', ' style="display:none"', ' aria-hidden="true"'])
            return f'<span id="{i}"{hide}>{self.words()}</span>'
        if kind == 23:
            tag = r.choice(['em', 'strong', 'code', 'mark', 'small', 'time', 'abbr', 'q', 'del', 'sub'])
            return f"<{tag}{a}>{self.words()}</{tag}>"
        if kind == 24: return f'<details{a}{" open" if r.random() < 0.5 else ""}><summary>{self.words()}</summary>{self.words()}</details>'
        if kind == 25: return f'<input type="{r.choice(["date", "time", "color", "file", "hidden", "datetime-local"])}"{a}{self.name_attr()}>'
        if kind == 26: return f'<svg width="16" height="16"{a}{self.name_attr()}>{"<title>" + self.words() + "</title>" if r.random() < 0.5 else ""}<rect width="16" height="16"/></svg>'
        return self.text()

    def heading(self, a):
        level = self.r.randint(1, 6)
        return f"<h{level}{a}{self.name_attr()}>{self.text()}</h{level}>"

    def labelled(self, control):
        """Sometimes a <label for>, sometimes a wrapping label, with the control."""
        r = self.r
        choice = r.random()
        if choice < 0.2:
            i = self.new_id()
            control = control.replace(">", f' id="{i}">', 1) if ' id="' not in control.split(">")[0] else control
            if f'id="{i}"' in control:
                return f'<label for="{i}">{self.words()}</label>{self.space()}{control}'
            return control
        if choice < 0.35:
            return f"<label>{self.words()} {control}</label>" if r.random() < 0.5 else f"<label>{control} {self.words()}</label>"
        return control

    def container(self, depth):
        r = self.r
        kids = self.children(depth + 1)
        kind = r.randint(0, 16)
        a = self.attrs()
        if kind <= 3: return f"<div{a}{self.name_attr() if r.random() < 0.2 else ''}>{kids}</div>"
        if kind == 4: return f"<section{a}{self.name_attr()}>{kids}</section>"
        if kind == 5:
            tag = r.choice(['main', 'nav', 'header', 'footer', 'article', 'aside', 'form', 'search', 'blockquote', 'address', 'figure', 'center', 'pre'])
            return f"<{tag}{a}>{kids}</{tag}>"
        if kind == 6:
            items = "".join(f"<li{self.attrs()}{' aria-label=' + chr(34) + self.words() + chr(34) if r.random() < 0.1 else ''}>{self.space()}{self.children(depth + 2) if r.random() < 0.5 else self.text()}{self.space()}</li>" for _ in range(r.randint(1, 4)))
            tag = r.choice(['ul', 'ol', 'menu'])
            return f"<{tag}{a}>{items}</{tag}>"
        if kind == 7: return self.table(depth, a)
        if kind == 8:
            return f"<fieldset{a}{' disabled' if r.random() < 0.2 else ''}>{'<legend>' + self.words() + '</legend>' if r.random() < 0.7 else ''}{kids}</fieldset>"
        if kind == 9:
            return f"<dl{a}><dt>{self.words()}</dt><dd>{self.text()}</dd></dl>"
        if kind == 10:
            i = self.new_id()
            self.shadows.append((i, self.children(depth + 1), r.random() < 0.3))
            slot_kids = f"<span>{self.words()}</span>" if r.random() < 0.5 else ""
            return f'<div id="{i}"{a}>{slot_kids}</div>'
        if kind == 11: return f"<span{a}>{kids}</span>"
        if kind == 12: return f'<div role="{r.choice(["list", "group", "navigation", "region", "toolbar", "dialog", "tabpanel", "application", "document", "none"])}"{a}{self.name_attr()}>{kids}</div>'
        if kind == 13: return f'<dialog open{a}>{kids}</dialog>' if r.random() < 0.3 else f"<div{a}>{kids}</div>"
        if kind == 14: return f'<figure{a}>{kids}<figcaption>{self.words()}</figcaption></figure>'
        if kind == 15: return f'<div style="display:list-item"{a}>{kids}</div>'
        return f"<div{a}>{self.space()}{kids}{self.space()}</div>"

    def table(self, depth, a):
        r = self.r
        rows = r.randint(1, 3)
        cols = r.randint(1, 3)
        caption = f"<caption>{self.words()}</caption>" if r.random() < 0.3 else ""
        head = ""
        if r.random() < 0.4:
            head = "<tr>" + "".join(f"<th>{self.words(1,1)}</th>" for _ in range(cols)) + "</tr>"
            if r.random() < 0.5: head = f"<thead>{head}</thead>"
        body = "".join("<tr>" + "".join(f"<td{self.attrs(False)}>{self.text() if r.random() < 0.8 else self.control()}</td>" for _ in range(cols)) + "</tr>" for _ in range(rows))
        border = ' border="1"' if r.random() < 0.2 else ""
        return f"<table{a}{border}>{caption}{head}{body}</table>"

    def children(self, depth):
        r = self.r
        n = r.randint(1, 4) if depth < 4 else r.randint(0, 2)
        parts = []
        for _ in range(n):
            if self.count > 60:
                break
            parts.append(self.space())
            parts.append(self.container(depth) if depth < 4 and r.random() < 0.35 else self.control())
        return "".join(parts)


def page(seed, index):
    g = Gen(seed, index)
    body = g.children(0)
    shadow_script = ""
    if g.shadows:
        lines = []
        for host, inner, with_slot in g.shadows:
            html = inner + ("<slot></slot>" if with_slot else "")
            lines.append(f"document.getElementById({host!r}).attachShadow({{mode: 'open'}}).innerHTML = {html!r};")
        shadow_script = "<script>" + "\n".join(lines) + "</script>"
    style = "<style>" + "\n".join(sorted(g.styles)) + "</style>" if g.styles else ""
    return (f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Random {seed}/{index}</title>{style}</head>"
            f"<body>{body}{shadow_script}</body></html>")


if __name__ == "__main__":
    import sys
    print(page(int(sys.argv[1]), int(sys.argv[2])))
