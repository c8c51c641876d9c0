#!/usr/bin/env bash
# Real-world benchmark: TodoMVC's own Playwright spec (the demo-todo-app.spec.ts that
# `npm init playwright` shipped), ported case by case to UIAutomation (bench/RealWorldBench,
# release build) and to Playwright for Python (bench/realworld_playwright.py), both run
# against TodoMVC's TypeScript + React app (tastejs/todomvc, examples/typescript-react)
# served on 127.0.0.1 by a tiny static server. Same browser binary and flags, same desktop
# viewport; every case in a fresh isolated context (ours: a fresh Application launch;
# Playwright: a new context per test, as its runner does); timed from context creation to
# the end of the case body on both sides. The clients alternate over ROUNDS rounds.
# Prints a Markdown table per case: verdicts, medians, ratio ours / Playwright.
#
# Usage: bench/realworld.sh [ROUNDS]          (default 5)
#
# The app is not in this repository. Fetch it first, then this script extracts it with
# `git archive` into .build/realworld/ at bench time:
#   - with the agent tools: fetch github:tastejs/todomvc  (→ /work/.mirror/tastejs+todomvc/repo)
#   - or: git clone --bare https://github.com/tastejs/todomvc /work/.mirror/tastejs+todomvc/repo
# Settings (environment):
#   TODOMVC_GIT     the todomvc git directory (default /work/.mirror/tastejs+todomvc/repo)
#   TODOMVC_COMMIT  the commit to take the app from (default ff43b02e59df…, the one measured)
#   TODOMVC_APP     an already extracted app folder (holding index.html); skips git archive
#   CASES           only the cases whose name contains this text
#   SPARE=0         UIAutomation without the next launch's context made ready in the background
# Installs the `playwright` package from PyPI with pip if it is missing (never runs
# `playwright install`: Playwright drives the system chromium-headless-shell).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-browser
ensure_browser >/dev/null
browser=$(find_browser)
rounds=${1:-5}
filter=${CASES:-}

git_dir=${TODOMVC_GIT:-/work/.mirror/tastejs+todomvc/repo}
commit=${TODOMVC_COMMIT:-ff43b02e59dfa604386bb382034b2cd07c2bcd8a}
app=${TODOMVC_APP:-}
if [ -z "$app" ]; then
  if ! git --git-dir="$git_dir" cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "error: no tastejs/todomvc commit $commit in $git_dir." >&2
    echo "Fetch it first (agent tools: fetch github:tastejs/todomvc), or set TODOMVC_GIT / TODOMVC_APP." >&2
    exit 1
  fi
  app=.build/realworld/todomvc-${commit:0:12}/examples/typescript-react
  if [ ! -s "$app/js/bundle.js" ]; then
    mkdir -p ".build/realworld/todomvc-${commit:0:12}"
    # Only what the page loads (index.html and its four assets) and the license files. (A
    # partial mirror lacks some large blobs elsewhere in the example; git names them, harmlessly.)
    git --git-dir="$git_dir" archive "$commit" \
      examples/typescript-react/index.html examples/typescript-react/js/bundle.js \
      examples/typescript-react/node_modules/director/build/director.js \
      examples/typescript-react/node_modules/todomvc-common/base.css \
      examples/typescript-react/node_modules/todomvc-app-css/index.css \
      examples/typescript-react/node_modules/todomvc-app-css/license \
      examples/typescript-react/node_modules/todomvc-common/license license.md \
      2> >(grep -v "^error: invalid object" >&2) | tar -x -C ".build/realworld/todomvc-${commit:0:12}"
  fi
fi
[ -s "$app/index.html" ] || { echo "error: no index.html in $app" >&2; exit 1; }

python3 -c "import playwright" 2>/dev/null || python3 -m pip install --quiet playwright >&2

swift build -c release --product RealWorldBench >/dev/null
bench=.build/release/RealWorldBench
work=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill $server 2>/dev/null; rm -rf "$work"' EXIT
# A static server on 127.0.0.1, port chosen by the system; prints its URL; no request log.
python3 - "$app" >"$work/server.url" 2>/dev/null <<'PY' &
import functools, http.server, sys
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
handler.log_message = lambda *args: None
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
print(f"http://127.0.0.1:{server.server_address[1]}", flush=True)
server.serve_forever()
PY
server=$!
for _ in $(seq 200); do [ -s "$work/server.url" ] && break; sleep 0.05; done
base=$(head -1 "$work/server.url")
[ -n "$base" ] || { echo "error: the static server did not start" >&2; exit 1; }

flags=$(LAB_BROWSER="$browser" "$bench" --print-arguments)
echo "load before: $(uptime)"
# Alternate the clients so drift on the machine affects both alike.
uia=() pw=()
for round in $(seq "$rounds"); do
  LAB_BROWSER="$browser" "$bench" "$base" 1 "$filter" >"$work/uia$round.json"
  python3 bench/realworld_playwright.py "$browser" "$base" 1 "$flags" "$filter" >"$work/pw$round.json"
  uia+=("$work/uia$round.json") pw+=("$work/pw$round.json")
done
echo "load after: $(uptime)"
echo "app: tastejs/todomvc ${commit} examples/typescript-react ($app), served at $base"
echo "browser: $browser ($("$browser" --version 2>/dev/null || echo unknown)); $(nproc) cores; $rounds rounds"
python3 bench/realworld_table.py "$(IFS=,; echo "${uia[*]}")" "$(IFS=,; echo "${pw[*]}")"
