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
# override. Without it, only the lab screens are audited.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -c "import importlib.util,sys; sys.exit(0 if importlib.util.find_spec('axe_playwright_python') else 1)" 2>/dev/null \
  || python3 -m pip install --quiet --no-deps axe-playwright-python >&2
axe=$(python3 -c "import importlib.util,os; print(os.path.join(os.path.dirname(importlib.util.find_spec('axe_playwright_python').origin), 'axe.min.js'))")
[ -s "$axe" ] || { echo "error: no axe.min.js at $axe" >&2; exit 1; }
axe_version=$(grep -o 'axe v[0-9.]*' "$axe" | head -1 || true)

nice -n 10 swift build --product lab >/dev/null
nice -n 10 swift build --product AuditBench >/dev/null
bin=$(swift build --show-bin-path)
work=$(mktemp -d)
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"' EXIT

port=${PORT:-18080}
"$bin/lab" serve --port "$port" --db "$work/messages.sqlite" >"$work/lab.log" 2>&1 &
pids+=($!)
for _ in $(seq 200); do curl -sf "http://127.0.0.1:$port/" >/dev/null && break; sleep 0.1; done
base="http://127.0.0.1:$port"
urls=("$base/" "$base/animals" "$base/animals/filter" "$base/animals/animal/lion" "$base/trivia" "$base/toggles"
      "$base/toggles/switches" "$base/messages" "$base/messages/add" "$base/messages/find" "$base/messages/all")

git_dir=${TODOMVC_GIT:-/work/.mirror/tastejs+todomvc/repo}
commit=${TODOMVC_COMMIT:-ff43b02e59dfa604386bb382034b2cd07c2bcd8a}
if git --git-dir="$git_dir" cat-file -e "$commit^{commit}" 2>/dev/null; then
  app="$work/todomvc/examples/typescript-react"
  mkdir -p "$work/todomvc"
  git --git-dir="$git_dir" archive "$commit" \
    examples/typescript-react/index.html examples/typescript-react/js/bundle.js \
    examples/typescript-react/node_modules/director/build/director.js \
    examples/typescript-react/node_modules/todomvc-common/base.css \
    examples/typescript-react/node_modules/todomvc-app-css/index.css \
    2> >(grep -v "^error: invalid object" >&2) | tar -x -C "$work/todomvc"
  python3 - "$app" >"$work/static.url" 2>/dev/null <<'PY' &
import functools, http.server, sys
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
handler.log_message = lambda *args: None
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
print(f"http://127.0.0.1:{server.server_address[1]}", flush=True)
server.serve_forever()
PY
  pids+=($!)
  for _ in $(seq 200); do [ -s "$work/static.url" ] && break; sleep 0.05; done
  todo=$(head -1 "$work/static.url")
  # Empty, and with two to-dos (one completed) so the list, footer and toggles are on screen.
  urls+=("$todo/index.html" "$todo/index.html#seeded")
else
  echo "note: no TodoMVC commit $commit in $git_dir; auditing the lab screens only" >&2
fi

echo "axe-core: ${axe_version:-?} ($axe); browser: ${LAB_BROWSER:-default}; $(date -u +%F)"
flags=()
[ "${DETAILS:-0}" = 1 ] && flags+=(--details)
nice -n 10 "$bin/AuditBench" --axe "$axe" "${flags[@]}" "${urls[@]}"
