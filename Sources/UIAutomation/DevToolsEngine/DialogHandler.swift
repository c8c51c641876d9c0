import DevTools
import Synchronization

/// Answers the page's JavaScript dialogs the moment they open (`Page.javascriptDialogOpening`),
/// so an `alert()` never blocks the page and the action that caused it: with the next queued
/// answer, else by the policy. Records each dialog before answering, so it is readable as
/// soon as the action that opened it returns.
final class DialogHandler: Sendable {
    private let state: Mutex<State>
    private let listener = Mutex<Task<Void, Never>?>(nil)

    private struct State {
        var policy: DialogPolicy
        var queued: [DialogResponse] = []
        var seen: [JavaScriptDialog] = []
    }

    init(page: PageSession, policy: DialogPolicy) {
        state = Mutex(State(policy: policy))
        let events = page.session.events(methods: [CDP.Page.JavascriptDialogOpening.method])
        let task = Task { [weak self] in
            do {
                for try await event in events {
                    guard let self, let opening = try? event.decode(CDP.Page.JavascriptDialogOpening.self) else { continue }
                    let response = self.record(opening)
                    // Fails only if the dialog is already gone (the page navigated, or closed).
                    _ = try? await page.send(CDP.Page.HandleJavaScriptDialog(
                        accept: response.accepts, promptText: response.accepts ? response.promptText : nil))
                }
            } catch {}
        }
        listener.withLock { $0 = task }
    }

    deinit {
        listener.withLock { $0?.cancel() }
    }

    /// Answers the next dialog with `response` (after any answers queued before it).
    func answerNext(_ response: DialogResponse) {
        state.withLock { $0.queued.append(response) }
    }

    /// Every dialog so far, oldest first.
    var dialogs: [JavaScriptDialog] { state.withLock { $0.seen } }

    /// Chooses the answer to a dialog that just opened and records the dialog.
    private func record(_ opening: CDP.Page.JavascriptDialogOpening) -> DialogResponse {
        let kind = JavaScriptDialog.Kind(rawValue: opening.type) ?? .alert
        return state.withLock { state in
            var response = state.queued.isEmpty ? state.policy.response(for: kind) : state.queued.removeFirst()
            if response.accepts, response.promptText == nil, kind == .prompt {
                // Accepting without text answers the default, as a user pressing OK would.
                response = .accept(promptText: opening.defaultPrompt ?? "")
            }
            state.seen.append(JavaScriptDialog(
                kind: kind, message: opening.message, defaultPrompt: opening.defaultPrompt, url: opening.url, response: response))
            return response
        }
    }
}
