#!/usr/bin/env python3
# An ordinary GET beside two clients that loop on heavy GETs (250 messages of 4,000 x U+0001:
# 6 MB of JSON each) against `lab messages-api`. usage: bench/heavy-gets.py LAB_BINARY
