# Shared by the benchmarks that start servers (messages-api.sh, messages-paging.sh,
# slow-clients.sh, realworld.sh and audit-vs-axe.sh, which serve TodoMVC, and kitchensink.sh): source it from
# the project root. Sets WORK (a temporary folder, removed at exit) and PIDS (background
# servers, killed at exit).

# need_wrk : installs wrk with apt-get when run as root, else stops with exit status 2.
need_wrk() {
  command -v wrk >/dev/null && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "wrk not found: installing it with apt-get"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
  else
    echo "error: wrk is not installed (sudo apt-get install wrk)" >&2; exit 2
  fi
}

# build_release PRODUCT… : builds the products in release mode; sets BIN to where they are.
build_release() {
  echo "building release $*…"
  local product
  for product in "$@"; do swift build -c release --product "$product" >/dev/null; done
  BIN=$(swift build -c release --show-bin-path)
}

WORK=$(mktemp -d)
PIDS=()
bench_cleanup() {
  local pid
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap bench_cleanup EXIT

# start NAME COMMAND… : runs a server that prints "listening on http://HOST:PORT" in the
# background and waits (20 s at most) for that line; sets PORT and PID (kept for the cleanup).
# Not to be called in a subshell, so that PIDS reaches the cleanup.
start() {
  local name=$1; shift
  : >"$WORK/$name.out"  # exists before the background job opens it: sed below must not race it
  "$@" >"$WORK/$name.out" 2>"$WORK/$name.err" &
  PID=$!; PIDS+=("$PID"); PORT=
  for _ in $(seq 1 400); do
    PORT=$(sed -n 's|^listening on http://[^:]*:\([0-9]*\)$|\1|p' "$WORK/$name.out" || true)
    [ -n "$PORT" ] && return 0
    sleep 0.05
  done
  echo "error: $name did not start; stderr:" >&2; cat "$WORK/$name.err" >&2; exit 2
}

# TodoMVC's TypeScript + React app (tastejs/todomvc, examples/typescript-react): a public app this
# project did not write, for the benchmarks that drive a real-world page. It is not vendored:
# fetch it first (agent tools: fetch github:tastejs/todomvc, which gives the default
# TODOMVC_GIT; or git clone --bare https://github.com/tastejs/todomvc there). TODOMVC_GIT and
# TODOMVC_COMMIT (default: the commit measured) override.
TODOMVC_GIT=${TODOMVC_GIT:-/work/.mirror/tastejs+todomvc/repo}
TODOMVC_COMMIT=${TODOMVC_COMMIT:-ff43b02e59dfa604386bb382034b2cd07c2bcd8a}

# todomvc_extract DIR : extracts the app (its page, the four assets the page loads, the license
# files) with git archive into DIR, unless it is there already; sets TODOMVC_APP to the app's
# folder. Returns 1, saying nothing, when TODOMVC_GIT holds no commit TODOMVC_COMMIT (or the
# page could not be extracted from it).
todomvc_extract() {
  local dir=$1
  git --git-dir="$TODOMVC_GIT" cat-file -e "$TODOMVC_COMMIT^{commit}" 2>/dev/null || return 1
  TODOMVC_APP=$dir/examples/typescript-react
  [ -s "$TODOMVC_APP/js/bundle.js" ] && return 0
  mkdir -p "$dir"
  # A partial mirror lacks some large blobs elsewhere in the example; git names them, harmlessly.
  git --git-dir="$TODOMVC_GIT" archive "$TODOMVC_COMMIT" \
    examples/typescript-react/index.html examples/typescript-react/js/bundle.js \
    examples/typescript-react/node_modules/director/build/director.js \
    examples/typescript-react/node_modules/todomvc-common/base.css \
    examples/typescript-react/node_modules/todomvc-app-css/index.css \
    examples/typescript-react/node_modules/todomvc-app-css/license \
    examples/typescript-react/node_modules/todomvc-common/license license.md \
    2> >(grep -v "^error: invalid object" >&2) | tar -x -C "$dir" || true
  [ -s "$TODOMVC_APP/index.html" ] && [ -s "$TODOMVC_APP/js/bundle.js" ]
}

# Cypress's kitchen sink (cypress-io/cypress-example-kitchensink): a public static app (jQuery,
# Bootstrap, all its assets in the repository) with its own Cypress specs, for the second
# real-world benchmark (kitchensink.sh). Not vendored: fetch it first (agent tools: fetch
# github:cypress-io/cypress-example-kitchensink, which gives the default KITCHENSINK_GIT; or
# git clone --bare https://github.com/cypress-io/cypress-example-kitchensink there).
# KITCHENSINK_GIT and KITCHENSINK_COMMIT (default: the commit measured) override.
KITCHENSINK_GIT=${KITCHENSINK_GIT:-/work/.mirror/cypress-io+cypress-example-kitchensink/repo}
KITCHENSINK_COMMIT=${KITCHENSINK_COMMIT:-ae5284ece83008b5f9ac1982201d38a82c3a1420}

# kitchensink_extract DIR : extracts the app (app/), its license and the four specs ported
# (for reference; the ports are this repository's code) with git archive into DIR, unless it is
# there already; sets KITCHENSINK_APP to the app's folder. Returns 1, saying nothing, when
# KITCHENSINK_GIT holds no commit KITCHENSINK_COMMIT.
kitchensink_extract() {
  local dir=$1 specs=cypress/e2e/2-advanced-examples
  git --git-dir="$KITCHENSINK_GIT" cat-file -e "$KITCHENSINK_COMMIT^{commit}" 2>/dev/null || return 1
  KITCHENSINK_APP=$dir/app
  [ -s "$KITCHENSINK_APP/commands/actions.html" ] && [ -s "$dir/$specs/network_requests.cy.js" ] && return 0
  mkdir -p "$dir"
  git --git-dir="$KITCHENSINK_GIT" archive "$KITCHENSINK_COMMIT" app LICENSE \
    $specs/actions.cy.js $specs/navigation.cy.js $specs/storage.cy.js $specs/network_requests.cy.js | tar -x -C "$dir"
  [ -s "$KITCHENSINK_APP/index.html" ] && [ -s "$KITCHENSINK_APP/commands/actions.html" ]
}

# serve_static DIR [clean-urls] : serves the files of DIR on 127.0.0.1 (a port the system picks;
# no request log) in the background; sets STATIC_URL (http://127.0.0.1:PORT) once it is
# listening. With clean-urls, a path without its file's .html is served that file
# (/commands/actions is commands/actions.html), as the `serve` package the kitchen sink uses does.
# Not to be called in a subshell, so that PIDS reaches the cleanup.
serve_static() {
  : >"$WORK/static.url"
  python3 - "$1" "${2:-}" >"$WORK/static.url" 2>/dev/null <<'PY' &
import functools, http.server, os, sys
class Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def translate_path(self, path):
        local = super().translate_path(path)
        if sys.argv[2] == "clean-urls" and not os.path.exists(local) and os.path.isfile(local + ".html"):
            return local + ".html"
        return local
handler = functools.partial(Handler, directory=sys.argv[1])
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
print(f"http://127.0.0.1:{server.server_address[1]}", flush=True)
server.serve_forever()
PY
  PIDS+=($!)
  STATIC_URL=
  for _ in $(seq 200); do
    STATIC_URL=$(head -1 "$WORK/static.url")
    [ -n "$STATIC_URL" ] && return 0
    sleep 0.05
  done
  echo "error: the static server for $1 did not start" >&2; exit 1
}

# realworld_rounds BENCH PLAYWRIGHT_SIDE ROUNDS BROWSER BASE_URL FILTER : the real-world
# benchmarks' measurement (realworld.sh, kitchensink.sh): ROUNDS rounds, each running every case
# once with our side (the release executable BENCH), then with Playwright's (the Python script
# PLAYWRIGHT_SIDE, handed the browser command line BENCH uses), then the load floor of each
# case's page (bench/load_floor.py: navigate → load event by a raw client, the least any client
# can take), so drift on the machine affects all alike; prints the load before and after. Sets
# UIA_RESULTS, PW_RESULTS and FLOOR_RESULTS (the JSON files, comma-separated, for
# realworld_table.py).
realworld_rounds() {
  local bench=$1 side=$2 rounds=$3 browser=$4 base=$5 filter=$6 round flags
  local uia=() pw=() floor=()
  flags=$(LAB_BROWSER="$browser" "$bench" --print-arguments)
  echo "load before: $(uptime)"
  for round in $(seq "$rounds"); do
    LAB_BROWSER="$browser" "$bench" "$base" 1 "$filter" >"$WORK/uia$round.json"
    python3 "$side" "$browser" "$base" 1 "$flags" "$filter" >"$WORK/pw$round.json"
    python3 bench/load_floor.py "$side" "$browser" "$base" 1 "$flags" "$filter" >"$WORK/floor$round.json"
    uia+=("$WORK/uia$round.json") pw+=("$WORK/pw$round.json") floor+=("$WORK/floor$round.json")
  done
  echo "load after: $(uptime)"
  UIA_RESULTS=$(IFS=,; echo "${uia[*]}")
  PW_RESULTS=$(IFS=,; echo "${pw[*]}")
  FLOOR_RESULTS=$(IFS=,; echo "${floor[*]}")
}

# realworld_setup PRODUCT : what the real-world benchmarks need before serving their app: the
# browser (sets `browser`), the `playwright` package (installed with pip if missing; never
# `playwright install`), and the release build of PRODUCT in SCRATCH_PATH (default .build; sets
# `bench` to the executable).
realworld_setup() {
  local scratch=${SCRATCH_PATH:-.build}
  source scripts/ensure-browser
  ensure_browser >/dev/null
  browser=$(find_browser)
  python3 -c "import playwright" 2>/dev/null || python3 -m pip install --quiet playwright >&2
  swift build -c release --product "$1" --scratch-path "$scratch" >/dev/null
  bench=$scratch/release/$1
}
