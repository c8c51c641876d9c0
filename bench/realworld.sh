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
#   SCRATCH_PATH    SwiftPM's build folder for the release build (default .build)
# Installs the `playwright` package from PyPI with pip if it is missing (never runs
# `playwright install`: Playwright drives the system chromium-headless-shell).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
realworld_setup RealWorldBench
rounds=${1:-5}
filter=${CASES:-}

app=${TODOMVC_APP:-}
if [ -z "$app" ]; then
  # Extracted once into .build/realworld/, kept between runs.
  if ! todomvc_extract ".build/realworld/todomvc-${TODOMVC_COMMIT:0:12}"; then
    echo "error: no tastejs/todomvc commit $TODOMVC_COMMIT in $TODOMVC_GIT." >&2
    echo "Fetch it first (agent tools: fetch github:tastejs/todomvc), or set TODOMVC_GIT / TODOMVC_APP." >&2
    exit 1
  fi
  app=$TODOMVC_APP
fi
[ -s "$app/index.html" ] || { echo "error: no index.html in $app" >&2; exit 1; }

serve_static "$app"
base=$STATIC_URL

realworld_rounds "$bench" bench/realworld_playwright.py "$rounds" "$browser" "$base" "$filter"
echo "app: tastejs/todomvc ${TODOMVC_COMMIT} examples/typescript-react ($app), served at $base"
echo "browser: $browser ($("$browser" --version 2>/dev/null || echo unknown)); $(nproc) cores; $rounds rounds"
python3 bench/realworld_table.py "$UIA_RESULTS" "$PW_RESULTS" "$FLOOR_RESULTS"
