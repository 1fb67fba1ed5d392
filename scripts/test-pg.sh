#!/usr/bin/env bash
# The API tests again, on PostgreSQL: each test worker creates its own throwaway database
# (sidasek_test_<run>_…) on the server at 127.0.0.1:5432, and this script drops them at the end.
# Where no server answers there, pg_virtualenv -t makes a temporary cluster for the run.
set -euo pipefail
cd "$(dirname "$0")/.."

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

export TEST_DB=postgres TEST_DB_PREFIX="sidasek_test_$$"
cleanup() {
  psql -d postgres -Atqc "select datname from pg_database where datname like '${TEST_DB_PREFIX}\_%'" 2>/dev/null |
    while read -r db; do [ -n "$db" ] && dropdb --if-exists "$db" 2>/dev/null || true; done
}
trap cleanup EXIT
npx vitest run server "$@"
