extension CDP {
    /// The `Input` domain: synthetic mouse, touch and keyboard input.
    public enum Input {
        /// `Input.dispatchMouseEvent`.
        public struct DispatchMouseEvent: CDPCommand {
            public static let method = "Input.dispatchMouseEvent"
            /// `mousePressed`, `mouseReleased`, `mouseMoved` or `mouseWheel`.
            public var type: String
            public var x: Double
            public var y: Double
            public var button: String?
            public var clickCount: Int?
            public var deltaX: Double?
            public var deltaY: Double?
            public var modifiers: Int?
            public init(type: String, x: Double, y: Double, button: String? = nil, clickCount: Int? = nil,
                        deltaX: Double? = nil, deltaY: Double? = nil, modifiers: Int? = nil) {
                self.type = type
                self.x = x
                self.y = y
                self.button = button
                self.clickCount = clickCount
                self.deltaX = deltaX
                self.deltaY = deltaY
                self.modifiers = modifiers
            }
        }

        /// `Input.dispatchTouchEvent`.
        public struct DispatchTouchEvent: CDPCommand {
            public static let method = "Input.dispatchTouchEvent"
            /// `touchStart`, `touchMove`, `touchEnd` or `touchCancel`.
            public var type: String
            public var touchPoints: [TouchPoint]
            public var modifiers: Int?
            public init(type: String, touchPoints: [TouchPoint], modifiers: Int? = nil) {
                self.type = type
                self.touchPoints = touchPoints
                self.modifiers = modifiers
            }
        }

        /// One finger of a touch event.
        public struct TouchPoint: Codable, Sendable {
            public var x: Double
            public var y: Double
            public var id: Int?
            public init(x: Double, y: Double, id: Int? = nil) {
                self.x = x
                self.y = y
                self.id = id
            }
        }

        /// `Input.dispatchKeyEvent`.
        public struct DispatchKeyEvent: CDPCommand {
            public static let method = "Input.dispatchKeyEvent"
            /// `keyDown`, `keyUp`, `rawKeyDown` or `char`.
            public var type: String
            public var key: String?
            public var code: String?
            public var text: String?
            public var windowsVirtualKeyCode: Int?
            public var modifiers: Int?
            public init(type: String, key: String? = nil, code: String? = nil, text: String? = nil,
                        windowsVirtualKeyCode: Int? = nil, modifiers: Int? = nil) {
                self.type = type
                self.key = key
                self.code = code
                self.text = text
                self.windowsVirtualKeyCode = windowsVirtualKeyCode
                self.modifiers = modifiers
            }
        }

        /// `Input.synthesizeScrollGesture`: a real scroll gesture (touch or mouse), returning when done.
        public struct SynthesizeScrollGesture: CDPCommand {
            public static let method = "Input.synthesizeScrollGesture"
            public var x: Double
            public var y: Double
            /// Positive scrolls left (the content moves right).
            public var xDistance: Double?
            /// Positive scrolls up (the content moves down).
            public var yDistance: Double?
            /// Pixels per second.
            public var speed: Int?
            /// `touch`, `mouse` or `default`.
            public var gestureSourceType: String?
            public init(x: Double, y: Double, xDistance: Double? = nil, yDistance: Double? = nil, speed: Int? = nil,
                        gestureSourceType: String? = "touch") {
                self.x = x
                self.y = y
                self.xDistance = xDistance
                self.yDistance = yDistance
                self.speed = speed
                self.gestureSourceType = gestureSourceType
            }
        }

        /// `Input.insertText`: types text as an IME commit would (no key events).
        public struct InsertText: CDPCommand {
            public static let method = "Input.insertText"
            public var text: String
            public init(text: String) { self.text = text }
        }
    }
}
