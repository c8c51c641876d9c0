#!/usr/bin/env bash
# Second real-world benchmark: Cypress's kitchen sink (cypress-io/cypress-example-kitchensink),
# a static app (jQuery + Bootstrap, every asset in its repository) with its own Cypress specs.
# Four of them — actions.cy.js, navigation.cy.js, storage.cy.js, network_requests.cy.js (28 cases) —
# are ported case by case to UIAutomation (bench/KitchenSinkBench, release build) and to Playwright for Python
# (bench/kitchensink_playwright.py), both run against the app's app/ folder served on 127.0.0.1
# by a tiny static server (clean URLs, as the app's own `serve` does). Same browser binary and
# flags, same desktop viewport; every case in a fresh isolated context (ours: a fresh
# Application launch; Playwright: a new context per test, as its runner does); timed from
# context creation to the end of the case body on both sides. The clients alternate over
# ROUNDS rounds. Prints a Markdown table per case: verdicts, medians, ratio ours / Playwright.
# The network spec talks to https://jsonplaceholder.cypress.io, which this machine cannot reach:
# on both sides a route plays that server from a data set generated here (500 comments, 10
# users, 100 posts, jsonplaceholder's shapes; KITCHENSINK_API_DATA names the file), by the same
# rules (bench/KitchenSinkBench/JSONPlaceholder.swift, JsonPlaceholder in the Playwright side).
#
# Usage: bench/kitchensink.sh [ROUNDS]          (default 5)
#
# The app is not in this repository. Fetch it first, then this script extracts it with
# `git archive` into .build/kitchensink/ at bench time:
#   - with the agent tools: fetch github:cypress-io/cypress-example-kitchensink
#     (→ /work/.mirror/cypress-io+cypress-example-kitchensink/repo)
#   - or: git clone --bare https://github.com/cypress-io/cypress-example-kitchensink <that path>
# Settings (environment):
#   KITCHENSINK_GIT     the kitchen sink's git directory (default: the path above)
#   KITCHENSINK_COMMIT  the commit to take the app from (default ae5284ece830…, the one measured)
#   KITCHENSINK_APP     an already extracted app folder (holding index.html); skips git archive
#   CASES               only the cases whose name contains this text
#   SPARE=0             UIAutomation without the next launch's context made ready in the background
#   SCRATCH_PATH        SwiftPM's build folder for the release build (default .build)
# Installs the `playwright` package from PyPI with pip if it is missing (never runs
# `playwright install`: Playwright drives the system chromium-headless-shell).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
realworld_setup KitchenSinkBench
rounds=${1:-5}
filter=${CASES:-}

app=${KITCHENSINK_APP:-}
if [ -z "$app" ]; then
  # Extracted once into .build/kitchensink/, kept between runs.
  if ! kitchensink_extract ".build/kitchensink/kitchensink-${KITCHENSINK_COMMIT:0:12}"; then
    echo "error: no cypress-io/cypress-example-kitchensink commit $KITCHENSINK_COMMIT in $KITCHENSINK_GIT." >&2
    echo "Fetch it first (agent tools: fetch github:cypress-io/cypress-example-kitchensink), or set KITCHENSINK_GIT / KITCHENSINK_APP." >&2
    exit 1
  fi
  app=$KITCHENSINK_APP
fi
[ -s "$app/commands/actions.html" ] || { echo "error: no commands/actions.html in $app" >&2; exit 1; }

# The stand-in server's data set, in jsonplaceholder's shapes (its ids, postId = 1 + (id - 1) / 5).
export KITCHENSINK_API_DATA=$WORK/jsonplaceholder.json
python3 - "$KITCHENSINK_API_DATA" <<'PY'
import json, sys
users = [{"id": i, "name": f"User {i}", "username": f"user{i}", "email": f"user{i}@example.invalid"} for i in range(1, 11)]
posts = [{"userId": 1 + (i - 1) // 10, "id": i, "title": f"post {i}", "body": f"the body of post {i}"} for i in range(1, 101)]
comments = [{"postId": 1 + (i - 1) // 5, "id": i, "name": f"comment {i}", "email": f"reader{i}@example.invalid",
             "body": f"the body of comment {i}"} for i in range(1, 501)]
json.dump({"users": users, "posts": posts, "comments": comments}, open(sys.argv[1], "w"))
PY

serve_static "$app" clean-urls
base=$STATIC_URL

realworld_rounds "$bench" bench/kitchensink_playwright.py "$rounds" "$browser" "$base" "$filter"
echo "app: cypress-io/cypress-example-kitchensink ${KITCHENSINK_COMMIT} app/ ($app), served at $base"
echo "browser: $browser ($("$browser" --version 2>/dev/null || echo unknown)); $(nproc) cores; $rounds rounds"
python3 bench/realworld_table.py "$UIA_RESULTS" "$PW_RESULTS" "$FLOOR_RESULTS"
