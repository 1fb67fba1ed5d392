import type { ReactNode } from 'react';
import { MSG } from '#contract/messages.ts';

/** What a list query says about itself (a react-query result). */
export interface ListQuery {
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * One way to show a list's state where its rows would be: nothing while it loads (the
 * table's spinner says so), "Gagal memuat data" with "Muat ulang" after a failure, and 'Data
 * Kosong' only for a list that loaded and is empty. The screen's own failure line (SPEC's 'check
 * your connection') stays above the list.
 */
export function listEmpty(q: ListQuery, empty: ReactNode = MSG.emptyValue): ReactNode {
  if (q.isError && !q.isFetching) {
    return (
      <span className="list-failed" data-testid="list-failed">
        Gagal memuat data.{' '}
        <button type="button" className="list-retry" onClick={() => void q.refetch()}>
          Muat ulang
        </button>
      </span>
    );
  }
  if (q.isPending || q.isFetching) return <span className="list-loading" aria-hidden="true" />;
  return typeof empty === 'string' ? <span className="list-empty-text">{empty}</span> : empty;
}
