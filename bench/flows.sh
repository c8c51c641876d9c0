#!/usr/bin/env bash
# The flow engine's own cost: 1,000,000 steps of increment-and-compare, release build,
# median ns per step over 11 runs (docs/benchmarks.md, "Flows").
# Usage: bench/flows.sh [runs] [steps per run]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product FlowsBench >/dev/null
.build/release/FlowsBench "$@"
