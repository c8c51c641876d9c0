public import LabSupport
extension CDP {
    /// The `Runtime` domain: evaluating JavaScript.
    public enum Runtime {
        /// `Runtime.enable`: starts console and execution-context events.
        public struct Enable: CDPCommand {
            public static let method = "Runtime.enable"
            public init() {}
        }

        /// `Runtime.evaluate`: runs an expression in the page's main world.
        public struct Evaluate: CDPCommand {
            public static let method = "Runtime.evaluate"
            public var expression: String
            public var returnByValue: Bool?
            public var awaitPromise: Bool?
            public var userGesture: Bool?
            public var contextId: Int?
            /// The object group a returned handle joins (with `returnByValue: false`).
            public var objectGroup: String?
            public init(expression: String, returnByValue: Bool? = true, awaitPromise: Bool? = nil,
                        userGesture: Bool? = nil, contextId: Int? = nil, objectGroup: String? = nil) {
                self.expression = expression
                self.returnByValue = returnByValue
                self.awaitPromise = awaitPromise
                self.userGesture = userGesture
                self.contextId = contextId
                self.objectGroup = objectGroup
            }
            public struct Response: Decodable, Sendable {
                public let result: RemoteObject
                public let exceptionDetails: ExceptionDetails?
            }
        }

        /// `Runtime.callFunctionOn`: calls a function with `this` bound to an object.
        public struct CallFunctionOn: CDPCommand {
            public static let method = "Runtime.callFunctionOn"
            public var functionDeclaration: String
            public var objectId: String?
            public var arguments: [CallArgument]?
            public var returnByValue: Bool?
            public var awaitPromise: Bool?
            public init(functionDeclaration: String, objectId: String?, arguments: [CallArgument]? = nil,
                        returnByValue: Bool? = true, awaitPromise: Bool? = nil) {
                self.functionDeclaration = functionDeclaration
                self.objectId = objectId
                self.arguments = arguments
                self.returnByValue = returnByValue
                self.awaitPromise = awaitPromise
            }
            public typealias Response = Evaluate.Response
        }

        /// `Runtime.releaseObject`.
        public struct ReleaseObject: CDPCommand {
            public static let method = "Runtime.releaseObject"
            public var objectId: String
            public init(objectId: String) { self.objectId = objectId }
        }

        /// `Runtime.releaseObjectGroup`: releases every handle made in the group.
        public struct ReleaseObjectGroup: CDPCommand {
            public static let method = "Runtime.releaseObjectGroup"
            public var objectGroup: String
            public init(objectGroup: String) { self.objectGroup = objectGroup }
        }

        /// `Runtime.getProperties`: an object's own properties (an array's elements by index),
        /// each value a handle in the object's group.
        public struct GetProperties: CDPCommand {
            public static let method = "Runtime.getProperties"
            public var objectId: String
            public var ownProperties: Bool?
            public init(objectId: String, ownProperties: Bool? = true) {
                self.objectId = objectId
                self.ownProperties = ownProperties
            }
            public struct Response: Decodable, Sendable { public let result: [PropertyDescriptor] }
            /// One property: its name and value.
            public struct PropertyDescriptor: Decodable, Sendable {
                public let name: String
                public let value: RemoteObject?
            }
        }

        /// An argument of ``CallFunctionOn``: a JSON value or a remote object.
        public struct CallArgument: Codable, Sendable {
            public var value: JSONValue?
            public var objectId: String?
            public init(value: JSONValue) { self.value = value }
            public init(objectId: String) { self.objectId = objectId }
        }

        /// A JavaScript value: by value when asked for (`value`), otherwise by reference (`objectId`).
        public struct RemoteObject: Decodable, Sendable {
            public let type: String
            public let subtype: String?
            public let className: String?
            public let value: JSONValue?
            public let unserializableValue: String?
            public let description: String?
            public let objectId: String?
        }

        /// `Runtime.consoleAPICalled`: the page called `console.log`, `console.error`, ….
        public struct ConsoleAPICalled: CDPEvent {
            public static let method = "Runtime.consoleAPICalled"
            /// `log`, `debug`, `info`, `error`, `warning`, `assert`, `trace`, ….
            public let type: String
            public let args: [RemoteObject]
            public let stackTrace: StackTrace?
        }

        /// `Runtime.exceptionThrown`: an exception nothing in the page caught.
        public struct ExceptionThrown: CDPEvent {
            public static let method = "Runtime.exceptionThrown"
            public let exceptionDetails: ExceptionDetails
        }

        /// Where a call was made: the innermost frame first.
        public struct StackTrace: Decodable, Sendable {
            public let callFrames: [CallFrame]
        }

        /// One frame of a ``StackTrace`` (line and column from 0).
        public struct CallFrame: Decodable, Sendable {
            public let functionName: String
            public let url: String
            public let lineNumber: Int
            public let columnNumber: Int
        }

        /// Why an evaluation threw.
        public struct ExceptionDetails: Decodable, Sendable {
            public let text: String
            public let lineNumber: Int
            public let columnNumber: Int
            public let exception: RemoteObject?
            /// The script's URL, when the exception came from one.
            public let url: String?

            /// The exception's own description when there is one (`Error: …`), else `text`.
            public var message: String { exception?.description ?? text }
        }
    }
}
