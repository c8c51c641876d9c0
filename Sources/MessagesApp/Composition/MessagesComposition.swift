import Foundation
public import LabKit

/// The one place where a launch's dependencies are chosen (dependency injection by hand, no
/// global): which ``MessageActions`` the view models of that launch get.
///
/// | launch argument | environment | actions |
/// |---|---|---|
/// | `-mock YES` | `LAB_MESSAGES_MOCK=1` | ``MockMessageActions``: hard-coded messages, no network, nothing kept |
/// | `-messagesAPI URL` | `LAB_MESSAGES_API=URL` | ``APIMessageActions`` over the API at `URL` |
/// | (neither) | | ``APIMessageActions`` over the app's default address (`lab serve`: its own API), else none: every screen says so |
/// | `-messagesAPITimeout SECONDS` | `LAB_MESSAGES_API_TIMEOUT=SECONDS` | the longest one API call may take (default 5) |
/// | `-messagesPageSize N` | `LAB_MESSAGES_PAGE_SIZE=N` | the most messages on a page of All Messages (1–10,000; default: the API's, 1,000); the API's byte budget bounds a page either way |
public enum MessagesComposition {
    /// The launch argument that turns mock mode on (`-mock YES`).
    public static let mockArgument = "-mock"
    /// The environment variable that turns mock mode on (`LAB_MESSAGES_MOCK=1`).
    public static let mockEnvironmentVariable = "LAB_MESSAGES_MOCK"
    /// The launch argument naming the API (`-messagesAPI http://127.0.0.1:8080`).
    public static let apiArgument = "-messagesAPI"
    /// The environment variable naming the API (`LAB_MESSAGES_API=http://127.0.0.1:8080`).
    public static let apiEnvironmentVariable = "LAB_MESSAGES_API"
    /// The launch argument bounding one API call, in seconds (`-messagesAPITimeout 2`).
    public static let timeoutArgument = "-messagesAPITimeout"
    /// The environment variable bounding one API call, in seconds.
    public static let timeoutEnvironmentVariable = "LAB_MESSAGES_API_TIMEOUT"
    /// The launch argument setting the most messages on a page of All Messages (`-messagesPageSize 3`).
    public static let pageSizeArgument = "-messagesPageSize"
    /// The environment variable setting the most messages on a page of All Messages.
    public static let pageSizeEnvironmentVariable = "LAB_MESSAGES_PAGE_SIZE"
    /// The timeout when none is given.
    public static let defaultTimeout: Duration = .seconds(5)

    /// The actions a launch with `launch` options gets, `defaultAPI` being the app's own
    /// choice when the launch names none; or why there are none (a bad option, no API).
    public static func actions(
        for launch: LaunchOptions, defaultAPI: MessagesAPIAddress?
    ) -> Result<any MessageActions, MessageActionError> {
        if launch.flag(argument: mockArgument, environment: mockEnvironmentVariable) {
            return .success(MockMessageActions())
        }
        var timeout = defaultTimeout
        if let raw = launch.value(argument: timeoutArgument, environment: timeoutEnvironmentVariable) {
            guard let seconds = Double(raw), seconds > 0, seconds <= 600 else {
                return .failure(.unavailable("\(timeoutArgument) / \(timeoutEnvironmentVariable) must be a number of seconds between 0 and 600, not \"\(raw)\""))
            }
            timeout = .milliseconds(Int(seconds * 1000))
        }
        var pageSize: Int?
        if let raw = launch.value(argument: pageSizeArgument, environment: pageSizeEnvironmentVariable) {
            guard let size = Int(raw), (1...10_000).contains(size) else {
                return .failure(.unavailable("\(pageSizeArgument) / \(pageSizeEnvironmentVariable) must be a whole number from 1 to 10000, not \"\(raw)\""))
            }
            pageSize = size
        }
        let address: MessagesAPIAddress
        if let raw = launch.value(argument: apiArgument, environment: apiEnvironmentVariable) {
            guard let url = URL(string: raw), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
                return .failure(.unavailable("\(apiArgument) / \(apiEnvironmentVariable) must be an http:// or https:// URL, not \"\(raw)\""))
            }
            address = MessagesAPIAddress(url)
        } else if let defaultAPI {
            address = defaultAPI
        } else {
            return .failure(.unavailable(
                "The Messages service is not configured: give the app -messagesAPI URL (or LAB_MESSAGES_API=URL), or -mock YES"))
        }
        return .success(APIMessageActions(address: address, timeout: timeout, pageSize: pageSize))
    }
}
