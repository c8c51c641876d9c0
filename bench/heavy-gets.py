#!/usr/bin/env python3
# An ordinary GET beside two clients that loop on heavy GETs (250 messages of 4,000 x U+0001:
# 6 MB of JSON each) against `lab messages-api`. usage: bench/heavy-gets.py LAB_BINARY
import json, os, signal, socket, subprocess, sys, tempfile, threading, time, urllib.request
from labproc import start_lab, post_message
p, port = start_lab(sys.argv[1], "messages-api")
text = "\u0001" * 4000
for i in range(250):
    post_message(port, "u", str(i), text)
stop = False
def heavy():
    while not stop:
        try: urllib.request.urlopen(f"http://127.0.0.1:{port}/proto/messages?limit=10000", timeout=120).read()
        except Exception: pass  # cut by the shutdown at the end
for _ in range(2): threading.Thread(target=heavy, daemon=True).start()
time.sleep(2)
lat = []
for _ in range(20):
    t = time.time(); urllib.request.urlopen(f"http://127.0.0.1:{port}/proto/messages/nobody", timeout=60).read(); lat.append(1000 * (time.time() - t)); time.sleep(0.1)
lat.sort(); print(f"GET beside 2 heavy GETs: p50 {lat[10]:.0f} ms, max {lat[-1]:.0f} ms")
stop = True; p.send_signal(signal.SIGTERM); p.wait(60)
