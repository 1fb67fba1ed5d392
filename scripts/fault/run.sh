#!/usr/bin/env bash
# npm run test:faults [-- scenario …]: the long crash and fault runs of docs/reliability.md.
#
#   crash             the API killed (SIGKILL) 20 times and PostgreSQL killed (kill -9) 3 times
#                     under concurrent writes and uploads; every acknowledged write checked
#   negative-control  the same database kills with durability switched off: the checker must
#                     find acknowledged writes missing
#   outage            PostgreSQL stopped for 10 s under load: 503 envelopes within 2 s, no restart
#   sigterm           SIGTERM drains requests in progress (PostgreSQL and PGlite), exit codes
#   commit-reply      BEGIN fails / the COMMIT reply is lost (TCP proxy): no crash, nothing half-written
#   uploads           crafted JPEGs and 9.8 MB PDFs at once (PostgreSQL and PGlite): health 2xx within 1 s,
#                     logins succeed, the JPEGs refused (docs/security.md)
#   timing            the default suite's test files that measure time, with their wall-clock limits
#                     (server/test/wall-clock.ts: health within 300 ms while hostile uploads are
#                     checked, 503 envelopes within 2 s, …): on a quiet machine only
#
# Each scenario makes its own PostgreSQL 15 cluster in a temporary folder on a free port (the
# server at 127.0.0.1:5432 is never touched) and removes it afterwards (FAULT_KEEP=1 keeps it).
# Results and logs: .tmp/faults (FAULT_OUT). Counts: API_KILLS, DB_KILLS, OUTAGE_SECONDS.
set -uo pipefail
cd "$(dirname "$0")/../.."

export FAULT_OUT="${FAULT_OUT:-$PWD/.tmp/faults}"
export PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
if [ ! -x "$PG_BIN/initdb" ]; then
  echo "PostgreSQL 15 server programs not found in $PG_BIN (apt-get install postgresql-15, or set PG_BIN)" >&2
  exit 1
fi
if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
  echo "Running as root needs the postgres user (the clusters run as postgres)" >&2
  exit 1
fi

all=(crash negative-control outage sigterm commit-reply uploads timing)
selected=("$@")
[ ${#selected[@]} -eq 0 ] && selected=("${all[@]}")

rm -rf "$FAULT_OUT"
mkdir -p "$FAULT_OUT"
for s in "${selected[@]}"; do
  case "$s" in
    crash) cmd=(scripts/fault/crash.ts) ;;
    negative-control) cmd=(scripts/fault/crash.ts --negative-control) ;;
    outage) cmd=(scripts/fault/outage.ts) ;;
    sigterm) cmd=(scripts/fault/sigterm.ts) ;;
    commit-reply) cmd=(scripts/fault/commit-reply.ts) ;;
    uploads) cmd=(scripts/fault/uploads.ts) ;;
    timing) cmd=(scripts/fault/timing.ts) ;;
    *) echo "unknown scenario: $s (one of: ${all[*]})" >&2; exit 2 ;;
  esac
  echo "=== $s ==="
  node --import tsx "${cmd[@]}" 2>&1 | tee -a "$FAULT_OUT/run.log"
done

node --import tsx scripts/fault/summary.ts "${selected[@]}"
