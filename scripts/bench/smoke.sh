#!/usr/bin/env bash
# The benchmark's CI smoke run: tier S in a throwaway PostgreSQL database, every phase for
# about a second, each endpoint must answer 2xx with the envelope and the table must print, on the
# PostgreSQL that scripts/use-postgres.sh finds.
set -euo pipefail
cd "$(dirname "$0")/../.."

. scripts/use-postgres.sh

# Own ports, so a full benchmark running on the default ones (3960/3961) does not clash.
npx tsx scripts/bench/bench.ts --smoke --port 3970 --bare-port 3971 "$@"
# Passed: remember what was measured, so `npm test` skips the smoke run until the hot files change
# (scripts/bench/smoke-needed.mjs; commit scripts/bench/smoke.sum with the change).
node scripts/bench/smoke-needed.mjs --record
