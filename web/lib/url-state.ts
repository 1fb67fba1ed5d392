import { useSearchParams } from 'react-router';

type Value = string | number | boolean;

/**
 * A list's state (filters, search, page) kept in the URL's query (issue 25.5), so reload and
 * "back" return to the same list. `defaults` gives each field's type and default; `keys` the
 * query name when it differs from the field's (e.g. `cari` → `q`). Numbers are whole and at
 * least 1, booleans are written as `1`; a value equal to its default is left out of the URL.
 * `set` replaces the history entry and goes back to page 1 unless it sets `page` itself.
 */
export function useUrlState<T extends Record<string, Value>>(defaults: T, keys: Partial<Record<keyof T, string>> = {}) {
  const [sp, setSp] = useSearchParams();
  const keyOf = (field: keyof T) => keys[field] ?? String(field);
  const state = Object.fromEntries(
    Object.entries(defaults).map(([field, def]) => {
      const raw = sp.get(keyOf(field));
      if (raw === null) return [field, def];
      if (typeof def === 'number') return [field, Math.max(1, Math.floor(Number(raw))) || def];
      if (typeof def === 'boolean') return [field, raw === '1'];
      return [field, raw.trim()];
    }),
  ) as T;
  const set = (change: Partial<T>) => {
    const next = { ...state, ...('page' in defaults && !('page' in change) ? { page: 1 } : {}), ...change };
    const out = new URLSearchParams();
    for (const [field, value] of Object.entries(next)) {
      if (value === defaults[field]) continue;
      out.set(keyOf(field), typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
    }
    setSp(out, { replace: true });
  };
  return [state, set] as const;
}
