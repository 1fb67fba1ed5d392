#!/usr/bin/env bash
# The API tests again, on PostgreSQL: each test worker creates its own throwaway database
# (sidasek_test_<run>_…) on the PostgreSQL that scripts/use-postgres.sh finds, and this script
# drops them at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/use-postgres.sh

export TEST_DB=postgres TEST_DB_PREFIX="sidasek_test_$$"
cleanup() {
  psql -d postgres -Atqc "select datname from pg_database where datname like '${TEST_DB_PREFIX}\_%'" 2>/dev/null |
    while read -r db; do [ -n "$db" ] && dropdb --if-exists "$db" 2>/dev/null || true; done
}
trap cleanup EXIT
# The API tests, and the scripts' tests that run on either database (their PGlite run: npm run test:full).
npx vitest run server/ scripts/files-migrate.test.ts scripts/backup-files.test.ts "$@"
