#!/usr/bin/env bash
# Benchmark of the Messages service against a Hummingbird hello-world, measured in one run.
#
#   bench/messages-api.sh
#
# Builds `lab` and `HelloBench` in release mode, starts both on 127.0.0.1 (free ports, the
# messages service on a fresh temporary SQLite file), and runs wrk against:
#   1. GET /hello on the hello-world              (the ceiling on this machine)
#   2. GET /proto/messages/{user} (a user with 10 messages)
#   3. POST /proto/messages (a new message per request; durable before the 201)
#   4. the same POST against a second instance run with --synchronous normal (for information:
#      what the fsync per commit costs; not part of the bar)
# then prints requests/s, p50/p99 latency and the ratios to hello-world, and checks the bar:
# GET ≥ 50% and POST ≥ 25% of hello-world throughput, POST p99 < 50 ms.
#
# The four are run in turn, ROUNDS times (interleaved, so background load hits them alike);
# the table reports medians over the rounds, and the bar is checked on the medians.
#
# Settings (environment): DURATION (10s), ROUNDS (3), THREADS (2), CONNECTIONS (32), WARMUP (3s);
# KEEP=DIR copies wrk's raw outputs into DIR.
# Exit status: 0 when the bar is met, 1 when it is not, 2 on a setup error.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-10s}
ROUNDS=${ROUNDS:-3}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-32}
WARMUP=${WARMUP:-3s}

source bench/lib.sh
need_wrk
build_release lab HelloBench

start hello "$BIN/HelloBench" 0; HELLO_PORT=$PORT
start messages "$BIN/lab" messages-api --host 127.0.0.1 --port 0 --db "$WORK/bench.sqlite"; MSG_PORT=$PORT
start normal "$BIN/lab" messages-api --host 127.0.0.1 --port 0 --db "$WORK/normal.sqlite" --synchronous normal; NORMAL_PORT=$PORT
HELLO="http://127.0.0.1:$HELLO_PORT"
MSG="http://127.0.0.1:$MSG_PORT"

for i in $(seq 1 10); do
  curl -sf -o /dev/null -H 'Content-Type: application/json' \
    -d "{\"user\":\"dan\",\"operation\":\"add_message\",\"subject\":\"pets\",\"message\":\"message $i\"}" "$MSG/proto/messages"
done
[ "$(curl -sf "$MSG/proto/messages/dan" | grep -o '"subject"' | wc -l)" = 10 ] || { echo "error: seeding failed" >&2; exit 2; }

# run NAME URL [LUA] : warm up, then measure; output in $WORK/NAME.wrk
run() {
  local name=$1 url=$2 script=${3:-}
  local args=(-t "$THREADS" -c "$CONNECTIONS" --latency)
  [ -n "$script" ] && args+=(-s "$script")
  wrk "${args[@]}" -d "$WARMUP" "$url" >/dev/null
  wrk "${args[@]}" -d "$DURATION" "$url" >"$WORK/$name.wrk"
}

rps() { awk '/^Requests\/sec:/ {print $2}' "$WORK/$1.wrk"; }
# percentile NAME P : latency at P% in milliseconds
percentile() {
  awk -v p="$2%" '$1 == p {
      v = $2; unit = v; gsub(/[0-9.]/, "", unit); sub(/[a-z]+$/, "", v)
      if (unit == "us") v = v / 1000; else if (unit == "s") v = v * 1000; else if (unit == "m") v = v * 60000
      printf "%.2f", v }' "$WORK/$1.wrk"
}
errors() {
  awk '/Non-2xx or 3xx responses:/ {n += $NF} /Socket errors:/ {gsub(/,/, ""); n += $4 + $6 + $8 + $10} END {print n + 0}' "$WORK/$1.wrk"
}
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{v[NR] = $1} END {if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

echo "machine: $(nproc) cores, $(uname -sr); load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "wrk: $THREADS threads, $CONNECTIONS connections, $DURATION per run (after $WARMUP warm-up), $ROUNDS interleaved rounds"
ENDPOINTS=(hello get post normal)
declare -A URL=([hello]="$HELLO/hello" [get]="$MSG/proto/messages/dan" [post]="$MSG/proto/messages" [normal]="http://127.0.0.1:$NORMAL_PORT/proto/messages")
declare -A LUA=([hello]="" [get]="" [post]=bench/messages-post.lua [normal]=bench/messages-post.lua)
declare -A RPS P50 P99 ERR
echo
echo "round  hello/s  GET/s  POST/s  (POST p99 ms)  normal-POST/s"
for round in $(seq 1 "$ROUNDS"); do
  for e in "${ENDPOINTS[@]}"; do
    run "$e.$round" "${URL[$e]}" "${LUA[$e]}"
    RPS[$e]+="$(rps "$e.$round") "; P50[$e]+="$(percentile "$e.$round" 50) "; P99[$e]+="$(percentile "$e.$round" 99) "
    ERR[$e]=$(( ${ERR[$e]:-0} + $(errors "$e.$round") ))
  done
  echo "$round      $(rps hello.$round)  $(rps get.$round)  $(rps post.$round)  ($(percentile post.$round 99))  $(rps normal.$round)"
done
if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP" && cp "$WORK"/*.wrk "$KEEP"/; fi

declare -A M50 M99 MRPS
for e in "${ENDPOINTS[@]}"; do
  MRPS[$e]=$(echo "${RPS[$e]}" | median); M50[$e]=$(echo "${P50[$e]}" | median); M99[$e]=$(echo "${P99[$e]}" | median)
done
ratio() { awk -v a="$1" -v b="${MRPS[hello]}" 'BEGIN {printf "%.1f", 100 * a / b}'; }
GET_RATIO=$(ratio "${MRPS[get]}"); POST_RATIO=$(ratio "${MRPS[post]}"); POST_P99=${M99[post]}
STORED=$(curl -sf "$MSG/proto/messages" | grep -o '"subject"' | wc -l)

echo
echo "medians over $ROUNDS rounds (p99 = median of the rounds' p99):"
printf '| %-28s | %12s | %9s | %9s | %14s | %6s |\n' "endpoint" "requests/s" "p50 (ms)" "p99 (ms)" "vs hello-world" "errors"
printf '|%s|%s|%s|%s|%s|%s|\n' "------------------------------" "--------------" "-----------" "-----------" "----------------" "--------"
row() { printf '| %-28s | %12s | %9s | %9s | %14s | %6s |\n' "$1" "${MRPS[$2]}" "${M50[$2]}" "${M99[$2]}" "$3" "${ERR[$2]}"; }
row "GET /hello (hello-world)" hello "100%"
row "GET /proto/messages/{user}" get "$GET_RATIO%"
row "POST /proto/messages" post "$POST_RATIO%"
row "POST, synchronous=normal (*)" normal "$(ratio "${MRPS[normal]}")%"
echo "(*) for information only: no fsync per commit; not the default and not part of the bar"
echo
echo "messages stored after the run: $STORED (10 seeded + every acknowledged POST)"

verdict=0
check() { if awk "BEGIN {exit !($2)}"; then echo "PASS  $1"; else echo "FAIL  $1"; verdict=1; fi; }
check "GET by user >= 50% of hello-world ($GET_RATIO%)" "$GET_RATIO >= 50"
check "POST >= 25% of hello-world ($POST_RATIO%)" "$POST_RATIO >= 25"
check "POST p99 < 50 ms ($POST_P99 ms)" "$POST_P99 < 50"
exit $verdict
