# Shared by the server benchmarks (messages-api.sh, messages-paging.sh, slow-clients.sh):
# source it from the project root. Sets WORK (a temporary folder, removed at exit) and PIDS
# (background servers, killed at exit).

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
