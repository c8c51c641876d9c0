#!/usr/bin/env python3
# `lab messages-api`'s memory while N clients (default 50) each ask for the biggest page and read
# none of it: 300 messages of 4,000 x U+0001 (a page stops at 1 MiB of stored text: 261 of them,
# 6.3 MB of JSON). Prints the RSS before the GETs and its peak while the clients are connected and
# read nothing (until every answer has begun to arrive and the RSS has not risen for HOLD seconds,
# default 15), that peak less the baseline per client, and what the kernel holds: clients ask for
# a 4 KiB receive buffer, and the server's socket buffers are kernel memory, not RSS (the peak
# growth of all TCP buffers on the machine, and the queues of these sockets at the end).
# usage: bench/unread-pages-memory.py LAB_BINARY [CLIENTS] [HOLD_SECONDS]
import signal, socket, subprocess, sys, time
from concurrent.futures import ThreadPoolExecutor
from labproc import start_lab, post_message

lab = sys.argv[1]
clients = int(sys.argv[2]) if len(sys.argv) > 2 else 50
hold = float(sys.argv[3]) if len(sys.argv) > 3 else 15
# A long idle timeout: the write-progress clock must not close the unread clients while measured.
p, port = start_lab(lab, "messages-api", "--idle-timeout", "600")


def rss_mib():
    for line in open(f"/proc/{p.pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024


def tcp_kernel_mib():
    # Memory of every TCP socket on the machine (pages), from /proc/net/sockstat.
    for line in open("/proc/net/sockstat"):
        if line.startswith("TCP:"):
            fields = line.split()
            return int(fields[fields.index("mem") + 1]) * 4096 / (1 << 20)


text = "\u0001" * 4000
with ThreadPoolExecutor(4) as pool:
    list(pool.map(lambda i: post_message(port, "u", str(i), text), range(300)))
# One whole read first, so the baseline includes the page cache and buffers a served page leaves.
whole = socket.create_connection(("127.0.0.1", port))
whole.sendall(b"GET /proto/messages?limit=10000 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
size = 0
while chunk := whole.recv(1 << 20):
    size += len(chunk)
whole.close()
time.sleep(1)
baseline, kernel_base = rss_mib(), tcp_kernel_mib()

sockets = []
for _ in range(clients):
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect(("127.0.0.1", port))
    s.sendall(b"GET /proto/messages?limit=10000 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    sockets.append(s)


def answered(s):
    # Whether the answer's first bytes are in the client's receive buffer (peeked: left unread).
    try:
        return len(s.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT)) > 0
    except BlockingIOError:
        return False


peak, start, last_rise, kernel_peak = baseline, time.time(), time.time(), kernel_base
all_started = None
# Until every answer has begun to arrive (the old server sent a head only once the whole answer
# was built) and the RSS has not risen by 1 MiB for HOLD seconds since; at most 10 minutes.
while time.time() - start < 600:
    now = rss_mib()
    if now > peak + 1:
        last_rise = time.time()
    peak = max(peak, now)
    kernel_peak = max(kernel_peak, tcp_kernel_mib())
    if all_started is None and all(answered(s) for s in sockets):
        all_started = time.time()
    if all_started is not None and time.time() - max(last_rise, all_started) >= hold:
        break
    time.sleep(0.25)
started_after = f"{all_started - start:.0f} s" if all_started else "never"
print(f"{clients} unread pages of {size / 1e6:.1f} MB: RSS {baseline:.0f} MiB before, peak {peak:.0f} MiB "
      f"(+{peak - baseline:.0f} MiB, {(peak - baseline) / clients:.2f} MiB a client); every answer begun after "
      f"{started_after}, RSS flat after {last_rise - start:.0f} s; TCP buffers (kernel, whole machine) peak "
      f"+{kernel_peak - kernel_base:.0f} MiB")
# What the kernel holds for those clients now: the server's send queues and the clients' receive queues.
queued = subprocess.run(["ss", "-tnH", "state", "established", f"( sport = :{port} or dport = :{port} )"],
                        capture_output=True, text=True).stdout.splitlines()
send_q = sum(int(line.split()[1]) for line in queued)
recv_q = sum(int(line.split()[0]) for line in queued)
print(f"  kernel queues at the end: {send_q / 1e6:.1f} MB to send, {recv_q / 1e6:.1f} MB received unread, over {len(queued)} sockets")
for s in sockets:
    s.close()
p.send_signal(signal.SIGTERM)
p.wait(60)
