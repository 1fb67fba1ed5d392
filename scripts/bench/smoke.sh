#!/usr/bin/env bash
# The benchmark's CI smoke run (issue 7): tier S in a throwaway PostgreSQL database, every phase for
# about a second, each endpoint must answer 2xx with the envelope and the table must print. Uses the
# server at 127.0.0.1:5432 (PG* variables), or a temporary cluster from pg_virtualenv -t when none
# answers there, as scripts/test-pg.sh does.
set -euo pipefail
cd "$(dirname "$0")/../.."

export PGHOST="${PGHOST:-127.0.0.1}" PGPORT="${PGPORT:-5432}" PGUSER="${PGUSER:-postgres}"
if [ -z "${SIDASEK_IN_PG_VIRTUALENV:-}" ] && ! pg_isready -q -h "$PGHOST" -p "$PGPORT" 2>/dev/null; then
  if command -v pg_virtualenv >/dev/null; then
    echo "Tidak ada PostgreSQL di $PGHOST:$PGPORT; memakai pg_virtualenv -t"
    unset PGHOST PGPORT PGUSER
    exec env SIDASEK_IN_PG_VIRTUALENV=1 pg_virtualenv -t bash "$0" "$@"
  fi
  echo "PostgreSQL tidak tersedia dan pg_virtualenv tidak terpasang" >&2
  exit 1
fi

# Own ports, so a full benchmark running on the default ones (3960/3961) does not clash.
exec npx tsx scripts/bench/bench.ts --smoke --port 3970 --bare-port 3971 "$@"
