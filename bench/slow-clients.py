#!/usr/bin/env python3
"""A normal client's GET latency while thousands of slow clients hold connections open.

    bench/slow-clients.py PORT [SLOW_CLIENTS] [REQUESTS]

Against `lab messages-api` (or any lab server) on 127.0.0.1:PORT:
1. baseline: REQUESTS GETs of /proto/messages/dan, each on a fresh connection (a new client);
2. SLOW_CLIENTS connections that each send half a request head, then one more header byte a
   second (slowloris); a connection the server cuts is opened again at once;
3. the same REQUESTS GETs while they hang on.
Prints p50/p90/p99/max of both, the ratio, how many slow connections were open, failures.
Run through bench/slow-clients.sh, which builds and starts the server.
"""
import asyncio
import statistics
import sys
import time

HOST = "127.0.0.1"


async def get(port, path):
    """One GET on a new connection; the seconds it took (status line to end), or None."""
    started = time.perf_counter()
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, port), 30)
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n\r\n".encode())
        await writer.drain()
        data = await asyncio.wait_for(reader.read(), 30)
        writer.close()
        if not data.startswith(b"HTTP/1.1 200"):
            return None
        return time.perf_counter() - started
    except (OSError, asyncio.TimeoutError):
        return None


async def measure(port, count):
    times, failures = [], 0
    for _ in range(count):
        took = await get(port, "/proto/messages/dan")
        if took is None:
            failures += 1
        else:
            times.append(took * 1000)
    return times, failures


class Flood:
    def __init__(self, port, count):
        self.port, self.count = port, count
        self.open = 0
        self.cut = 0
        self.running = True

    async def one(self):
        while self.running:
            try:
                reader, writer = await asyncio.open_connection(HOST, self.port)
            except OSError:
                await asyncio.sleep(0.1)
                continue
            self.open += 1
            try:
                writer.write(f"POST /proto/messages HTTP/1.1\r\nHost: {HOST}\r\n".encode())
                await writer.drain()
                while self.running:
                    await asyncio.sleep(1)
                    writer.write(b"X")  # one more byte of a header line that never ends
                    await writer.drain()
                    if reader.at_eof():
                        break
            except OSError:
                pass
            finally:
                self.open -= 1
                self.cut += 1
                writer.close()

    def start(self):
        return [asyncio.create_task(self.one()) for _ in range(self.count)]


def summary(name, times, failures):
    times = sorted(times)
    pick = lambda q: times[min(len(times) - 1, int(q * len(times)))] if times else float("nan")
    print(f"| {name:<26} | {len(times):>8} | {statistics.median(times) if times else float('nan'):>8.2f} | "
          f"{pick(0.9):>8.2f} | {pick(0.99):>8.2f} | {max(times) if times else float('nan'):>8.2f} | {failures:>8} |")
    return statistics.median(times) if times else float("nan")


async def main():
    port = int(sys.argv[1])
    slow = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    requests = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    await measure(port, 20)  # warm-up
    base, base_failures = await measure(port, requests)
    flood = Flood(port, slow)
    tasks = flood.start()
    for _ in range(100):
        if flood.open >= slow:
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(1)
    opened = flood.open
    loaded, loaded_failures = await measure(port, requests)
    still = flood.open
    flood.running = False
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    print(f"slow connections open when measuring: {opened} at the start, {still} at the end (of {slow}); "
          f"cut by the server and reopened: {flood.cut - slow if flood.cut > slow else 0}")
    print(f"| {'GET /proto/messages/dan':<26} | {'answers':>8} | {'p50 ms':>8} | {'p90 ms':>8} | {'p99 ms':>8} | {'max ms':>8} | {'failed':>8} |")
    print(f"|{'-' * 28}|{'-' * 10}|{'-' * 10}|{'-' * 10}|{'-' * 10}|{'-' * 10}|{'-' * 10}|")
    a = summary("alone", base, base_failures)
    b = summary(f"with {slow} slow clients", loaded, loaded_failures)
    print(f"p50 with the slow clients / alone: {b / a:.2f}x")


if __name__ == "__main__":
    asyncio.run(main())
