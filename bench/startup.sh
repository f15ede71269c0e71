#!/usr/bin/env bash
# Start-up timing of an already built install on the embedded database, then its idle memory.
# Usage: bash bench/startup.sh   (builds first if sources changed; uses port 3121 and a temporary DATA_DIR)
# The server runs with the V8 flag `npm start` gives it (package.json).
set -euo pipefail
cd "$(dirname "$0")/.."
node -e "import('./scripts/build-state.mjs').then(m => process.exit(m.buildIsStale() ? 1 : 0))" || npm run build >/dev/null
data_dir=$(mktemp -d)
port=3121

start() { DATA_DIR=$data_dir PORT=$port LOG_LEVEL=warn node --max-semi-space-size=1 dist/server/main.js >/dev/null 2>&1 & pid=$!; }
wait_up() { for _ in $(seq 1 3000); do curl -s -o /dev/null "localhost:$port/api/health" && return; sleep 0.01; done; echo "no answer"; exit 1; }

start; wait_up; kill -TERM "$pid"; wait "$pid" || true   # first start creates the database
begin=$(date +%s%N)
start; wait_up
echo "first answer after $(( ($(date +%s%N) - begin) / 1000000 )) ms (embedded database, already built)"
sleep 30
echo "idle RSS after 30 s: $(( $(ps -o rss= -p "$pid") / 1024 )) MB"
kill -TERM "$pid"; wait "$pid" || true
rm -rf "$data_dir"
