#!/usr/bin/env bash
# DevTools benchmark: release build of bench/DevToolsBench against the raw CDP floor
# (bench/raw_cdp.py), same browser, same page, same run. Prints a Markdown table.
# Usage: bench/devtools.sh [scale]   (scale multiplies the number of runs; default 1)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-browser
ensure_browser >/dev/null
browser=$(find_browser)
scale=${1:-1}

swift build -c release --product DevToolsBench >/dev/null
work=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
python3 -m http.server 0 --bind 127.0.0.1 --directory bench/fixtures >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 100); do grep -q "Serving HTTP" "$work/server.log" 2>/dev/null && break; sleep 0.05; done
port=$(sed -n 's/.*port \([0-9]*\).*/\1/p' "$work/server.log" | head -1)
url="http://127.0.0.1:$port/page.html"

flags=$(LAB_BROWSER="$browser" .build/release/DevToolsBench --print-arguments)
# Alternate the clients so drift on the machine affects all alike.
for round in 1 2; do
  LAB_BROWSER="$browser" .build/release/DevToolsBench "$url" "$scale" >"$work/swift$round.json"
  LAB_BROWSER="$browser" .build/release/DevToolsBench "$url" "$scale" --on-connection-thread >"$work/loop$round.json"
  python3 bench/raw_cdp.py "$browser" "$url" "$scale" "$flags" >"$work/raw$round.json"
done
echo "browser: $browser ($("$browser" --version 2>/dev/null || echo unknown)); $(nproc) cores"
python3 bench/compare.py "DevTools=$work/swift1.json,$work/swift2.json" \
  "DevTools, Browser.run=$work/loop1.json,$work/loop2.json" "raw CDP=$work/raw1.json,$work/raw2.json"
