#!/usr/bin/env bash
# UIAutomation benchmark: a release build of bench/UIAutomationBench against the raw CDP
# floor (bench/journey_raw.py) and Playwright for Python (bench/journey_playwright.py):
# same browser binary and flags, same phone viewport, same fixture server (served by
# `UIAutomationBench --serve`), same run, clients interleaved over 2 rounds. Measures app
# launch, one query resolution on a 100-element page, tap → idle on a navigation,
# typeText of 20 characters, screenshot, and the scripted journey (fresh context each).
# A second raw client ("raw CDP + tree", RAW_READS_TREE=1) measures tap → idle and the journey
# as the floor of a client that finds elements in the accessibility tree: it also reads the
# tree and the DOM snapshot once per new state of the page; its journey also runs from a
# context made before the clock ("journey, context made ahead"), as UIAutomation's spare pages are.
# Prints one Markdown table: medians, p95s, ratios to the raw floor, to Playwright and to the
# raw floor that reads the tree.
# Usage: [BENCH=path] bench/uiautomation.sh [scale]   (scale multiplies the number of runs; default 1)
# Installs the `playwright` package from PyPI with pip if it is missing (never runs
# `playwright install`: Playwright drives the system chromium-headless-shell).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-browser
ensure_browser >/dev/null
browser=$(find_browser)
scale=${1:-1}

python3 -c "import playwright" 2>/dev/null || python3 -m pip install --quiet playwright >&2

# BENCH=path uses an already built UIAutomationBench (say, one built with its own --scratch-path).
bench=${BENCH:-}
if [ -z "$bench" ]; then
  swift build -c release --product UIAutomationBench >/dev/null
  bench=.build/release/UIAutomationBench
fi
work=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill $server 2>/dev/null; rm -rf "$work"' EXIT
"$bench" --serve >"$work/server.url" &
server=$!
for _ in $(seq 200); do [ -s "$work/server.url" ] && break; sleep 0.05; done
base=$(head -1 "$work/server.url")
[ -n "$base" ] || { echo "error: the fixture server did not start" >&2; exit 1; }

flags=$(LAB_BROWSER="$browser" "$bench" --print-arguments)
# Alternate the clients so drift on the machine affects all alike.
for round in 1 2; do
  LAB_BROWSER="$browser" "$bench" "$base" "$scale" >"$work/uia$round.json"
  python3 bench/journey_playwright.py "$browser" "$base" "$scale" "$flags" >"$work/pw$round.json"
  python3 bench/journey_raw.py "$browser" "$base" "$scale" "$flags" >"$work/raw$round.json"
  RAW_READS_TREE=1 python3 bench/journey_raw.py "$browser" "$base" "$scale" "$flags" >"$work/rawtree$round.json"
done
echo "browser: $browser ($("$browser" --version 2>/dev/null || echo unknown)); $(nproc) cores; load: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 bench/compare.py --vs Playwright --vs "raw CDP + tree" "UIAutomation=$work/uia1.json,$work/uia2.json" \
  "Playwright=$work/pw1.json,$work/pw2.json" "raw CDP + tree=$work/rawtree1.json,$work/rawtree2.json" \
  "raw CDP=$work/raw1.json,$work/raw2.json"
