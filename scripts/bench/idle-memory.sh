#!/usr/bin/env bash
# Resident memory of an idle app process on PostgreSQL (docs/performance.md, "Memory of the app
# process"): bash scripts/bench/idle-memory.sh [node options…]. A throwaway database with the demo
# data is made on the first run (sidasek_idle_memory) and kept; the server starts with the options
# given (default: those of scripts/server-command.mjs), 5 s after it is healthy three administrator
# logins are made, 3 s later VmRSS and VmHWM are printed and the server stopped.
set -euo pipefail
cd "$(dirname "$0")/../.."
PORT=${PORT:-3699}
DB=sidasek_idle_memory
psql -h 127.0.0.1 -U postgres -qtAc "select 1 from pg_database where datname = '$DB'" | grep -q 1 || psql -h 127.0.0.1 -U postgres -qc "create database $DB"
opts=("$@")
[ ${#opts[@]} -gt 0 ] || mapfile -t opts < <(node -e "import('./scripts/server-command.mjs').then((m) => console.log([...m.SERVER_NODE_OPTIONS, ...m.SERVER_PRELOAD].join('\n')))")
data=$(mktemp -d)
DATABASE_URL=postgres://postgres@127.0.0.1:5432/$DB DATA_DIR=$data FILE_STORE=postgres PORT=$PORT HOST=127.0.0.1 LOG_LEVEL=warn DEMO_SEED=true ADMIN_PASSWORD= \
  node "${opts[@]}" server/main.ts > "$data/log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -rf "$data"' EXIT
for _ in $(seq 1 180); do curl -sf -m 2 "http://127.0.0.1:$PORT/api/health" > /dev/null && break; sleep 1; done
sleep 5
for _ in 1 2 3; do curl -s -m 5 -X POST "http://127.0.0.1:$PORT/api/auth/login" -H 'content-type: application/json' -d '{"username":"admin","password":"admin12345"}' > /dev/null; done
sleep 3
echo "node ${opts[*]} server/main.ts: $(grep -E 'VmRSS|VmHWM' /proc/$pid/status | tr -s ' \t\n' ' ')"
