#!/usr/bin/env bash
# A newcomer's wait: `npm install && npm start` in a fresh clone of this repository's HEAD, timed from
# the start of `npm install` to the first answer of /api/health, with each part on its own.
# npm installs from its cache where it can (as on a machine that has installed packages before).
# Usage: bash bench/newcomer.sh   (uses port 3122 and temporary folders, removed afterwards)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
clone=$(mktemp -d)
port=3122
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
git clone --quiet "$repo" "$clone"
cd "$clone"
begin=$(date +%s%N)
npm install --no-audit --no-fund --loglevel=error >/dev/null
installed=$(ms "$begin")
echo "npm install: ${installed} ms"
started=$(date +%s%N)
PORT=$port LOG_LEVEL=warn setsid npm start >/dev/null 2>&1 &  # its own process group, stopped as one
pid=$!
until curl -s -o /dev/null "localhost:$port/api/health"; do
  kill -0 "$pid" 2>/dev/null || { echo "npm start exited without answering"; exit 1; }
  sleep 0.1
done
echo "npm start (build, then first start on a new data folder) to first answer: $(ms "$started") ms"
echo "in all, from npm install to first answer: $(ms "$begin") ms"
kill -TERM -- "-$pid"
wait "$pid" 2>/dev/null || true
cd / && rm -rf "$clone"
