import DevTools
print("bench: not yet")
