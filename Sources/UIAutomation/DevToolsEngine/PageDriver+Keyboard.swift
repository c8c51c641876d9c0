import LabSupport
import DevTools

/// Keyboard input: typing text, pressing keys with modifiers, focusing a field.
extension PageDriver {
    /// Types `text` into the focused element, one key press per character. Call
    /// ``TypableText/unsupportedCharacter(in:)`` first: a control character other than those below has no
    /// key and would go out as a key press with code 0.
    ///
    /// `\n`, `\r` press Return; `\t` presses Tab; `\u{8}` and `\u{7F}` press Backspace.
    ///
    /// The key events go out pipelined (``PageSession/sendPipelined(_:timeout:)``): all in
    /// order, without waiting for each one's reply. The browser dispatches them in that order
    /// and the page handles each (keydown, keypress, input, keyup) before the next, as with a
    /// wait between them; what is saved is one round trip per event.
    func type(_ text: String) async throws {
        var events: [any CDPCommand] = []
        for character in text {
            switch character {
            case "\n", "\r", "\r\n":
                // Text and then Return: the app renders what was typed before it sees the Return,
                // as between a person's keystrokes (a framework that renders its model in a later
                // task or frame reads that model on Return).
                if !events.isEmpty, !Self.endsWithReturn(events) {
                    try await sendKeys(events)
                    events = []
                    try await letPageRender()
                }
                events += keyEvents(.return)
            case "\t": events += keyEvents(.tab)
            case "\u{8}", "\u{7F}": events += keyEvents(.backspace)
            // Chromium rejects a key event whose text does not fit its small fixed buffer
            // ("Invalid 'text' parameter"; a flag, 4 UTF-16 units, already fails): longer
            // characters (flags, ZWJ sequences) go in as an IME commit would.
            case _ where character.utf16.count > 2: events.append(CDP.Input.InsertText(text: String(character)))
            default: events += keyEvents(Key(character))
            }
        }
        try await sendKeys(events)
    }

    /// Sends key events pipelined. The reply to the last event comes once the page has handled
    /// all of them; the limit covers the batch as the per-event limits covered each event.
    private func sendKeys(_ events: [any CDPCommand]) async throws {
        guard !events.isEmpty else { return }
        let limit = configuration.responseTimeout
        try await sendingInput { try await page.sendPipelined(events, timeout: limit) }
    }

    /// Whether the last events are a Return's (Returns in a row need no render between them).
    private static func endsWithReturn(_ events: [any CDPCommand]) -> Bool {
        (events.last as? CDP.Input.DispatchKeyEvent)?.key == "Enter"
    }

    /// Lets the page render and react: an animation frame, a task, and then the idle check
    /// (what the app queued in reaction to the keys, within a second).
    private func letPageRender() async throws {
        let script = """
            new Promise(done => (window.__lab ? window.__lab.rawRequestFrame : requestAnimationFrame)(() =>
              (window.__lab ? window.__lab.rawSetTimeout : setTimeout)(done, 0)))
              .then(() => window.__lab ? window.__lab.idle(1000) : null)
            """
        _ = try await browser.run {
            try await page.send(CDP.Runtime.Evaluate(expression: script, awaitPromise: true), timeout: configuration.responseTimeout)
        }
    }

    /// Presses `key` with `modifiers` held: each modifier goes down (in the order shift,
    /// control, option, command), then the key goes down and up, then the modifiers go up.
    func typeKey(_ key: Key, modifiers: ModifierFlags) async throws {
        try await sendingInput { try await press(key, modifiers: modifiers) }
    }

    /// One key down and up, with `modifiers` held around it (``keyEvents(_:modifiers:)``),
    /// each event sent once the page has handled the one before.
    func press(_ key: Key, modifiers: ModifierFlags = []) async throws {
        let limit = configuration.responseTimeout
        for event in keyEvents(key, modifiers: modifiers) {
            _ = try await page.send(event, timeout: limit)
        }
    }

    /// The events of one key press with `modifiers` held: each modifier goes down (in the
    /// order shift, control, option, command), then the key goes down and up, then the
    /// modifiers go up. Keys without text go down as `rawKeyDown`, as a keyboard sends them;
    /// with Control, Option or Command held a key types nothing (the page sees a shortcut),
    /// and Shift types a letter's capital.
    func keyEvents(_ key: Key, modifiers: ModifierFlags = []) -> [CDP.Input.DispatchKeyEvent] {
        var events: [CDP.Input.DispatchKeyEvent] = []
        let held = ModifierFlags.keys.filter { modifiers.contains($0.flag) }
        var mask = 0
        for modifier in held {
            mask |= modifier.bit
            events.append(CDP.Input.DispatchKeyEvent(
                type: "rawKeyDown", key: modifier.key, code: modifier.code, windowsVirtualKeyCode: modifier.keyCode,
                modifiers: mask))
        }
        var name = key.key
        var text = key.text
        if modifiers.contains(.shift), let typed = text, typed.count == 1, typed.lowercased() != typed.uppercased() {
            name = typed.uppercased()
            text = name
        }
        if !modifiers.isDisjoint(with: [.control, .option, .command]) { text = nil }
        events.append(CDP.Input.DispatchKeyEvent(
            type: text == nil ? "rawKeyDown" : "keyDown", key: name, code: key.code, text: text,
            windowsVirtualKeyCode: key.keyCode, modifiers: mask == 0 ? nil : mask))
        events.append(CDP.Input.DispatchKeyEvent(
            type: "keyUp", key: name, code: key.code, windowsVirtualKeyCode: key.keyCode, modifiers: mask == 0 ? nil : mask))
        for modifier in held.reversed() {
            mask &= ~modifier.bit
            events.append(CDP.Input.DispatchKeyEvent(
                type: "keyUp", key: modifier.key, code: modifier.code, windowsVirtualKeyCode: modifier.keyCode,
                modifiers: mask == 0 ? nil : mask))
        }
        return events
    }

    /// `DOM.focus` on a node: by its backend id, or (an in-page engine's reference) by a handle
    /// made for the call. A node that has gone fails as `DOM.focus` fails for a backend id.
    private func focusNode(_ node: NodeHandle) async throws {
        let limit = configuration.responseTimeout
        if let id = node.backendNodeId {
            _ = try await page.send(CDP.DOM.Focus(backendNodeId: id), timeout: limit)
        } else {
            guard let objectId = try await NodeHandles.object(for: node, in: page, group: nil, limit: limit) else {
                throw DevToolsError.protocolError(method: CDP.DOM.Focus.method, code: -32000, message: "No node with given id found", data: nil)
            }
            defer { releaseInBackground(CDP.Runtime.ReleaseObject(objectId: objectId)) }
            _ = try await page.send(CDP.DOM.Focus(objectId: objectId), timeout: limit)
        }
    }

    /// Focuses a DOM node for typing, with the insertion point at the end of its text
    /// (where a tap on a field puts it on iOS).
    func focus(node: NodeHandle) async throws {
        try await sendingInput {
            try await focusNode(node)
            try await press(.end)
        }
    }

    /// Focuses a DOM node and replaces its whole text with `text` as a paste would: select all,
    /// then one `Input.insertText` (one `input` event, no key events); an empty `text` deletes
    /// the selection with one Delete.
    func fill(node: NodeHandle, with text: String) async throws {
        try await sendingInput {
            try await focusNode(node)
            _ = try await page.send(CDP.Runtime.Evaluate(expression: PageScripts.selectAllInFocus), timeout: configuration.responseTimeout)
            if text.isEmpty {
                try await press(.delete)
            } else {
                _ = try await page.send(CDP.Input.InsertText(text: text), timeout: configuration.responseTimeout)
            }
        }
    }

    /// Moves keyboard focus away from a DOM node (or from whatever inside it has focus), as a
    /// tap elsewhere would: the page gets `blur`/`focusout`, and an edited field its `change`.
    /// Returns whether anything had focus there.
    func resignFocus(node: NodeHandle) async throws -> Bool {
        try await sendingInput { try await callFunction(PageScripts.resignFocus, on: node)?.bool ?? false }
    }
}
