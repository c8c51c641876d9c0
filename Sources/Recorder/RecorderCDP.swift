import DevTools

/// The few DevTools methods and events only the recorder uses (its isolated world and binding).
enum RecorderCDP {
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
