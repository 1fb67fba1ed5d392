# Sourced (`. scripts/use-postgres.sh`, no arguments) by the scripts that need a PostgreSQL server:
# the one at 127.0.0.1:5432 or the PG* variables; where none answers there, the calling script runs
# again inside a temporary cluster made by pg_virtualenv -t, with its own arguments.
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
