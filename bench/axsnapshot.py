"""UIAutomation's element tree from Chromium's accessibility tree, in Python: the oracle side of
the in-page engine's differential test (bench/inpage_differential.py).

A port of what `SnapshotBuilder.build` (Sources/UIAutomation/DevToolsEngine/SnapshotBuilder.swift)
and `RoleMapping.elementType` (Sources/UIAutomation/Query/RoleMapping.swift) do with one whole
read — `Accessibility.getFullAXTree` joined with `DOMSnapshot.captureSnapshot` — and nothing of the
partial reads (they give the same tree; ReadEquivalenceTests proves that on the Swift side). Keep
it in step with those two files: a change there is a change here.

`elements(raw, session, identifier_attribute)` returns the pruned tree as a list of dicts in
document order: type, identifier, label, value, placeholder, enabled, selected, focused, frame
(x, y, width, height in viewport CSS px), depth, role, backendNodeId, parent (index).
"""

TRANSPARENT = {"none", "presentation", "InlineTextBox", "LineBreak", "ListMarker", "Ignored"}


def element_type(role, attributes, multiline=False, has_value=True, owns_list_popup=False):
    """RoleMapping.elementType, row for row (the XCUITest type names as strings)."""
    if role in ("RootWebArea", "WebArea"): return "application"
    if role in ("button", "PopUpButton"): return "button"
    if role == "link": return "link"
    if role in ("StaticText", "heading", "paragraph", "LabelText", "text", "caption", "figcaption", "label"):
        return "staticText"
    if role in ("image", "img", "graphics-document", "graphics-symbol", "svg"): return "image"
    if role == "textbox":
        if (attributes.get("type") or "").lower() == "password": return "secureTextField"
        return "textView" if multiline else "textField"
    if role == "searchbox": return "searchField"
    if role == "switch": return "switch"
    if role == "checkbox": return "checkBox"
    if role == "radio": return "radioButton"
    if role == "radiogroup": return "radioGroup"
    if role == "slider": return "slider"
    if role == "spinbutton": return "stepper"
    if role == "progressbar": return "progressIndicator" if has_value else "activityIndicator"
    if role == "combobox" and owns_list_popup: return "picker"
    if role in ("combobox", "ComboBoxGrouping", "ComboBoxMenuButton"): return "comboBox"
    if role in ("Date", "DateTime", "InputTime", "date", "time"): return "datePicker"
    if role in ("Iframe", "IframePresentational"): return "webView"
    if role in ("list", "grid", "feed"): return "collectionView"
    if role in ("table", "LayoutTable", "treegrid", "listbox", "tree"): return "table"
    if role in ("listitem", "row", "LayoutTableRow", "option", "treeitem", "gridcell"): return "cell"
    if role == "navigation": return "navigationBar"
    if role == "toolbar": return "toolbar"
    if role == "tablist": return "tabBar"
    if role == "tab": return "tab"
    if role == "tabpanel": return "other"
    if role in ("alert", "alertdialog", "dialog"): return "alert"
    if role == "menu": return "menu"
    if role == "menubar": return "menuBar"
    if role in ("menuitem", "menuitemcheckbox", "menuitemradio"): return "menuItem"
    if role == "scrollbar": return "scrollBar"
    if role in ("group", "radiogroup-like", "fieldset"): return "group"
    if role == "meter": return "levelIndicator"
    return "other"


def _text(value):
    """JSONValue.text: a number as an integer when whole, a bool as true/false."""
    if value is None: return None
    if isinstance(value, bool): return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(int(value)) if float(value).is_integer() and abs(value) < 1e15 else repr(float(value))
    if isinstance(value, str): return value
    return str(value)


def _axvalue(node, key):
    v = node.get(key)
    if not v: return None
    return _text(v.get("value"))


def _property(node, name):
    for p in node.get("properties") or []:
        if p["name"] == name:
            return p["value"].get("value")
    return None


def trimmed(text):
    """String.trimmed (PageSnapshot.swift): white space and U+200B off both ends."""
    return text.strip(" \t\n\r\f\v\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
                      "\u200a\u2028\u2029\u202f\u205f\u3000\u0085\u200b")


def dom_facts(dom, wanted):
    """Per backend node id: wanted attributes and the union of its layout boxes, minus the scroll."""
    facts = {}
    if not dom["documents"]: return facts
    document, strings = dom["documents"][0], dom["strings"]
    ids = document["nodes"].get("backendNodeId") or []
    for index, pairs in enumerate(document["nodes"].get("attributes") or []):
        found = {}
        for cursor in range(0, len(pairs) - 1, 2):
            name = strings[pairs[cursor]]
            if name in wanted: found[name] = strings[pairs[cursor + 1]]
        if found and index < len(ids):
            facts.setdefault(ids[index], {})["attributes"] = found
    sx, sy = document.get("scrollOffsetX", 0), document.get("scrollOffsetY", 0)
    layout = document["layout"]
    for li, ni in enumerate(layout["nodeIndex"]):
        if ni >= len(ids): continue
        box = layout["bounds"][li]
        if len(box) != 4: continue
        rect = [box[0] - sx, box[1] - sy, box[2], box[3]]
        f = facts.setdefault(ids[ni], {})
        if "bounds" in f:
            e = f["bounds"]
            left, top = min(e[0], rect[0]), min(e[1], rect[1])
            f["bounds"] = [left, top, max(e[0] + e[2], rect[0] + rect[2]) - left, max(e[1] + e[3], rect[1] + rect[3]) - top]
        else:
            f["bounds"] = rect
    return facts


def build(ax_nodes, dom, identifier_attribute="data-testid"):
    """SnapshotBuilder.build on one whole read."""
    wanted = {identifier_attribute, "placeholder", "aria-placeholder", "type"}
    facts = dom_facts(dom, wanted)
    index = {n["nodeId"]: i for i, n in enumerate(ax_nodes)}
    children = [[index[c] for c in (n.get("childIds") or []) if c in index] for n in ax_nodes]
    root = next((i for i, n in enumerate(ax_nodes) if n.get("parentId") is None), 0 if ax_nodes else None)
    if root is None: return []
    texts = {}

    def text(i):
        if i in texts: return texts[i]
        texts[i] = ""
        if _axvalue(ax_nodes[i], "role") == "StaticText":
            joined = _axvalue(ax_nodes[i], "name") or ""
        else:
            joined = "".join(text(c) for c in children[i])
        texts[i] = joined
        return joined

    visited = set()
    elements = []

    def make(i, role, parent, depth):
        node = ax_nodes[i]
        f = facts.get(node.get("backendDOMNodeId"), {})
        attributes = f.get("attributes", {})
        owns_popup = role == "combobox" and any(
            _axvalue(ax_nodes[index[c]], "role") == "MenuListPopup" for c in (node.get("childIds") or []) if c in index)
        typ = "application" if parent is None else element_type(
            role, attributes, multiline=bool(_property(node, "multiline")),
            has_value=_axvalue(node, "value") is not None, owns_list_popup=owns_popup)
        label = _axvalue(node, "name") or ""
        if label == "" and typ == "staticText": label = trimmed(text(i))
        checked = _text(_property(node, "checked"))
        if typ in ("switch", "checkBox", "radioButton"):
            value = "1" if checked == "true" else "2" if checked == "mixed" else "0"
        else:
            value = _axvalue(node, "value")
            if value is None:
                d = _axvalue(node, "description")
                value = d if d else None
        placeholder = attributes.get("placeholder", attributes.get("aria-placeholder"))
        if typ in ("textField", "secureTextField", "searchField", "textView") and not value:
            value = placeholder if placeholder is not None else ""
        return {
            "type": typ, "identifier": attributes.get(identifier_attribute, ""), "label": label, "value": value,
            "placeholder": placeholder, "enabled": not bool(_property(node, "disabled")),
            "selected": bool(_property(node, "selected")),
            "focused": parent is not None and bool(_property(node, "focused")),
            "frame": f.get("bounds") or [0, 0, 0, 0], "role": role, "backendNodeId": node.get("backendDOMNodeId"),
            "parent": parent, "depth": depth,
        }

    def visit(i, parent, depth, owner):
        if i in visited: return
        visited.add(i)
        node = ax_nodes[i]
        role = _axvalue(node, "role") or ""
        keep = parent is None or (not node.get("ignored") and role not in TRANSPARENT)
        next_parent, next_depth, next_owner = parent, depth, owner
        if keep:
            if role == "StaticText" and owner and owner[0] and trimmed(owner[0]) == trimmed(text(owner[1])):
                return
            element = make(i, role, parent, depth)
            elements.append(element)
            next_parent, next_depth, next_owner = len(elements) - 1, depth + 1, (element["label"], i)
            if element["type"] in ("textField", "secureTextField", "searchField"): return
        for c in children[i]:
            visit(c, next_parent, next_depth, next_owner)

    visit(root, None, 0, None)
    return elements


def read(raw, session, identifier_attribute="data-testid"):
    """One whole read, as UIAutomation's first read of a page: the tree and the DOM snapshot asked
    at once. Returns (elements, raw AX nodes)."""
    tree, dom = raw.calls([("Accessibility.getFullAXTree", None),
                           ("DOMSnapshot.captureSnapshot", {"computedStyles": []})], session)
    return build(tree["nodes"], dom, identifier_attribute), tree["nodes"]
