// The model and wire types (`Message`, `MessageEntry`, `UserMessages`, `MessagesErrorCode`, the
// envelopes) live in MessagesModel, shared with the app's client; re-exported so users of the
// API module see them as before.
@_exported import MessagesModel
