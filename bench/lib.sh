# Shared by the benchmarks that start servers (messages-api.sh, messages-paging.sh,
# slow-clients.sh, and realworld.sh and audit-vs-axe.sh, which serve TodoMVC): source it from
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

# serve_static DIR : serves the files of DIR on 127.0.0.1 (a port the system picks; no request
# log) in the background; sets STATIC_URL (http://127.0.0.1:PORT) once it is listening.
# Not to be called in a subshell, so that PIDS reaches the cleanup.
serve_static() {
  : >"$WORK/static.url"
  python3 - "$1" >"$WORK/static.url" 2>/dev/null <<'PY' &
import functools, http.server, sys
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
handler.log_message = lambda *args: None
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
