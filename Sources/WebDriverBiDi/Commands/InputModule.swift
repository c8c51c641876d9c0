extension BiDi {
    /// The `input` module: pointer (mouse, pen, touch), keyboard and wheel input, dispatched as
    /// the browser's own trusted events.
    public enum Input {
        /// `input.performActions`: every source's actions, tick by tick (the n-th action of each
        /// source runs together). Answers once all have been dispatched.
        public struct PerformActions: BiDiCommand {
            public static let method = "input.performActions"
            public var context: String
            public var actions: [Source]
            public init(context: String, actions: [Source]) {
                self.context = context
                self.actions = actions
            }
        }

        /// `input.releaseActions`: releases every key and button still held, and forgets the sources.
        public struct ReleaseActions: BiDiCommand {
            public static let method = "input.releaseActions"
            public var context: String
            public init(context: String) { self.context = context }
        }

        /// One input device and what it does. `id` names the device across commands (a finger,
        /// the mouse, the keyboard).
        public enum Source: Encodable, Sendable {
            /// Pauses only (to line up ticks).
            case none(id: String, pauses: [Int?])
            case key(id: String, actions: [KeyAction])
            case pointer(id: String, type: PointerType = .mouse, actions: [PointerAction])
            case wheel(id: String, actions: [WheelAction])

            private enum CodingKeys: String, CodingKey { case type, id, parameters, actions }
            private struct Parameters: Encodable {
                let pointerType: PointerType
            }
            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                switch self {
                case .none(let id, let pauses):
                    try container.encode("none", forKey: .type)
                    try container.encode(id, forKey: .id)
                    try container.encode(pauses.map { Pause(duration: $0) }, forKey: .actions)
                case .key(let id, let actions):
                    try container.encode("key", forKey: .type)
                    try container.encode(id, forKey: .id)
                    try container.encode(actions, forKey: .actions)
                case .pointer(let id, let type, let actions):
                    try container.encode("pointer", forKey: .type)
                    try container.encode(id, forKey: .id)
                    try container.encode(Parameters(pointerType: type), forKey: .parameters)
                    try container.encode(actions, forKey: .actions)
                case .wheel(let id, let actions):
                    try container.encode("wheel", forKey: .type)
                    try container.encode(id, forKey: .id)
                    try container.encode(actions, forKey: .actions)
                }
            }
        }

        public enum PointerType: String, Encodable, Sendable { case mouse, pen, touch }

        /// What a pointer move's coordinates are relative to.
        public enum Origin: Encodable, Sendable {
            /// The viewport's top left (CSS pixels).
            case viewport
            /// Where the pointer is now.
            case pointer
            /// The centre of the element with this `sharedId`.
            case element(sharedId: String)

            private enum CodingKeys: String, CodingKey { case type, element }
            public func encode(to encoder: any Encoder) throws {
                switch self {
                case .viewport:
                    var container = encoder.singleValueContainer()
                    try container.encode("viewport")
                case .pointer:
                    var container = encoder.singleValueContainer()
                    try container.encode("pointer")
                case .element(let sharedId):
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode("element", forKey: .type)
                    try container.encode(LocalValue.sharedReference(sharedId: sharedId), forKey: .element)
                }
            }
        }

        private struct Pause: Encodable {
            let type = "pause"
            let duration: Int?
        }

        /// A key press or release. `value` is one character, or a WebDriver key code (``Key``).
        public enum KeyAction: Encodable, Sendable {
            case down(String)
            case up(String)
            case pause(milliseconds: Int? = nil)

            private enum CodingKeys: String, CodingKey { case type, value, duration }
            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                switch self {
                case .down(let value):
                    try container.encode("keyDown", forKey: .type)
                    try container.encode(value, forKey: .value)
                case .up(let value):
                    try container.encode("keyUp", forKey: .type)
                    try container.encode(value, forKey: .value)
                case .pause(let milliseconds):
                    try container.encode("pause", forKey: .type)
                    try container.encodeIfPresent(milliseconds, forKey: .duration)
                }
            }

            /// Presses and releases each character of `text` in turn.
            public static func typing(_ text: String) -> [KeyAction] {
                text.flatMap { character in [KeyAction.down(String(character)), .up(String(character))] }
            }
        }

        /// The contact's shape and force (touch and pen); every field optional.
        public struct PointerProperties: Sendable {
            public var width: Double?
            public var height: Double?
            public var pressure: Double?
            public var tangentialPressure: Double?
            public var twist: Int?
            public var altitudeAngle: Double?
            public var azimuthAngle: Double?
            public init(
                width: Double? = nil, height: Double? = nil, pressure: Double? = nil, tangentialPressure: Double? = nil,
                twist: Int? = nil, altitudeAngle: Double? = nil, azimuthAngle: Double? = nil
            ) {
                self.width = width
                self.height = height
                self.pressure = pressure
                self.tangentialPressure = tangentialPressure
                self.twist = twist
                self.altitudeAngle = altitudeAngle
                self.azimuthAngle = azimuthAngle
            }
        }

        /// What a pointer does: buttons are 0 (primary; a touch's contact), 1 (middle), 2 (secondary).
        public enum PointerAction: Encodable, Sendable {
            case move(x: Double, y: Double, duration: Int? = nil, origin: Origin = .viewport, properties: PointerProperties? = nil)
            case down(button: Int = 0, properties: PointerProperties? = nil)
            case up(button: Int = 0)
            case pause(milliseconds: Int? = nil)

            private enum CodingKeys: String, CodingKey {
                case type, x, y, duration, origin, button
                case width, height, pressure, tangentialPressure, twist, altitudeAngle, azimuthAngle
            }
            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                switch self {
                case .move(let x, let y, let duration, let origin, let properties):
                    try container.encode("pointerMove", forKey: .type)
                    try container.encode(x, forKey: .x)
                    try container.encode(y, forKey: .y)
                    try container.encodeIfPresent(duration, forKey: .duration)
                    try container.encode(origin, forKey: .origin)
                    try Self.encode(properties, into: &container)
                case .down(let button, let properties):
                    try container.encode("pointerDown", forKey: .type)
                    try container.encode(button, forKey: .button)
                    try Self.encode(properties, into: &container)
                case .up(let button):
                    try container.encode("pointerUp", forKey: .type)
                    try container.encode(button, forKey: .button)
                case .pause(let milliseconds):
                    try container.encode("pause", forKey: .type)
                    try container.encodeIfPresent(milliseconds, forKey: .duration)
                }
            }

            private static func encode(_ properties: PointerProperties?, into container: inout KeyedEncodingContainer<CodingKeys>) throws {
                guard let properties else { return }
                try container.encodeIfPresent(properties.width, forKey: .width)
                try container.encodeIfPresent(properties.height, forKey: .height)
                try container.encodeIfPresent(properties.pressure, forKey: .pressure)
                try container.encodeIfPresent(properties.tangentialPressure, forKey: .tangentialPressure)
                try container.encodeIfPresent(properties.twist, forKey: .twist)
                try container.encodeIfPresent(properties.altitudeAngle, forKey: .altitudeAngle)
                try container.encodeIfPresent(properties.azimuthAngle, forKey: .azimuthAngle)
            }

            /// Move to (`x`, `y`), press and release: a click (a tap for a touch pointer).
            public static func click(x: Double, y: Double, origin: Origin = .viewport) -> [PointerAction] {
                [.move(x: x, y: y, origin: origin), .down(), .up()]
            }
        }

        /// A wheel scroll at (`x`, `y`) by (`deltaX`, `deltaY`) CSS pixels.
        public enum WheelAction: Encodable, Sendable {
            case scroll(x: Int, y: Int, deltaX: Int, deltaY: Int, duration: Int? = nil, origin: Origin = .viewport)
            case pause(milliseconds: Int? = nil)

            private enum CodingKeys: String, CodingKey { case type, x, y, deltaX, deltaY, duration, origin }
            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                switch self {
                case .scroll(let x, let y, let deltaX, let deltaY, let duration, let origin):
                    try container.encode("scroll", forKey: .type)
                    try container.encode(x, forKey: .x)
                    try container.encode(y, forKey: .y)
                    try container.encode(deltaX, forKey: .deltaX)
                    try container.encode(deltaY, forKey: .deltaY)
                    try container.encodeIfPresent(duration, forKey: .duration)
                    try container.encode(origin, forKey: .origin)
                case .pause(let milliseconds):
                    try container.encode("pause", forKey: .type)
                    try container.encodeIfPresent(milliseconds, forKey: .duration)
                }
            }
        }

        /// WebDriver's codes for keys that are not characters (the spec's "keyboard actions" table).
        public enum Key {
            public static let backspace = "\u{E003}"
            public static let tab = "\u{E004}"
            public static let enter = "\u{E007}"
            public static let shift = "\u{E008}"
            public static let control = "\u{E009}"
            public static let alt = "\u{E00A}"
            public static let escape = "\u{E00C}"
            public static let space = "\u{E00D}"
            public static let pageUp = "\u{E00E}"
            public static let pageDown = "\u{E00F}"
            public static let end = "\u{E010}"
            public static let home = "\u{E011}"
            public static let arrowLeft = "\u{E012}"
            public static let arrowUp = "\u{E013}"
            public static let arrowRight = "\u{E014}"
            public static let arrowDown = "\u{E015}"
            public static let delete = "\u{E017}"
            public static let meta = "\u{E03D}"
        }
    }
}
