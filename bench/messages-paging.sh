#!/usr/bin/env bash
# GET latency of the Messages API as the store grows: 1k, 100k and 1M stored messages.
#
#   bench/messages-paging.sh
#
# Builds `lab` in release mode. For each size it makes a fresh SQLite store (the schema by
# the server itself, then the rows inserted directly with Python's sqlite3: 1M POSTs would
# take too long), starts `lab messages-api` on it and runs wrk against:
#   all        GET /proto/messages                       (first page: 1000 messages)
#   all-last   GET /proto/messages?cursor=…              (the last page, 500 messages)
#   heavy      GET /proto/messages/heavy?limit=100       (a user with 10% of all messages; first page)
#   heavy-last GET /proto/messages/heavy?limit=100&cursor=…  (that user's last page)
#   rare       GET /proto/messages/rare                  (a user with 10 messages spread over the store)
# Every 10th message is heavy's; 10 evenly spread ones are rare's; the others go round-robin
# to user0…user999. Every endpoint answers the same number of messages at every size, so the
# sizes compare like for like.
# Sizes run in turn, ROUNDS times (interleaved); the table reports medians over the rounds
# and each size's p50 relative to the 1k store's.
#
# Settings (environment): SIZES ("1000 100000 1000000"), DURATION (3s), ROUNDS (3),
# THREADS (2), CONNECTIONS (8), WARMUP (1s).
set -euo pipefail
cd "$(dirname "$0")/.."

SIZES=${SIZES:-1000 100000 1000000}
DURATION=${DURATION:-3s}
ROUNDS=${ROUNDS:-3}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-8}
WARMUP=${WARMUP:-1s}

source bench/lib.sh
need_wrk
build_release lab

# serve NAME DB : starts lab messages-api on DB; sets PORT and PID.
serve() { start "$1" "$BIN/lab" messages-api --host 127.0.0.1 --port 0 --db "$2"; }

declare -A PORTS LAST HEAVYLAST
for size in $SIZES; do
  db="$WORK/store-$size.sqlite"
  serve "schema-$size" "$db"; kill "$PID"; wait "$PID" 2>/dev/null || true
  python3 - "$db" "$size" <<'PY'
import sqlite3, sys
db, size = sys.argv[1], int(sys.argv[2])
con = sqlite3.connect(db)
def rows():
    for i in range(1, size + 1):
        user = "heavy" if i % 10 == 0 else "rare" if (i - 1) % (size // 10) == 0 else f"user{i % 1000}"
        yield (user, "subject %d" % i, "message number %d, of a store of %d" % (i, size))
con.executemany("INSERT INTO message (user, subject, message) VALUES (?, ?, ?)", rows())
con.commit()
con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
con.close()
PY
  serve "api-$size" "$db"; PORTS[$size]=$PORT
  base="http://127.0.0.1:$PORT/proto/messages"
  LAST[$size]="m$(( size - 500 ))"
  HEAVYLAST[$size]="m$(( size - 1000 ))"  # heavy's messages are ids 10, 20, …: the last 100 follow this one
  [ "$(curl -sf "$base?cursor=${LAST[$size]}" | grep -o '"subject"' | wc -l)" = 500 ] || { echo "error: store $size is not as built" >&2; exit 2; }
  [ "$(curl -sf "$base/heavy?limit=100&cursor=${HEAVYLAST[$size]}" | grep -o '"subject"' | wc -l)" = 100 ] || { echo "error: heavy's last page in store $size" >&2; exit 2; }
  [ "$(curl -sf "$base/rare" | grep -o '"subject"' | wc -l)" = 10 ] || { echo "error: rare's messages in store $size" >&2; exit 2; }
done

run() {  # NAME URL
  wrk -t "$THREADS" -c "$CONNECTIONS" --latency -d "$WARMUP" "$2" >/dev/null
  wrk -t "$THREADS" -c "$CONNECTIONS" --latency -d "$DURATION" "$2" >"$WORK/$1.wrk"
}
rps() { awk '/^Requests\/sec:/ {print $2}' "$WORK/$1.wrk"; }
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
ENDPOINTS=(all all-last heavy heavy-last rare)
declare -A RPS P50 P99 ERR BYTES
for round in $(seq 1 "$ROUNDS"); do
  for size in $SIZES; do
    base="http://127.0.0.1:${PORTS[$size]}/proto/messages"
    declare -A URL=([all]="$base" [all-last]="$base?cursor=${LAST[$size]}" [heavy]="$base/heavy?limit=100"
                    [heavy-last]="$base/heavy?limit=100&cursor=${HEAVYLAST[$size]}" [rare]="$base/rare")
    for e in "${ENDPOINTS[@]}"; do
      key="$e.$size"
      run "$key.$round" "${URL[$e]}"
      RPS[$key]+="$(rps "$key.$round") "; P50[$key]+="$(percentile "$key.$round" 50) "; P99[$key]+="$(percentile "$key.$round" 99) "
      ERR[$key]=$(( ${ERR[$key]:-0} + $(errors "$key.$round") ))
      [ "$round" = 1 ] && BYTES[$key]=$(curl -sf "${URL[$e]}" | wc -c)
    done
  done
  echo "round $round done"
done

first=${SIZES%% *}
echo
echo "medians over $ROUNDS rounds:"
printf '| %-10s | %9s | %10s | %9s | %9s | %12s | %10s | %6s |\n' endpoint stored "requests/s" "p50 (ms)" "p99 (ms)" "p50 vs $first" "body bytes" errors
printf '|%s|%s|%s|%s|%s|%s|%s|%s|\n' ------------ ----------- ------------ ----------- ----------- -------------- ------------ --------
for e in "${ENDPOINTS[@]}"; do
  base50=$(echo "${P50[$e.$first]}" | median)
  for size in $SIZES; do
    key="$e.$size"; m50=$(echo "${P50[$key]}" | median)
    printf '| %-10s | %9s | %10s | %9s | %9s | %12s | %10s | %6s |\n' "$e" "$size" "$(echo "${RPS[$key]}" | median)" \
      "$m50" "$(echo "${P99[$key]}" | median)" "$(awk -v a="$m50" -v b="$base50" 'BEGIN {printf "%.2fx", a / b}')" "${BYTES[$key]}" "${ERR[$key]}"
  done
done
