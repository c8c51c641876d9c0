import DevTools

/// The DevTools methods and events of tools' worlds (``PageWorld``: an isolated world and its
/// binding) and of the overlay highlight.
enum WorldCommands {
    /// `Runtime.addBinding`: a function `name` in every context named `executionContextName`.
    struct AddBinding: CDPCommand {
        static let method = "Runtime.addBinding"
        var name: String
        var executionContextName: String
    }

    /// `Page.addScriptToEvaluateOnNewDocument`, in an isolated world of `worldName`.
    struct AddScriptToEvaluateInWorld: CDPCommand {
        static let method = "Page.addScriptToEvaluateOnNewDocument"
        var source: String
        var worldName: String
        struct Response: Decodable, Sendable { let identifier: String }
    }

    /// `Page.createIsolatedWorld` for the document open now.
    struct CreateIsolatedWorld: CDPCommand {
        static let method = "Page.createIsolatedWorld"
        var frameId: String
        var worldName: String
        struct Response: Decodable, Sendable { let executionContextId: Int }
    }

    /// `Page.getFrameTree`: the main frame's id.
    struct GetFrameTree: CDPCommand {
        static let method = "Page.getFrameTree"
        struct Response: Decodable, Sendable {
            struct Tree: Decodable, Sendable { let frame: Frame }
            struct Frame: Decodable, Sendable { let id: String }
            let frameTree: Tree
        }
    }

    /// `Runtime.bindingCalled`: the capture script reported something.
    struct BindingCalled: CDPEvent {
        static let method = "Runtime.bindingCalled"
        let name: String
        let payload: String
        let executionContextId: Int
    }

    /// `Runtime.executionContextCreated`: a new world (the recorder's, after a navigation).
    struct ExecutionContextCreated: CDPEvent {
        static let method = "Runtime.executionContextCreated"
        struct Context: Decodable, Sendable {
            let id: Int
            let name: String
        }
        let context: Context
    }
}

extension WorldCommands {
    /// `DOM.resolveNode` into a given execution context (a tool's isolated world).
    struct ResolveNodeInContext: CDPCommand {
        static let method = "DOM.resolveNode"
        var backendNodeId: Int
        var executionContextId: Int
        var objectGroup: String?
        struct Response: Decodable, Sendable { let object: CDP.Runtime.RemoteObject }
    }

    /// `Overlay.enable` (after `DOM.enable`): DevTools' own highlight, drawn outside the page.
    struct OverlayEnable: CDPCommand {
        static let method = "Overlay.enable"
    }

    /// `Overlay.disable`.
    struct OverlayDisable: CDPCommand {
        static let method = "Overlay.disable"
    }

    /// `Overlay.highlightNode`: the element's content, padding and border boxes, tinted.
    struct HighlightNode: CDPCommand {
        static let method = "Overlay.highlightNode"
        struct Color: Encodable, Sendable {
            var r: Int
            var g: Int
            var b: Int
            var a: Double
        }
        struct HighlightConfig: Encodable, Sendable {
            var showInfo = false
            var contentColor = Color(r: 111, g: 168, b: 220, a: 0.55)
            var paddingColor = Color(r: 147, g: 196, b: 125, a: 0.45)
            var borderColor = Color(r: 255, g: 229, b: 153, a: 0.6)
            var marginColor = Color(r: 246, g: 178, b: 107, a: 0.4)
        }
        var highlightConfig = HighlightConfig()
        var backendNodeId: Int
    }

    /// `Overlay.hideHighlight`.
    struct HideHighlight: CDPCommand {
        static let method = "Overlay.hideHighlight"
    }
}
