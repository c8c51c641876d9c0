extension BiDi {
    /// The `script` module: expressions and functions run in a page's realm (or a sandbox, an
    /// isolated world of its own), and scripts run before every document's own.
    public enum Script {
        /// Where script runs: a browsing context's page (or a named sandbox in it), or a realm.
        public enum Target: Encodable, Sendable {
            case context(String, sandbox: String? = nil)
            case realm(String)

            private enum CodingKeys: String, CodingKey { case context, sandbox, realm }
            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                switch self {
                case .context(let context, let sandbox):
                    try container.encode(context, forKey: .context)
                    try container.encodeIfPresent(sandbox, forKey: .sandbox)
                case .realm(let realm):
                    try container.encode(realm, forKey: .realm)
                }
            }
        }

        /// Whether a returned object stays alive in the page (`root`: it has a `handle` until
        /// `script.disown`) or not (`none`, the default).
        public enum ResultOwnership: String, Encodable, Sendable { case root, none }

        /// How deep returned values are serialised.
        public struct SerializationOptions: Encodable, Sendable {
            public var maxDomDepth: Int?
            public var maxObjectDepth: Int?
            /// `"none"`, `"open"` or `"all"`.
            public var includeShadowTree: String?
            public init(maxDomDepth: Int? = nil, maxObjectDepth: Int? = nil, includeShadowTree: String? = nil) {
                self.maxDomDepth = maxDomDepth
                self.maxObjectDepth = maxObjectDepth
                self.includeShadowTree = includeShadowTree
            }
        }

        /// `script.evaluate`: an expression; with `awaitPromise`, the value a promise settles to.
        public struct Evaluate: BiDiCommand {
            public static let method = "script.evaluate"
            public var expression: String
            public var target: Target
            public var awaitPromise: Bool
            public var resultOwnership: ResultOwnership?
            public var serializationOptions: SerializationOptions?
            /// Run as if the user had just acted (lets the page open pop-ups, go full screen, …).
            public var userActivation: Bool?
            public init(
                _ expression: String, in target: Target, awaitPromise: Bool = true, resultOwnership: ResultOwnership? = nil,
                serializationOptions: SerializationOptions? = nil, userActivation: Bool? = nil
            ) {
                self.expression = expression
                self.target = target
                self.awaitPromise = awaitPromise
                self.resultOwnership = resultOwnership
                self.serializationOptions = serializationOptions
                self.userActivation = userActivation
            }
            public typealias Result = EvaluateResult
        }

        /// `script.callFunction`: a function declaration called with arguments (nodes by
        /// `sharedId`) and an optional `this`.
        public struct CallFunction: BiDiCommand {
            public static let method = "script.callFunction"
            public var functionDeclaration: String
            public var target: Target
            public var awaitPromise: Bool
            public var arguments: [LocalValue]?
            public var this: LocalValue?
            public var resultOwnership: ResultOwnership?
            public var serializationOptions: SerializationOptions?
            public var userActivation: Bool?
            public init(
                _ functionDeclaration: String, in target: Target, arguments: [LocalValue]? = nil, this: LocalValue? = nil,
                awaitPromise: Bool = true, resultOwnership: ResultOwnership? = nil,
                serializationOptions: SerializationOptions? = nil, userActivation: Bool? = nil
            ) {
                self.functionDeclaration = functionDeclaration
                self.target = target
                self.arguments = arguments
                self.this = this
                self.awaitPromise = awaitPromise
                self.resultOwnership = resultOwnership
                self.serializationOptions = serializationOptions
                self.userActivation = userActivation
            }
            public typealias Result = EvaluateResult
        }

        /// What `evaluate` and `callFunction` answer: a value, or the exception the script threw.
        public enum EvaluateResult: Decodable, Sendable {
            case success(RemoteValue, realm: String)
            case exception(ExceptionDetails, realm: String)

            /// The value; throws ``BiDiError/javaScriptException(text:line:column:)`` for an exception.
            public func value() throws -> RemoteValue {
                switch self {
                case .success(let value, _): return value
                case .exception(let details, _):
                    throw BiDiError.javaScriptException(text: details.text, line: details.lineNumber, column: details.columnNumber)
                }
            }

            private enum CodingKeys: String, CodingKey { case type, result, exceptionDetails, realm }
            public init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                let realm = try container.decode(String.self, forKey: .realm)
                if try container.decode(String.self, forKey: .type) == "exception" {
                    self = .exception(try container.decode(ExceptionDetails.self, forKey: .exceptionDetails), realm: realm)
                } else {
                    self = .success(try container.decode(RemoteValue.self, forKey: .result), realm: realm)
                }
            }
        }

        /// A thrown exception, as the browser describes it.
        public struct ExceptionDetails: Decodable, Sendable {
            /// The browser's text for it (`"Error: boom"`).
            public let text: String
            public let lineNumber: Int?
            public let columnNumber: Int?
            /// The thrown value itself.
            public let exception: RemoteValue?
        }

        /// `script.addPreloadScript`: a function run in every new document (of `contexts`, or of
        /// every context) before the page's own scripts, optionally in a sandbox.
        public struct AddPreloadScript: BiDiCommand {
            public static let method = "script.addPreloadScript"
            public var functionDeclaration: String
            public var contexts: [String]?
            public var userContexts: [String]?
            public var sandbox: String?
            public init(_ functionDeclaration: String, contexts: [String]? = nil, userContexts: [String]? = nil, sandbox: String? = nil) {
                self.functionDeclaration = functionDeclaration
                self.contexts = contexts
                self.userContexts = userContexts
                self.sandbox = sandbox
            }
            public struct Result: Decodable, Sendable {
                public let script: String
            }
        }

        /// `script.removePreloadScript`.
        public struct RemovePreloadScript: BiDiCommand {
            public static let method = "script.removePreloadScript"
            public var script: String
            public init(script: String) { self.script = script }
        }

        /// `script.disown`: lets the page collect values returned with `resultOwnership: .root`.
        public struct Disown: BiDiCommand {
            public static let method = "script.disown"
            public var handles: [String]
            public var target: Target
            public init(handles: [String], target: Target) {
                self.handles = handles
                self.target = target
            }
        }
    }
}
