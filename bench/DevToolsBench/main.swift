import DevTools
let clock = ContinuousClock()
var t = clock.now
let browser = try await Browser.launch()
print("launch", clock.now - t)
t = clock.now
_ = try await browser.version()
print("rt", clock.now - t)
t = clock.now
await browser.close()
print("close", clock.now - t)
