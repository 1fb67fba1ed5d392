import type { Envelope } from '#contract/envelope.ts';
import type { Page } from '#contract/paging.ts';
import { MSG } from '#contract/messages.ts';

export function ok<T>(data: T, message: string = MSG.success): Envelope<T> {
  return { diagnostic: { status: 200, message }, data };
}

export function fail(status: number, message: string, code?: string, data: unknown = null): Envelope<unknown> {
  return { diagnostic: code ? { status, message, code } : { status, message }, data };
}

export function page<T>(rows: T[], total: number, currentPage: number, perPage: number): Page<T> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = rows.length ? (currentPage - 1) * perPage + 1 : null;
  return {
    data: rows,
    current_page: currentPage,
    last_page: lastPage,
    per_page: perPage,
    total,
    from,
    to: from === null ? null : from + rows.length - 1,
  };
}
