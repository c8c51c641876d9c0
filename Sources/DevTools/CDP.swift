/// Chrome DevTools Protocol client: launches Chromium, speaks CDP over a pipe or WebSocket.
public enum CDP {}
