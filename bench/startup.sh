#!/usr/bin/env bash
# Start-up of a built install on the embedded database: the first start on a new data folder (it
# creates the database), then a later start on the same folder; for each, the time to the first
# answer and the idle memory 30 s later.
# Usage: bash bench/startup.sh   (builds first if sources changed; uses port 3121 and a temporary DATA_DIR)
# The server runs with the V8 flags `npm start` gives it (package.json).
set -euo pipefail
cd "$(dirname "$0")/.."
node -e "import('./scripts/build-state.mjs').then(m => process.exit(m.buildIsStale() ? 1 : 0))" || npm run build >/dev/null
data_dir=$(mktemp -d)
port=3121

start() { DATA_DIR=$data_dir PORT=$port LOG_LEVEL=warn NODE_ENV=production node --max-semi-space-size=1 --optimize-for-size --v8-pool-size=1 dist/server/main.js >/dev/null 2>&1 & pid=$!; }
wait_up() { for _ in $(seq 1 30000); do curl -s -o /dev/null "localhost:$port/api/health" && return; sleep 0.01; done; echo "no answer"; exit 1; }

measure() {
  local begin
  begin=$(date +%s%N)
  start; wait_up
  echo "$1: first answer after $(( ($(date +%s%N) - begin) / 1000000 )) ms"
  sleep 30
  echo "$1: idle RSS after 30 s: $(( $(ps -o rss= -p "$pid") / 1024 )) MB"
  kill -TERM "$pid"; wait "$pid" || true
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
measure "first start (new data folder)"
measure "later start"
rm -rf "$data_dir"
