#!/usr/bin/env bash
# A normal client's GET latency while thousands of slow clients hold connections open, against
# a release `lab messages-api` with its default limits (see bench/slow-clients.py).
#   bench/slow-clients.sh [SLOW_CLIENTS (2000)] [REQUESTS (300)]
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
build_release lab
ulimit -n "$(ulimit -Hn)"  # the flood itself needs a descriptor per slow client
start messages-api "$BIN/lab" messages-api --host 127.0.0.1 --port 0 --db "$WORK/m.sqlite"
curl -sf -o /dev/null -H 'Content-Type: application/json' \
  -d '{"user":"dan","operation":"add_message","subject":"pets","message":"cats are grumpy"}' "http://127.0.0.1:$PORT/proto/messages"
echo "machine: $(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg); open-file limit: soft $(ulimit -Sn), hard $(ulimit -Hn)"
python3 bench/slow-clients.py "$PORT" "${1:-2000}" "${2:-300}"
echo "server still running: $(kill -0 $PID 2>/dev/null && echo yes || echo NO)"
