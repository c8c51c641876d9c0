#!/usr/bin/env bash
# Our accessibility audit and axe-core (Deque's engine, from the PyPI package
# axe-playwright-python, which ships axe.min.js) on the same pages in the same browser page:
# every lab app screen served by `lab serve` on 127.0.0.1, and TodoMVC's TypeScript + React
# app (tastejs/todomvc), a public app this project did not write, served by a static server on
# 127.0.0.1. Prints the per-page, per-check table of docs/accessibility-audit.md, then (with
# DETAILS=1) each finding only one side has.
#
# TodoMVC is not vendored: fetch it first (agent tools: fetch github:tastejs/todomvc →
# /work/.mirror/tastejs+todomvc/repo), as bench/realworld.sh does; TODOMVC_GIT/TODOMVC_COMMIT
# override, or TODOMVC_APP names an extracted app folder (see bench/lib.sh). Without it, only
# the lab screens are audited.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

python3 -c "import importlib.util,sys; sys.exit(0 if importlib.util.find_spec('axe_playwright_python') else 1)" 2>/dev/null \
  || python3 -m pip install --quiet --no-deps axe-playwright-python >&2
axe=$(python3 -c "import importlib.util,os; print(os.path.join(os.path.dirname(importlib.util.find_spec('axe_playwright_python').origin), 'axe.min.js'))")
[ -s "$axe" ] || { echo "error: no axe.min.js at $axe" >&2; exit 1; }
axe_version=$(grep -o 'axe v[0-9.]*' "$axe" | head -1 || true)

nice -n 10 swift build --product lab >/dev/null
nice -n 10 swift build --product AuditBench >/dev/null
bin=$(swift build --show-bin-path)

port=${PORT:-18080}
"$bin/lab" serve --port "$port" --db "$WORK/messages.sqlite" >"$WORK/lab.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 200); do curl -sf "http://127.0.0.1:$port/" >/dev/null && break; sleep 0.1; done
base="http://127.0.0.1:$port"
urls=("$base/" "$base/animals" "$base/animals/filter" "$base/animals/animal/lion" "$base/trivia" "$base/toggles"
      "$base/toggles/switches" "$base/messages" "$base/messages/add" "$base/messages/find" "$base/messages/all")

if [ -n "${TODOMVC_APP:-}" ] || todomvc_extract "$WORK/todomvc"; then
  serve_static "$TODOMVC_APP"
  # Empty, and with two to-dos (one completed) so the list, footer and toggles are on screen.
  urls+=("$STATIC_URL/index.html" "$STATIC_URL/index.html#seeded")
else
  echo "note: no TodoMVC commit $TODOMVC_COMMIT in $TODOMVC_GIT; auditing the lab screens only" >&2
fi

echo "axe-core: ${axe_version:-?} ($axe); browser: ${LAB_BROWSER:-default}; $(date -u +%F)"
flags=()
[ "${DETAILS:-0}" = 1 ] && flags+=(--details)
nice -n 10 "$bin/AuditBench" --axe "$axe" "${flags[@]}" "${urls[@]}"
