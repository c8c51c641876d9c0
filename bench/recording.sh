#!/usr/bin/env bash
# The cost of step recording (issue 14): bench/UIAutomationBench (release) in four set-ups,
# interleaved over rounds on one fixture server and one browser binary:
#   before     — a UIAutomationBench built from a commit without the recording (BASE_BENCH,
#                optional: build one with `git archive <commit> | tar -x -C DIR` and
#                `swift build -c release --product UIAutomationBench` there);
#   observers  — this tree, default observers (failure artifacts, attachments): no screenshots
#                unless a step fails;
#   step log   — plus LAB_RUN_DIR (one JSON line appended per step);
#   trace      — plus LAB_TRACE=on (a screenshot and the element tree after every action).
# Prints one Markdown table (medians, p95s, ratios to the first set-up).
# Usage: [BASE_BENCH=/path/to/UIAutomationBench] bench/recording.sh [rounds] [scale]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-browser
ensure_browser >/dev/null
browser=$(find_browser)
rounds=${1:-3}
scale=${2:-1}

swift build -c release --product UIAutomationBench >/dev/null
bench=.build/release/UIAutomationBench
work=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill $server 2>/dev/null; rm -rf "$work"' EXIT
"$bench" --serve >"$work/server.url" &
server=$!
for _ in $(seq 200); do [ -s "$work/server.url" ] && break; sleep 0.05; done
base=$(head -1 "$work/server.url")
[ -n "$base" ] || { echo "error: the fixture server did not start" >&2; exit 1; }

for round in $(seq "$rounds"); do
  if [ -n "${BASE_BENCH:-}" ]; then
    LAB_BROWSER="$browser" "$BASE_BENCH" "$base" "$scale" >"$work/before$round.json"
  fi
  LAB_BROWSER="$browser" LAB_TRACE=off "$bench" "$base" "$scale" >"$work/observers$round.json"
  rm -rf "$work/run"
  LAB_BROWSER="$browser" LAB_TRACE=off LAB_RUN_DIR="$work/run" "$bench" "$base" "$scale" >"$work/steplog$round.json"
  rm -rf "$work/run"
  LAB_BROWSER="$browser" LAB_TRACE=on LAB_RUN_DIR="$work/run" "$bench" "$base" "$scale" >"$work/trace$round.json"
done
list() { local name=$1; seq "$rounds" | sed "s|^|$work/$name|; s|$|.json|" | paste -sd, -; }
echo "browser: $browser; $(nproc) cores; load: $(cut -d' ' -f1-3 /proc/loadavg); rounds: $rounds, scale: $scale"
clients=("observers=$(list observers)" "step log=$(list steplog)" "trace=$(list trace)")
if [ -n "${BASE_BENCH:-}" ]; then
  python3 bench/compare.py "${clients[@]}" "before=$(list before)"
else
  python3 bench/compare.py "step log=$(list steplog)" "trace=$(list trace)" "observers=$(list observers)"
fi
