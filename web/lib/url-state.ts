import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

type Value = string | number | boolean;

/**
 * What the writer still waits to see in the URL after `url` is rendered: the writes after the one
 * `url` shows. A navigation is rendered in a transition, so the render of an earlier write can come
 * after a later write was made; only when the URL shows the last write (or something no write made:
 * the back button, a link) is nothing pending any more.
 */
export function stillPending(pending: readonly string[], url: string): string[] {
  const i = pending.indexOf(url);
  return i < 0 ? [] : pending.slice(i + 1);
}

/**
 * The query string and a writer that derives the next query from the current one (replacing the
 * history entry). Two changes in a row (a filter, then a search before the list re-rendered) keep
 * both: the second starts from what the first wrote, not from the URL of the last render, until
 * the URL shows the last write (`stillPending`).
 */
export function useSearchWriter(): [URLSearchParams, (next: (current: URLSearchParams) => URLSearchParams) => void] {
  const [sp, setSp] = useSearchParams();
  const written = useRef<URLSearchParams | null>(null);
  const pending = useRef<string[]>([]);
  useEffect(() => {
    pending.current = stillPending(pending.current, sp.toString());
    if (!pending.current.length) written.current = null;
  }, [sp]);
  const write = (next: (current: URLSearchParams) => URLSearchParams) => {
    const out = next(written.current ?? sp);
    written.current = out;
    pending.current = [...pending.current, out.toString()];
    setSp(out, { replace: true });
  };
  return [sp, write];
}

/**
 * A list's state (filters, search, page) kept in the URL's query, so reload and
 * "back" return to the same list. `defaults` gives each field's type and default; `keys` the
 * query name when it differs from the field's (e.g. `cari` → `q`). Numbers are whole and at
 * least 1, booleans are written as `1`; a value equal to its default is left out of the URL.
 * `set` replaces the history entry and goes back to page 1 unless it sets `page` itself.
 */
export function useUrlState<T extends Record<string, Value>>(defaults: T, keys: Partial<Record<keyof T, string>> = {}) {
  const [sp, write] = useSearchWriter();
  const keyOf = (field: keyof T) => keys[field] ?? String(field);
  const read = (params: URLSearchParams) =>
    Object.fromEntries(
      Object.entries(defaults).map(([field, def]) => {
        const raw = params.get(keyOf(field));
        if (raw === null) return [field, def];
        if (typeof def === 'number') return [field, Math.max(1, Math.floor(Number(raw))) || def];
        if (typeof def === 'boolean') return [field, raw === '1'];
        return [field, raw.trim()];
      }),
    ) as T;
  const state = read(sp);
  const set = (change: Partial<T>) =>
    write((current) => {
      const next = { ...read(current), ...('page' in defaults && !('page' in change) ? { page: 1 } : {}), ...change };
      const out = new URLSearchParams();
      for (const [field, value] of Object.entries(next)) {
        if (value === defaults[field]) continue;
        out.set(keyOf(field), typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
      }
      return out;
    });
  return [state, set] as const;
}
